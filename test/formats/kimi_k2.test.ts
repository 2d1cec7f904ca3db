import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['kimi_k2'], ids: 'sequential' });

const OPEN = '<|tool_calls_section_begin|>';
const CLOSE = '<|tool_calls_section_end|>';

function call(id: string, args: string): string {
  return `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
}

describe('kimi_k2', () => {
  it('should read one call, taking the name from the functions.NAME:IDX id', () => {
    const result = parser.parse(
      `${OPEN}${call('functions.book_table:0', '{"guests": 4}')}${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'functions.book_table:0',
        name: 'book_table',
        arguments: { guests: 4 },
        format: 'kimi_k2',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several calls in one section, in order, with their own ids', () => {
    const text = `${OPEN}${call('functions.find_flight:0', '{"to": "LIS"}')}\n${call('functions.find_hotel:1 ', '{"city": "Lisbon", "nights": 2}')}${CLOSE}`;
    const result = parser.parse(text);
    expect(result.calls.map((each) => [each.id, each.name, each.arguments])).toEqual([
      ['functions.find_flight:0', 'find_flight', { to: 'LIS' }],
      ['functions.find_hotel:1', 'find_hotel', { city: 'Lisbon', nights: 2 }],
    ]);
  });

  it('should accept an id without the functions. prefix', () => {
    const result = parser.parse(`${OPEN}${call('ping:3', '{}')}${CLOSE}`);
    expect(result.calls).toEqual([
      expect.objectContaining({ id: 'ping:3', name: 'ping', arguments: {} }),
    ]);
  });

  it('should keep the prose before and after the section as content', () => {
    const result = parser.parse(
      `Let me look that up.\n${OPEN}${call('functions.lookup:0', '{"isbn": "978-0"}')}${CLOSE}\nOne moment.`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['lookup']);
    expect(result.content).toBe('Let me look that up.\n\nOne moment.');
  });

  it('should keep special tokens inside JSON strings as argument text', () => {
    const result = parser.parse(
      `${OPEN}${call('functions.render:0', '{"html": "<p>a <b>b</b></p>"}')}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ html: '<p>a <b>b</b></p>' });
  });

  it('should accept a complete call whose end tokens never came, recording the repair', () => {
    const result = parser.parse(
      `${OPEN}<|tool_call_begin|>functions.stop_timer:0<|tool_call_argument_begin|>{"id": 7}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'stop_timer', arguments: { id: 7 } }),
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments', () => {
    const result = parser.parse(
      `${OPEN}<|tool_call_begin|>functions.stop_timer:0<|tool_call_argument_begin|>{"id": `,
    );
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report arguments that are not a JSON object and keep the other calls', () => {
    const result = parser.parse(
      `${OPEN}${call('functions.a:0', '[1, 2]')}${call('functions.b:1', '{"ok": true}')}${CLOSE}`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['b']);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should report a call without an argument token and an empty name', () => {
    const result = parser.parse(
      `${OPEN}<|tool_call_begin|>functions.a:0<|tool_call_end|>${call('functions.:1', '{}')}${CLOSE}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
  });

  it('should leave call tokens without a section opener as text', () => {
    const text = `get_time:0<|tool_call_argument_begin|>{}<|tool_call_end|>${CLOSE}`;
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should validate JSON arguments against the tool schema as they are', () => {
    const typed = createParser({
      formats: ['kimi_k2'],
      ids: 'sequential',
      tools: [
        {
          name: 'set_volume',
          parameters: { type: 'object', properties: { level: { type: 'integer' } } },
        },
      ],
    });
    const result = typed.parse(`${OPEN}${call('functions.set_volume:0', '{"level": 3}')}${CLOSE}`);
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'set_volume', arguments: { level: 3 }, validated: true }),
    ]);
  });
});
