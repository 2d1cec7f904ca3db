import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['internlm'], ids: 'sequential' });

function action(payload: string, executor = '<|plugin|>'): string {
  return `<|action_start|>${executor}${payload}<|action_end|>`;
}

describe('internlm', () => {
  it('should read a plugin action with name and parameters', () => {
    const result = parser.parse(
      action('{"name": "search_papers", "parameters": {"query": "PEG", "year": 2004}}'),
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'search_papers',
        arguments: { query: 'PEG', year: 2004 },
        format: 'internlm',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read a list of call objects in one action', () => {
    const result = parser.parse(
      action('[{"name": "a", "parameters": {}}, {"name": "b", "parameters": {"k": 1}}]'),
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'a', args: {} },
      { name: 'b', args: { k: 1 } },
    ]);
  });

  it('should keep the prose around actions as content and read each action', () => {
    const text = `I will search twice. ${action('{"name": "a", "parameters": {}}')}\n${action('\n{"name": "b", "parameters": {"k": 1}}\n')} done`;
    const result = parser.parse(text);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['a', {}],
      ['b', { k: 1 }],
    ]);
    expect(result.content).toBe('I will search twice. \n done');
  });

  it('should read a call whose executor token is missing as a plugin call', () => {
    const result = parser.parse('<|action_start|>{"name": "ping", "parameters": {}}<|action_end|>');
    expect(result.calls.map((each) => each.name)).toEqual(['ping']);
  });

  it('should not read an interpreter action as a tool call', () => {
    const result = parser.parse(action('```python\nprint(1)\n```', '<|interpreter|>'));
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should accept a complete call whose end token never came, recording the repair', () => {
    const result = parser.parse(
      '<|action_start|><|plugin|>{"name": "ping", "parameters": {"host": "a"}}',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'ping', arguments: { host: 'a' } }),
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its JSON', () => {
    const result = parser.parse(
      '<|action_start|><|plugin|>{"name": "ping", "parameters": {"host": ',
    );
    expect(result.calls).toEqual([]);
  });

  it('should report a payload that is not JSON and a call without a name', () => {
    const result = parser.parse(
      `${action('ping the host')}${action('{"parameters": {"host": "a"}}')}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
  });

  it('should end an empty action at its close token, not read that token as the executor', () => {
    const result = parser.parse(
      `<|action_start|><|action_end|> then ${action('{"name": "ping", "parameters": {}}')} done`,
    );
    expect(result.calls.map((call) => call.name)).toEqual(['ping']);
    expect(result.content).toBe(' then  done');
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ formats: 'auto' }).parse(
      action('{"name": "ping", "parameters": {}}'),
    );
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([['ping', 'internlm']]);
  });
});
