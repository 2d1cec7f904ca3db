import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['longcat'], ids: 'sequential' });

describe('longcat', () => {
  it('should read one call between the tags', () => {
    const result = parser.parse(
      '<longcat_tool_call>{"name": "book_table", "arguments": {"guests": 4}}</longcat_tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'book_table', arguments: { guests: 4 }, format: 'longcat' }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read several calls and keep the prose between them', () => {
    const result = parser.parse(
      'First:\n<longcat_tool_call>{"name": "a", "arguments": {}}</longcat_tool_call>\nthen\n<longcat_tool_call>{"name": "b", "arguments": {"k": "v"}}</longcat_tool_call>',
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'a', args: {} },
      { name: 'b', args: { k: 'v' } },
    ]);
    expect(result.content).toBe('First:\n\nthen\n');
  });

  it('should read a list of call objects inside one tag', () => {
    const result = parser.parse(
      '<longcat_tool_call>[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"k": 1}}]</longcat_tool_call>',
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'a', args: {} },
      { name: 'b', args: { k: 1 } },
    ]);
  });

  it('should accept a complete call whose close tag never came, recording the repair', () => {
    const result = parser.parse('<longcat_tool_call>{"name": "sync", "arguments": {}}');
    expect(result.calls.map((call) => call.name)).toEqual(['sync']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a call cut off inside its JSON', () => {
    const result = parser.parse('<longcat_tool_call>{"name": "sync", "arguments": {"full": tr');
    expect(result.calls).toEqual([]);
  });

  it('should report a body that is not a call and find none', () => {
    const result = parser.parse('<longcat_tool_call>{"arguments": {}}</longcat_tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should be found in auto mode', () => {
    const result = createParser().parse(
      '<longcat_tool_call>{"name": "sync", "arguments": {}}</longcat_tool_call>',
    );
    expect(result.calls.map((call) => call.format)).toEqual(['longcat']);
  });
});
