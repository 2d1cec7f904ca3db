/**
 * A section a model never closed, whose calls are followed by prose: the calls run (with the
 * `missing-end-marker` repair), the prose is content (or dropped, where the syntax drops text
 * after its calls), and no "call" made of the prose is refused. The same in every syntax whose
 * JSON payload runs to its close tag, in parse and in stream.
 */
import { describe, expect, it } from 'vitest';
import { createParser, type FormatId } from '../../src/index.js';
import { unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent, expectEveryChunking } from '../stream/equivalence.js';

const CALL = '{"name": "book_room", "arguments": {"room": "B2"}}';
const PROSE = '\nI have booked the room for you.';

const SECTIONS: { format: FormatId; open: string; call: string; close: string }[] = [
  { format: 'hermes', open: '<tool_call>', call: CALL, close: '</tool_call>' },
  {
    format: 'longcat',
    open: '<longcat_tool_call>',
    call: CALL,
    close: '</longcat_tool_call>',
  },
  { format: 'jamba', open: '<tool_calls>', call: `[${CALL}]`, close: '</tool_calls>' },
  { format: 'hunyuan_a13b', open: '<tool_calls>', call: `[${CALL}]`, close: '</tool_calls>' },
  { format: 'minimax', open: '<tool_calls>\n', call: CALL, close: '\n</tool_calls>' },
  {
    format: 'internlm',
    open: '<|action_start|><|plugin|>\n',
    call: CALL,
    close: '<|action_end|>',
  },
  {
    format: 'command_r7b',
    open: '<|START_ACTION|>',
    call: '[{"tool_name": "book_room", "parameters": {"room": "B2"}}]',
    close: '<|END_ACTION|>',
  },
];

/** hunyuan_a13b drops the text after its calls, closed or not, as its reference parser does. */
const dropsText = (format: FormatId): boolean => format === 'hunyuan_a13b';

describe('prose after the calls of a section never closed', () => {
  for (const { format, open, call, close } of SECTIONS) {
    const options = { formats: [format], reasoning: { startsInside: false } };

    it(`${format}: should run the call and give the prose back, in parse and stream`, () => {
      const text = `${open}${call}${PROSE}`;
      const result = createParser({ ...options, ids: 'sequential' }).parse(text);
      expect(result.calls.map((found) => [found.name, found.arguments])).toEqual([
        ['book_room', { room: 'B2' }],
      ]);
      expect(result.calls[0]?.repairs).toEqual([
        { kind: 'missing-end-marker', offset: (open + call).length },
      ]);
      expect(result.rejected).toEqual([]);
      expect(result.issues).toEqual([]);
      expect(result.content).toBe(dropsText(format) ? '' : PROSE);
      expectEveryChunking(options, text);
    });

    it(`${format}: should read the next section after the prose, in parse and stream`, () => {
      const text = `${open}${call}${PROSE} ${open}${call}${close}`;
      const result = createParser({ ...options, ids: 'sequential' }).parse(text);
      expect(result.calls.map((found) => found.name)).toEqual(['book_room', 'book_room']);
      expect(result.rejected).toEqual([]);
      expect(result.content).toBe(dropsText(format) ? '' : `${PROSE} `);
      for (const chunker of [whole, unitByUnit])
        for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
    });

    it(`${format}: should keep prose that a call object follows in the section`, () => {
      // The `{` may start a call meant inside the section: the prose is not content.
      const text = `${open}${call}${PROSE}\n${CALL}`;
      const result = createParser({ ...options, ids: 'sequential' }).parse(text);
      expect(result.content).toBe('');
      // Auto mode too, where a format without end markers makes the stream try the grammars
      // before the output ends: the section cut before the prose must not be taken then.
      for (const setting of [options, { reasoning: { startsInside: false } }])
        for (const chunker of [whole, unitByUnit])
          for (const deltas of chunker.chunkings(text)) expectEquivalent(setting, deltas);
    });
  }
});
