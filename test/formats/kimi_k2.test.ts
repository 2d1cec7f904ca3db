import { describe, expect, it } from 'vitest';
import { createParser, type ParserOptions } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

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

  describe('a section opened inside <think>', () => {
    const options: ParserOptions = { formats: ['kimi_k2'], reasoning: { startsInside: false } };
    const section = `${OPEN}${call('functions.list_files:0', '{"path": "."}')}${CLOSE}`;

    it('should end the reasoning at the section token when no </think> came first', () => {
      // Kimi K2 goes from thinking to its call without closing the block.
      for (const formats of [['kimi_k2'], 'auto'] as const) {
        const text = `<think>I should look around first. ${section}`;
        const result = createParser({ ...options, formats }).parse(text);
        expect(result.calls).toMatchObject([{ name: 'list_files', arguments: { path: '.' } }]);
        expect(result.reasoning).toBe('I should look around first. ');
        expect(result.content).toBe('');
        expectEveryChunking({ ...options, formats }, text);
      }
    });

    it("should take the block's </think> right after the section as its close tag", () => {
      const text = `<think>Looking.\n${section}\n</think>Here is what I found.`;
      const result = createParser(options).parse(text);
      expect(result.calls).toMatchObject([{ name: 'list_files' }]);
      expect(result.reasoning).toBe('Looking.\n');
      expect(result.content).toBe('\nHere is what I found.');
      expectEveryChunking(options, text);
      // Kept in content, the tags stay as written.
      const kept = { ...options, reasoning: { startsInside: false, keepInContent: true } };
      expect(createParser(kept).parse(text).content).toBe(text.replace(section, ''));
      expectEveryChunking(kept, text);
    });

    it('should hold no run of blanks after the section while it looks for the </think>', () => {
      // Held, the run was searched again on every push: 80,000 blanks in one-unit deltas took 16 s.
      const text = `<think>Looking. ${section}${' '.repeat(5000)}</think>Done.`;
      const stream = createParser(options).stream();
      const afterSection = text.indexOf(CLOSE) + CLOSE.length;
      let most = 0;
      for (let index = 0; index < text.length; index += 1) {
        stream.push(text.charAt(index));
        if (index > afterSection) most = Math.max(most, stream.held);
      }
      stream.end();
      expect(most).toBeLessThan('</think>'.length);
      expectEveryChunking(options, `<think>Looking. ${section}   \n </think>Done.`);
    });

    it('should leave a closed block and other syntaxes inside reasoning alone', () => {
      // Closed before the section: the section comes after the block, as usual.
      const closed = createParser(options).parse(`<think>Plan.</think>${section}`);
      expect(closed.reasoning).toBe('Plan.');
      expect(closed.calls).toHaveLength(1);
      // A hermes call inside <think> is still only reasoning, even in auto mode.
      const hermes = createParser({ reasoning: { startsInside: false } }).parse(
        '<think>e.g. <tool_call>{"name": "f", "arguments": {}}</tool_call> then</think>Done.',
      );
      expect(hermes.calls).toEqual([]);
      expect(hermes.content).toBe('Done.');
      // Without kimi_k2 among the formats its token ends nothing.
      const other = createParser({ formats: ['hermes'], reasoning: { startsInside: false } }).parse(
        `<think>Looking. ${section}`,
      );
      expect(other.reasoning).toBe(`Looking. ${section}`);
    });
  });
});
