/**
 * A section whose first call object is refused after its head was written (a key written twice,
 * a second name, a stray key...), followed by a call. A stream announces the first object's call
 * from its head (`{"name": "f", "arguments": {`) before the object turns out refused; `parse`
 * must then give that call, named and rejected, as the section's first call, or the stream ends
 * the started call as one `parse` never had and the fold holds one rejection more. Before the
 * refused object was a named call, every case below folded to a rejection more than `parse`.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { expectEquivalent, expectEveryChunking, streamAll } from './equivalence.js';

/** How each syntax with a JSON call-object head wraps a section's payload. */
const SYNTAXES: { format: FormatId; wrap: (payload: string) => string }[] = [
  { format: 'hermes', wrap: (payload) => `<tool_call>${payload}</tool_call>` },
  {
    format: 'longcat',
    wrap: (payload) => `<longcat_tool_call>${payload}</longcat_tool_call>`,
  },
];

/** First objects that open like a call to `pick` and are refused further on. */
const REFUSED: { label: string; object: string }[] = [
  {
    label: 'the name written twice',
    object: '{"name": "pick", "arguments": {"n": 1}, "name": "drop"}',
  },
  {
    label: 'a second name under another key',
    object: '{"name": "pick", "arguments": {"n": 1}, "tool": "drop"}',
  },
  { label: 'a stray key', object: '{"name": "pick", "arguments": {"n": 1}, "path": "/tmp"}' },
  {
    label: 'the arguments given twice',
    object: '{"name": "pick", "arguments": {"n": 1}, "params": {"n": 2}}',
  },
];

const NEXT = '{"name": "keep", "arguments": {"n": 2}}';
const OPTIONS = { reasoning: { startsInside: false } } as const;

describe('stream: a refused first call object, then a call', () => {
  for (const { format, wrap } of SYNTAXES) {
    const options = { ...OPTIONS, formats: [format] };

    for (const { label, object } of REFUSED) {
      const text = `Working on it. ${wrap(`${object}, ${NEXT}`)} Done.`;

      it(`${format}: should reject the first object by the name its head spells (${label})`, () => {
        const result = createParser({ ...options, ids: 'sequential' }).parse(text);
        expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
          ['keep', { n: 2 }],
        ]);
        expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
          ['pick', 'malformed'],
        ]);
        // The rejection comes first in the section, as the stream announced it.
        expect(result.rejected[0]?.id).toBe('call_0');
        expect(result.calls[0]?.id).toBe('call_1');
      });

      it(`${format}: should start the refused call once and fold to parse (${label})`, () => {
        const events = streamAll(options, [...text]);
        const starts = events.filter((event) => event.type === 'tool-call-start');
        expect(starts.map((event) => event.name)).toEqual(['pick', 'keep']);
        expectEveryChunking(options, text);
      });
    }

    it(`${format}: should name the call of a payload that is not JSON after its head`, () => {
      const text = wrap('{"name": "pick", "arguments": {"n": }} x');
      const result = createParser(options).parse(text);
      expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
        ['pick', 'malformed'],
      ]);
      expectEquivalent(options, [...text]);
      expectEquivalent(options, [text]);
    });
  }

  it('should keep a refused object anonymous when no head names it', () => {
    // Two names, the first under `tool`: no head is read, and which tool was meant is a guess.
    const text = '<tool_call>{"tool": "pick", "name": "drop", "arguments": {}}</tool_call>';
    const result = createParser({ formats: ['hermes'] }).parse(text);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      [undefined, 'malformed'],
    ]);
  });

  it('should name a refused object of a call list by the name it gives', () => {
    const text =
      '<tool_calls>[{"name": "pick", "arguments": {}, "path": "/tmp"}, {"name": "keep", "arguments": {}}]</tool_calls>';
    const result = createParser({ formats: ['jamba'], ids: 'sequential' }).parse(text);
    expect(result.calls.map((call) => call.name)).toEqual(['keep']);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['pick', 'malformed'],
    ]);
  });
});
