/**
 * The check every quick look in front of a grammar must pass: wherever the look turns a marker
 * down, the grammar run it saves would have found nothing either.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { JSON_EXTENT_OPTIONS } from '../../src/formats/shared/json-extent.js';
import { runGrammar, type GeneratedParse } from '../../src/formats/shared/run-grammar.js';

/** A quick look and the grammar it stands in front of. */
export interface QuickLook {
  /** The look: false where the grammar cannot match at `start`. */
  look: (text: string, start: number) => boolean;
  /** The generated parser (its `Section` rule, with the JSON extent options). */
  parse: GeneratedParse;
  /** The markers whose occurrences are looked at. */
  markers: readonly string[];
  /** Pieces the random texts are made of. */
  pieces: readonly string[];
}

/**
 * Checks a look on random texts and asserts it turned down more than 500 occurrences (the
 * property ran on refusals, not only on texts the look lets through).
 *
 * @param quick - The look, its grammar, markers and pieces.
 */
export function expectLookSound(quick: QuickLook): void {
  let refused = 0;
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...quick.pieces), { maxLength: 10 }), (parts) => {
      const text = parts.join('');
      for (const marker of quick.markers) {
        for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
          if (quick.look(text, at)) continue;
          refused += 1;
          expect(runGrammar(quick.parse, text, at, 'Section', JSON_EXTENT_OPTIONS)).toBeUndefined();
        }
      }
    }),
    { numRuns: 3000 },
  );
  expect(refused).toBeGreaterThan(500);
}
