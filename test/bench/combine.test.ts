import { describe, expect, it } from 'vitest';
import { combineComparisons } from '../../scripts/bench/combine.js';
import type { Comparison } from '../../scripts/bench/report.js';

/** One process's table for one input: the floor and one contender, with their times in ms. */
function table(floorMs: number, oursMs: number, oursCorrect = true): Comparison[] {
  return [
    {
      id: 'small-call',
      label: 'a small call',
      bytes: 120,
      floor: 'JSON.parse',
      rows: [
        { contender: 'JSON.parse', ms: floorMs, ratio: 1, correct: true },
        { contender: 'ours', ms: oursMs, ratio: oursMs / floorMs, correct: oursCorrect },
      ],
    },
  ];
}

describe('combineComparisons', () => {
  it('should take the median time per contender, so one slow process does not decide a ratio', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.2, 9), table(0.8, 2.5)]);
    const ours = combined?.rows.find((row) => row.contender === 'ours');
    expect(ours?.ms).toBe(3);
    // The ratio is the median time over the floor's median time (1), not a mean of ratios.
    expect(ours?.ratio).toBe(3);
    expect(combined?.rows[0]?.ratio).toBe(1);
  });

  it('should average the two middle times when there is an even number of processes', () => {
    const [combined] = combineComparisons([table(1, 2), table(3, 4)]);
    expect(combined?.rows.map((row) => row.ms)).toEqual([2, 3]);
    expect(combined?.rows[1]?.ratio).toBe(1.5);
  });

  it('should mark a contender wrong when any process saw it read the wrong calls', () => {
    const [combined] = combineComparisons([table(1, 2), table(1, 2, false), table(1, 2)]);
    expect(combined?.rows.map((row) => row.correct)).toEqual([true, false]);
  });

  it('should return one process unchanged in its times', () => {
    expect(combineComparisons([table(2, 5)])).toEqual(table(2, 5));
  });

  it('should refuse processes that measured different contenders', () => {
    const other = table(1, 2);
    (other[0] as Comparison).rows[1] = { contender: 'theirs', ms: 2, ratio: 2, correct: true };
    expect(() => combineComparisons([table(1, 2), other])).toThrow(
      /different inputs or contenders/,
    );
  });

  it('should give nothing for no processes', () => {
    expect(combineComparisons([])).toEqual([]);
  });
});
