import { describe, expect, it } from 'vitest';
import { createIdGenerator } from '../../src/ids.js';

describe('random call ids', () => {
  it('should be call_ and 24 letters or digits, all different', () => {
    const next = createIdGenerator('random');
    // Batches grow from 16 ids to 512: 2,000 ids cross every growth step and full-size refills.
    const ids = Array.from({ length: 2000 }, () => next());
    for (const id of ids) expect(id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('should use every letter and digit of the alphabet', () => {
    const next = createIdGenerator('random');
    const seen = new Set(Array.from({ length: 400 }, () => next().slice(5)).join(''));
    expect(seen.size).toBe(62);
  });
});

describe('random call id letters', () => {
  // Letters are drawn two at a time: every letter, at even and odd places alike, and every pair
  // must stay equally likely. The bounds are about five standard deviations of the chi-square
  // statistic above its mean, so an unbiased generator fails them about once in a million runs,
  // while a skew of a few percent on any letter or pair fails them every time.
  const next = createIdGenerator('random');
  const letters = Array.from({ length: 40_000 }, () => next().slice(5));
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

  function chiSquare(counts: Map<string, number>, cells: number, total: number): number {
    const expected = total / cells;
    let sum = (cells - counts.size) * expected;
    for (const count of counts.values()) sum += (count - expected) ** 2 / expected;
    return sum;
  }

  function bound(cells: number): number {
    return cells - 1 + 5 * Math.sqrt(2 * (cells - 1));
  }

  it.each([
    ['even', 0],
    ['odd', 1],
  ])('should use every letter equally often at %s places', (_, parity) => {
    const counts = new Map<string, number>();
    let total = 0;
    for (const id of letters) {
      for (let index = parity; index < id.length; index += 2) {
        counts.set(id[index] as string, (counts.get(id[index] as string) ?? 0) + 1);
        total += 1;
      }
    }
    expect([...counts.keys()].every((letter) => ALPHABET.includes(letter))).toBe(true);
    expect(chiSquare(counts, 62, total)).toBeLessThan(bound(62));
  });

  it('should draw each pair of neighbouring letters equally often', () => {
    // Pairs that straddle two draws (places 1-2, 3-4...) and pairs of one draw (0-1, 2-3...).
    for (const first of [0, 1]) {
      const counts = new Map<string, number>();
      let total = 0;
      for (const id of letters) {
        for (let index = first; index + 1 < id.length; index += 2) {
          const pair = id.slice(index, index + 2);
          counts.set(pair, (counts.get(pair) ?? 0) + 1);
          total += 1;
        }
      }
      expect(chiSquare(counts, 62 * 62, total)).toBeLessThan(bound(62 * 62));
    }
  });
});
