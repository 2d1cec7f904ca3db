import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INTENT_MARKERS } from '../../src/policy/intent.js';
import { createFinder, createStartUnits, type Found } from '../../src/stream/finder.js';
import { split } from '../helpers/chunkers.js';

/**
 * What a finder must answer for each delta, read off the whole text with `indexOf`: of the
 * occurrences that end inside the delta, the one that starts first (the needle listed first on
 * a tie).
 */
function expected(
  needles: readonly string[],
  text: string,
  from: number,
  to: number,
): Found | undefined {
  let best: Found | undefined;
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (end <= from || end > to) continue;
      if (best === undefined || at < best.at) best = { at, needle };
      break;
    }
  }
  return best;
}

function feedAll(needles: readonly string[], pieces: readonly string[]): (Found | undefined)[] {
  const finder = createFinder(needles);
  let offset = 0;
  return pieces.map((piece) => {
    const found = finder.feed(piece, offset);
    offset += piece.length;
    return found;
  });
}

function expectedAll(needles: readonly string[], pieces: readonly string[]): (Found | undefined)[] {
  const text = pieces.join('');
  let offset = 0;
  return pieces.map((piece) => {
    const found = expected(needles, text, offset, offset + piece.length);
    offset += piece.length;
    return found;
  });
}

describe('createFinder', () => {
  it('should be idle exactly when no needle is partly matched', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('<', '/', 't', '>', '</tool_call>', 'x', '</t')),
        (pieces) => {
          const needle = '</tool_call>';
          const finder = createFinder([needle]);
          let text = '';
          for (const piece of pieces) {
            finder.feed(piece, text.length);
            text += piece;
            // Partly matched: the text ends with a proper, non-empty prefix of the needle.
            const partial = [...Array(needle.length - 1).keys()].some((length) =>
              text.endsWith(needle.slice(0, length + 1)),
            );
            expect(finder.idle()).toBe(!partial);
          }
        },
      ),
    );
  });

  it('should keep each finder its own match state when finders share needles', () => {
    const needles = ['</tool_call>'];
    const first = createFinder(needles);
    const second = createFinder(needles);
    const third = createFinder(['</tool_call>']);
    expect(first.feed('{"a":1}</tool_', 0)).toBeUndefined();
    expect(second.feed('call>', 0)).toBeUndefined();
    expect(third.feed('</tool', 0)).toBeUndefined();
    expect(first.feed('call>', 14)).toEqual({ at: 7, needle: '</tool_call>' });
    expect(third.feed('_call>', 6)).toEqual({ at: 0, needle: '</tool_call>' });
    expect(second.feed('_call>', 5)).toBeUndefined();
  });

  it('should find a needle split across deltas at its absolute offset', () => {
    expect(feedAll(['</tool_call>'], ['{"a":1}</tool_', 'call>'])).toEqual([
      undefined,
      { at: 7, needle: '</tool_call>' },
    ]);
  });

  it('should find a needle whose own prefix repeats (a partial match that must fall back)', () => {
    expect(feedAll(['aab'], ['a', 'a', 'a', 'b'])).toEqual([
      undefined,
      undefined,
      undefined,
      { at: 1, needle: 'aab' },
    ]);
  });

  it('should find an occurrence overlapping the one just found', () => {
    expect(feedAll(['aa'], ['aa', 'a'])).toEqual([
      { at: 0, needle: 'aa' },
      { at: 1, needle: 'aa' },
    ]);
  });

  it('should report, within one delta, the occurrence that starts first', () => {
    expect(feedAll(['TOOL_CALL', 'CALL_TOOL'], ['x CALL_TOOL_CALL'])).toEqual([
      { at: 2, needle: 'CALL_TOOL' },
    ]);
  });

  it('should find needles spelled with units beyond ASCII split inside them', () => {
    const needle = '<｜tool▁calls▁begin｜>';
    const text = `prose ${needle} more`;
    expect(feedAll([needle], split(text, [8, 9, 14]))).toContainEqual({ at: 6, needle });
  });

  it('should answer as indexOf on the whole text for any needles, text and chunking', () => {
    // A small alphabet, so needles overlap, repeat and share prefixes often.
    const alphabet = fc.constantFrom('a', 'b', '｜', '\ud83d');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((units) => units.join(''));
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 4 }),
        fc.array(alphabet, { maxLength: 60 }).map((units) => units.join('')),
        fc.array(fc.nat()),
        (needles, text, cuts) => {
          const pieces = split(
            text,
            cuts.map((cut) => cut % (text.length + 1)),
          );
          expect(feedAll(needles, pieces)).toEqual(expectedAll(needles, pieces));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('should find the same first intent marker per push as on a whole section at once', () => {
    // A stream feeds the intent finder an open section's text in one piece when the section
    // closes; that finds the earliest start, per push the earliest end. Both are the first marker
    // as long as no marker contains another.
    for (const marker of INTENT_MARKERS) {
      for (const other of INTENT_MARKERS) {
        if (other !== marker) expect(marker.includes(other)).toBe(false);
      }
    }
  });
});

describe('createStartUnits', () => {
  it('should give the last unit that starts some needle, beyond ASCII too', () => {
    const units = createStartUnits(['<tool_call>', '<think>', '｜x']);
    expect(units.lastIn('a < b ｜ c')).toBe(6);
    expect(units.lastIn('a < b')).toBe(2);
    expect(units.lastIn('plain prose')).toBe(-1);
  });

  it('should agree with a search for each needle start', () => {
    const alphabet = fc.constantFrom('a', '<', '｜', '\ud83d', ' ');
    const text = fc.array(alphabet, { maxLength: 30 }).map((units) => units.join(''));
    fc.assert(
      fc.property(
        fc.array(
          text.filter((needle) => needle !== ''),
          { minLength: 1 },
        ),
        text,
        (needles, haystack) => {
          const starts = needles.map((needle) => needle[0] as string);
          const last = Math.max(...starts.map((start) => haystack.lastIndexOf(start)));
          expect(createStartUnits(needles).lastIn(haystack)).toBe(last);
        },
      ),
    );
  });
});

describe('createFinder on long deltas', () => {
  // Needles and texts long enough for the native searches inside a delta, over a small alphabet
  // (needles that start alike and needles that do not both come up).
  const alphabet = fc.constantFrom('a', 'b', '<', '/');
  const word = fc.array(alphabet, { minLength: 1, maxLength: 6 }).map((units) => units.join(''));
  const needleLists = fc.array(word, { minLength: 1, maxLength: 3 });
  const texts = fc.array(alphabet, { maxLength: 400 }).map((units) => units.join(''));

  it('should answer as a lone finder where finders of one output share their searches', () => {
    // A run of sections, each with a finder of its own, fed the rest of the output (a stream's
    // sections start later and end no earlier; here any window, before, inside or across the
    // last): what the earlier ones found answers some of their searches.
    fc.assert(
      fc.property(
        needleLists,
        texts,
        fc.array(fc.tuple(fc.integer({ min: -30, max: 40 }), fc.nat(200), fc.nat(3)), {
          minLength: 1,
          maxLength: 12,
        }),
        (needles, text, steps) => {
          const output = {};
          let start = 0;
          for (const [advance, length, pieces] of steps) {
            start = Math.max(0, Math.min(text.length, start + advance));
            const end = Math.min(text.length, start + length);
            const shared = createFinder(needles, output);
            const alone = createFinder(needles);
            // The rest in one delta, then (a stream going on) a few more of what follows it.
            let at = start;
            let to = end;
            for (let piece = 0; piece <= pieces && at < text.length; piece += 1) {
              const delta = text.slice(at, to);
              expect(shared.feed(delta, at), `${delta} at ${at}`).toEqual(alone.feed(delta, at));
              at = to;
              to = Math.min(text.length, to + 30);
            }
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('should find occurrences crossing either end of a long delta, and inside it', () => {
    const needle = '</tool_call>';
    const middle = 'x'.repeat(100);
    expect(
      feedAll(
        [needle, 'TOOL_CALL'],
        ['a</to', `ol_call>${middle}TOOL_CALL${middle}</tool_`, 'call>'],
      ),
    ).toEqual(
      expectedAll(
        [needle, 'TOOL_CALL'],
        ['a</to', `ol_call>${middle}TOOL_CALL${middle}</tool_`, 'call>'],
      ),
    );
  });

  it('should answer as indexOf on the whole text when deltas are long', () => {
    fc.assert(
      fc.property(
        needleLists,
        texts,
        fc.array(fc.nat(), { maxLength: 4 }),
        (needles, text, cuts) => {
          const pieces = split(
            text,
            cuts.map((cut) => cut % (text.length + 1)),
          );
          expect(feedAll(needles, pieces)).toEqual(expectedAll(needles, pieces));
        },
      ),
      { numRuns: 500 },
    );
  });
});
