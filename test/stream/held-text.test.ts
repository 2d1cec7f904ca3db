import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHeldText } from '../../src/stream/held-text.js';

/** Appends the pieces one by one, reading the whole text after the pieces listed in `reads`. */
function hold(initial: string, pieces: readonly string[], reads: ReadonlySet<number> = new Set()) {
  const held = createHeldText(initial);
  let expected = initial;
  pieces.forEach((piece, index) => {
    held.append(piece);
    expected += piece;
    expect(held.length).toBe(expected.length);
    if (reads.has(index)) expect(held.text()).toBe(expected);
  });
  return { held, expected };
}

/** Deltas of one unit, a few units and a few blocks, as a stream may get them. */
const mixedDeltas = fc.array(
  fc.oneof(
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.string({ maxLength: 2500 }),
  ),
  { maxLength: 80 },
);

describe('createHeldText', () => {
  it('should give back what was appended, across blocks of one-unit deltas', () => {
    const text = '{"a": "é😀\\n"}'.repeat(300);
    const { held, expected } = hold('<tool_call>', text.split(''));
    expect(held.text()).toBe(expected);
    expect(held.text()).toBe(expected);
  });

  it('should give back one-unit deltas read at any point, then a longer delta and more units', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 3000 }),
        fc.string({ unit: 'binary', minLength: 2, maxLength: 30 }),
        fc.string({ unit: 'binary', maxLength: 1500 }),
        fc.array(fc.nat(4600), { maxLength: 6 }),
        (units, longer, after, reads) => {
          const pieces = [...units.split(''), longer, ...after.split('')];
          const { held, expected } = hold('<tool_call>', pieces, new Set(reads));
          expect(held.isPrefixOf(expected)).toBe(true);
          expect(held.text()).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should keep lone surrogates and a pair split across deltas as they are', () => {
    const pieces = ['\ud83d', '\ude00', 'x', '\udc00', '\ud800', 'ab\ud800', '\udfff'];
    const { held, expected } = hold('', pieces);
    expect(held.isPrefixOf(expected)).toBe(true);
    expect(held.isPrefixOf(expected.replace('\udfff', '\udffe'))).toBe(false);
    expect(held.text()).toBe(expected);
  });

  it('should mix short, long and empty deltas, read at any point', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 8 }),
        mixedDeltas,
        fc.array(fc.nat(80), { maxLength: 5 }),
        (initial, pieces, reads) => {
          const { held, expected } = hold(initial, pieces, new Set(reads));
          expect(held.isPrefixOf(expected)).toBe(true);
          expect(held.isPrefixOf(`${expected}tail`)).toBe(true);
          if (expected !== '') {
            expect(held.isPrefixOf(expected.slice(0, -1))).toBe(false);
            // Any one unit changed, wherever it is held (a block or the recent deltas).
            const at = expected.length >> 1;
            const changed = `${expected.slice(0, at)}${expected[at] === 'x' ? 'y' : 'x'}${expected.slice(at + 1)}`;
            expect(held.isPrefixOf(changed)).toBe(false);
          }
          expect(held.text()).toBe(expected);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });
});

describe('HeldText.slice', () => {
  it('should give any slice of what was appended, across blocks and whole reads', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 8 }),
        mixedDeltas,
        fc.array(fc.nat(80), { maxLength: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (initial, pieces, reads, cuts) => {
          const { held, expected } = hold(initial, pieces, new Set(reads));
          for (const [a, b] of cuts) {
            const start = a % (expected.length + 1);
            const end = start + (b % (expected.length - start + 1));
            expect(held.slice(start, end)).toBe(expected.slice(start, end));
          }
          expect(held.text()).toBe(expected);
        },
      ),
      { seed: 11, numRuns: 300 },
    );
  });

  it('should slice one-unit deltas held in many blocks, and the units not in a block yet', () => {
    const text = 'abcdefghij'.repeat(500);
    const { held } = hold('', text.split(''));
    expect(held.slice(0, 5000)).toBe(text);
    expect(held.slice(1023, 1025)).toBe(text.slice(1023, 1025));
    expect(held.slice(2047, 4100)).toBe(text.slice(2047, 4100));
    expect(held.slice(4999, 5000)).toBe('j');
    expect(held.slice(300, 300)).toBe('');
  });
});
