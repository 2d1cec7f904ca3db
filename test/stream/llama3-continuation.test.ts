/**
 * llama3_json reads calls separated by `;` as one section. A stream must not end the section
 * after the first call while a `;` continuation is still arriving: the lowering says whether
 * more text could extend the section (`open`), so the stream waits exactly that long.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions } from '../../src/index.js';
import {
  everyTwoWaySplit,
  randomChunkings,
  split,
  unitByUnit,
  whole,
} from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';

const FIRST = '{"name": "a", "parameters": {"x": 1}}';
const LONG = `{"name": "b", "parameters": {"note": "${'n'.repeat(300)}", "deep": {"p": {"q": {"r": [1, 2]}}}}}`;

const modes: ParserOptions[] = [
  { formats: ['llama3_json'], reasoning: { startsInside: false } },
  { formats: ['llama3_json'] },
  { formats: 'auto', reasoning: { startsInside: false } },
];

const texts: [string, string][] = [
  ['a long continuation', `${FIRST}; ${LONG}`],
  ['a continuation after a newline', `${FIRST}\n;\n${LONG}`],
  ['prose after the call', `${FIRST} and that is all`],
  ['a continuation that is not a call', `${FIRST}; {"note": "${'n'.repeat(100)}"} after`],
  ['a cut-off continuation', `${FIRST}; {"name": "b", "parameters": {"note": "nn`],
  ['a tagged call cut off', `<|python_tag|>${FIRST}; {"name": "b", "parameters": {"a": 1`],
];

describe('llama3_json `;` continuations in a stream', () => {
  it('should read a long continuation as one section in parse', () => {
    const result = createParser({ formats: ['llama3_json'] }).parse(`${FIRST}; ${LONG}`);
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
    expect(result.content).toBe('');
  });

  for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(8)]) {
    it.each(texts)(`should fold %s to parse (${chunker.name})`, (_name, text) => {
      for (const options of modes)
        for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
    });
  }

  it('should fold any `;` run of calls, objects and prose to parse under any chunking', () => {
    const piece = fc.constantFrom(FIRST, LONG, '{"note": 1}', ';', '; ', '\n', ' ', 'x', '{', '"');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (pieces, points) => {
          const text = pieces.join('');
          const deltas = split(
            text,
            points.map((point) => point % (text.length + 1)),
          );
          expectEquivalent(modes[0] as ParserOptions, deltas);
        },
      ),
      { numRuns: 400, seed: 17 },
    );
  });
});
