import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['openai_json'], ids: 'sequential' });

describe('openai_json', () => {
  it('should decode string arguments of every entry and keep the entry ids', () => {
    const text = JSON.stringify({
      tool_calls: [
        { id: 'call_a', type: 'function', function: { name: 'lookup', arguments: '{"sku":"A"}' } },
        { id: 'call_b', type: 'function', function: { name: 'lookup', arguments: '{"sku":"B"}' } },
      ],
    });
    const result = parser.parse(text);
    expect(result.calls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ['call_a', 'lookup', { sku: 'A' }],
      ['call_b', 'lookup', { sku: 'B' }],
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('arguments-as-string');
  });

  it('should accept arguments given as an object', () => {
    const result = parser.parse(
      '{"tool_calls": [{"function": {"name": "f", "arguments": {"n": 1}}}]}',
    );
    expect(result.calls[0]?.arguments).toEqual({ n: 1 });
  });

  it('should report an entry whose arguments string is not a JSON object', () => {
    const result = parser.parse(
      '{"tool_calls": [{"function": {"name": "f", "arguments": "not json"}}]}',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues[0]?.code).toBe('malformed-tool-call');
  });

  it('should decline an object without a tool_calls list', () => {
    expect(parser.parse('{"content": "hello"}').calls).toEqual([]);
  });

  it('should read tool_calls however the key is spelled: single-quoted, bare or escaped', () => {
    // The object is declined unread when no key can be tool_calls: each of these can.
    const list = '[{"function": {"name": "f", "arguments": "{}"}}]';
    for (const key of ["'tool_calls'", 'tool_calls', '"tool\\u005fcalls"', '"\\u0074ool_calls"']) {
      const result = parser.parse(`{${key}: ${list}}`);
      expect([key, result.calls.map((call) => call.name)]).toEqual([key, ['f']]);
    }
  });
});
