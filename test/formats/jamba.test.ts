import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['jamba'], ids: 'sequential' });

describe('jamba', () => {
  it('should read a list of calls between the tags', () => {
    const result = parser.parse(
      '<tool_calls>[\n  {"name": "quote", "arguments": {"symbol": "AI21"}},\n  {"name": "news", "arguments": {"limit": 3}}\n]</tool_calls>',
    );
    expect(
      result.calls.map(({ name, arguments: args, format }) => ({ name, args, format })),
    ).toEqual([
      { name: 'quote', args: { symbol: 'AI21' }, format: 'jamba' },
      { name: 'news', args: { limit: 3 }, format: 'jamba' },
    ]);
  });

  it('should keep prose around the tags as content', () => {
    const result = parser.parse(
      'Checking. <tool_calls>[{"name": "quote", "arguments": {}}]</tool_calls> Back soon.',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['quote']);
    expect(result.content).toBe('Checking.  Back soon.');
  });

  it('should accept a complete list whose close tag never came, recording the repair', () => {
    const result = parser.parse('<tool_calls>[{"name": "quote", "arguments": {}}]');
    expect(result.calls.map((call) => call.name)).toEqual(['quote']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a list cut off by the end of the output', () => {
    const result = parser.parse('<tool_calls>[{"name": "quote", "arguments": {"symbol": "AI');
    expect(result.calls).toEqual([]);
  });

  it('should report a list that is not JSON and find no call', () => {
    const result = parser.parse('<tool_calls>[quote(symbol=AI21)]</tool_calls>');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should leave a payload that is not a list to other formats', () => {
    const text = '<tool_calls>{"name": "quote", "arguments": {}}</tool_calls>';
    const withMinimax = createParser({ formats: ['jamba', 'minimax'] });
    expect(withMinimax.parse(text).calls.map((call) => call.format)).toEqual(['minimax']);
    // Alone, jamba refuses it rather than leave it in the content.
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.message)).toEqual([
      '<tool_calls> does not hold a call written as jamba',
    ]);
  });

  it('should report a call without a name', () => {
    const result = parser.parse('<tool_calls>[{"arguments": {"a": 1}}]</tool_calls>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });
});
