import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['command_r7b'], ids: 'sequential' });
const noOpenReasoning = createParser({
  formats: ['command_r7b'],
  reasoning: { startsInside: false },
});

function action(items: string): string {
  return `<|START_ACTION|>[\n    ${items}\n]<|END_ACTION|>`;
}

describe('command_r7b', () => {
  it('should read an action list, using tool_call_id as the call id', () => {
    const result = parser.parse(
      action('{"tool_call_id": "0", "tool_name": "query_db", "parameters": {"sql": "select 1"}}'),
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: '0',
        name: 'query_db',
        arguments: { sql: 'select 1' },
        format: 'command_r7b',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several calls from one action list, in order', () => {
    const result = parser.parse(
      action(
        '{"tool_call_id": "0", "tool_name": "a", "parameters": {}},\n    {"tool_call_id": "1", "tool_name": "b", "parameters": {"n": 2}}',
      ),
    );
    expect(result.calls.map((each) => [each.id, each.name, each.arguments])).toEqual([
      ['0', 'a', {}],
      ['1', 'b', { n: 2 }],
    ]);
  });

  it('should split thinking into reasoning and keep tool syntax inside it inert', () => {
    const result = parser.parse(
      `<|START_THINKING|>Maybe ${action('{"tool_call_id": "9", "tool_name": "x", "parameters": {}}')}?<|END_THINKING|>${action('{"tool_call_id": "0", "tool_name": "y", "parameters": {}}')}`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['y']);
    expect(result.reasoning).toContain('Maybe <|START_ACTION|>');
    expect(result.content).toBe('');
  });

  it('should read a response or text block as content without its tokens', () => {
    expect(parser.parse('<|START_RESPONSE|>It is 12°C.<|END_RESPONSE|>').content).toBe(
      'It is 12°C.',
    );
    expect(parser.parse('<|START_TEXT|>It is 12°C.<|END_TEXT|>').content).toBe('It is 12°C.');
  });

  it('should read text before an orphan end-of-thinking token as reasoning the template opened', () => {
    const result = parser.parse(
      `The user wants a lookup.<|END_THINKING|>${action('{"tool_call_id": "0", "tool_name": "lookup", "parameters": {}}')}`,
    );
    expect(result.reasoning).toBe('The user wants a lookup.');
    expect(result.content).toBe('');
    expect(result.calls.map((each) => each.name)).toEqual(['lookup']);
  });

  it('should drop a lone end-of-thinking token and keep the text before it as written, when reasoning never starts inside', () => {
    const result = noOpenReasoning.parse(
      `The user wants a lookup.<|END_THINKING|>${action('{"tool_call_id": "0", "tool_name": "lookup", "parameters": {}}')}`,
    );
    expect(result.content).toBe('The user wants a lookup.');
    expect(result.reasoning).toBe('');
    expect(result.calls.map((each) => each.name)).toEqual(['lookup']);
  });

  it('should drop a stray end-of-thinking token after a response', () => {
    const result = noOpenReasoning.parse(
      '<|START_RESPONSE|>Hi.<|END_RESPONSE|> and <|END_THINKING|>',
    );
    expect(result.content).toBe('Hi. and ');
    expect(result.reasoning).toBe('');
  });

  it('should accept a complete action whose end token never came, recording the repair', () => {
    const result = parser.parse(
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "ping", "parameters": {}}]',
    );
    expect(result.calls.map((each) => each.name)).toEqual(['ping']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse an action cut off inside its JSON', () => {
    const result = parser.parse(
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "ping", "parameters": {"host": "a',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => each.reason)).toEqual(['incomplete']);
  });

  it('should report an action that is not JSON and an item without a tool name', () => {
    const result = parser.parse(
      `<|START_ACTION|>ping the host<|END_ACTION|>${action('{"tool_call_id": "0", "parameters": {}}')}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
  });

  it('should take tool_call_id as the id only where it comes before the arguments', () => {
    // A stream announces a call, id and all, at its arguments' `{`: an id after them is too late.
    const result = parser.parse(
      action(
        '{"tool_call_id": "4", "tool_name": "a", "parameters": {}},\n    {"tool_name": "b", "parameters": {}, "tool_call_id": "5"},\n    {"tool_call_id": 6, "tool_name": "c", "parameters": {}}',
      ),
    );
    expect(result.calls.map((each) => [each.name, each.id])).toEqual([
      ['a', '4'],
      ['b', expect.stringMatching(/^call_/)],
      ['c', '6'],
    ]);
  });

  it('should refuse a call object it cannot read by the name and id its head spells', () => {
    const result = parser.parse(
      action(
        '{"tool_call_id": "0", "tool_name": "a", "parameters": {}, "tool_name": "b"},\n    {"tool_call_id": "1", "tool_name": "c", "parameters": {}}',
      ),
    );
    expect(result.rejected.map((each) => [each.name, each.id, each.reason])).toEqual([
      ['a', '0', 'malformed'],
    ]);
    expect(result.calls.map((each) => [each.name, each.id])).toEqual([['c', '1']]);
  });

  it('should refuse every call a stream started when the list cannot be read call by call', () => {
    const result = parser.parse(
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "a", "parameters": {"n": 1}}, {"tool_call_id": "1", "tool_name": "b", "parameters": {"n": 2}}] and more<|END_ACTION|>',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => [each.name, each.id, each.reason])).toEqual([
      ['a', '0', 'malformed'],
      ['b', '1', 'malformed'],
    ]);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ formats: 'auto' }).parse(
      action('{"tool_call_id": "0", "tool_name": "ping", "parameters": {}}'),
    );
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([['ping', 'command_r7b']]);
  });
});
