/**
 * `Section.open === false` is a promise a stream relies on to settle a section when its grammar
 * runs, rather than after a margin of text past its end: nothing written after the text read
 * changes the section. Checked for the formats whose lowering says so (hermes, llama3_json,
 * mistral) by reading each marker of a text cut at every length, and, where the section read says
 * it is closed, the same cut with something else written after it: the section must not change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Format } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { corpusPieces, readCorpus } from '../fuzz/corpus.js';
import { readSection } from './read-section.js';

const CLOSING: Format[] = [formats.hermes, formats.llama3_json, formats.mistral];

/**
 * Checks the promise at every marker of `text` cut at every length, with `suffixes` written
 * after each cut. Returns how many cuts read a closed section (the cases the promise covers).
 */
function checkCuts(format: Format, text: string, suffixes: readonly string[]): number {
  let covered = 0;
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      for (let cut = at + marker.length; cut <= text.length; cut += 1) {
        const prefix = text.slice(0, cut);
        const section = readSection(format, prefix, at);
        if (section === undefined || section === 'threw' || section.open !== false) continue;
        covered += 1;
        for (const suffix of [text.slice(cut), ...suffixes]) {
          expect(
            readSection(format, prefix + suffix, at),
            `${format.id} at ${at}: ${JSON.stringify(prefix)} then ${JSON.stringify(suffix)}`,
          ).toEqual(section);
        }
      }
    }
  }
  return covered;
}

const SUFFIXES = [
  ' ',
  '"',
  '}',
  ']',
  '[',
  ' and prose',
  '{"a": 1}',
  '[TOOL_CALLS]',
  '</tool_call>',
];

const FILLERS = [
  ...[' ', '\n', '"', '{', '}', '[', ']', ':', ',', 'f', '1', '\\', 'Sure, let me check.'],
  ...['{"name": "f", "arguments": {"a": 1}}', '[{"name": "f", "arguments": {}}]', '{"a": "'],
  ...['[TOOL_CALLS]', '[ARGS]', '[CALL_ID]', '[THINK]', '[/THINK]', '<tool_call>', '</tool_call>'],
  ...['<|python_tag|>', '<|eom_id|>', '<|eot_id|>', ';'],
];

describe('Section.open === false', () => {
  for (const format of CLOSING) {
    it(`${format.id}: should read the same closed section whatever follows it (random texts)`, () => {
      let covered = 0;
      const piece = fc.constantFrom(...format.markers, ...FILLERS, ...corpusPieces(format));
      fc.assert(
        fc.property(
          fc.constantFrom(...format.markers),
          fc.array(piece, { maxLength: 7 }),
          fc.array(piece, { maxLength: 3 }),
          (marker, inside, suffix) => {
            covered += checkCuts(format, `${marker}${inside.join('')}`, [suffix.join('')]);
          },
        ),
        { numRuns: 400 },
      );
      // Many cuts read a closed section: the check is not vacuous.
      expect(covered).toBeGreaterThan(100);
    });

    it(`${format.id}: should read the same closed section whatever follows it (corpus)`, () => {
      for (const entry of readCorpus()) {
        if (entry.format === format.id) checkCuts(format, entry.input, SUFFIXES);
      }
    });
  }
});
