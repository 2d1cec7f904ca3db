/**
 * Bare JSON formats (llama3_json, xlam) turn down an object that is not a call, and the objects
 * nested in it are then its data, never calls. A stream reads each candidate on its own window,
 * so it must remember what it turned down as `parse` does (the grammar path decides; the stream
 * only has to agree).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { FormatId } from '../../src/index.js';
import { everyTwoWaySplit, split, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';

const CALL = '{"name": "f", "parameters": {"a": 1}}';

const CASES: [FormatId, string][] = [
  // The fuzz findings: a call nested in an object that is not one (closed, then cut short).
  [
    'llama3_json',
    '{"{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}',
  ],
  ['llama3_json', `{"x": ${CALL}]`],
  ['llama3_json', `{"x": ${CALL}}`],
  ['llama3_json', `Sure: {"x": ${CALL}} and ${CALL}`],
  ['xlam', '[{"x": [{"name": "f", "arguments": {"a": 1}}]}]'],
];

describe('objects nested in a turned-down bare object', () => {
  it.each(CASES)('should stay data in %s parse', (format, text) => {
    // The first nested call object: the second `{` of the text, or the `[{` inside the xlam list.
    const nested =
      format === 'xlam' ? text.indexOf('[{', 1) : text.indexOf('{', text.indexOf('{') + 1);
    const result = createParser({ formats: [format] }).parse(text);
    const starts = [...result.calls, ...result.rejected].map((item) => item.span.start);
    expect(starts).not.toContain(nested);
  });

  for (const chunker of [whole, unitByUnit, everyTwoWaySplit()]) {
    it.each(CASES)(`should stay data in a %s stream (${chunker.name})`, (format, text) => {
      for (const deltas of chunker.chunkings(text)) expectEquivalent({ formats: [format] }, deltas);
    });
  }

  it.each<FormatId>(['llama3_json', 'xlam'])(
    'should fold a %s stream of JSON-like soup to parse under any chunking',
    (format) => {
      const token = fc.constantFrom(
        '{',
        '}',
        '[',
        ']',
        '"',
        '\\"',
        ':',
        ',',
        ' ',
        ';',
        '\n',
        'a',
        '1',
        '"name"',
        '"parameters"',
        '"arguments"',
        '"f"',
        '{"x": ',
        '<|python_tag|>',
        CALL,
        '[{"name": "f", "arguments": {}}]',
      );
      fc.assert(
        fc.property(
          fc.array(token, { maxLength: 30 }),
          fc.array(fc.nat(), { maxLength: 4 }),
          (tokens, points) => {
            const text = tokens.join('');
            expectEquivalent(
              { formats: [format] },
              split(
                text,
                points.map((point) => point % (text.length + 1)),
              ),
            );
          },
        ),
        { numRuns: 1500, seed: 23 },
      );
    },
  );
});
