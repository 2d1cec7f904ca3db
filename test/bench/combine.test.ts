import { describe, expect, it } from 'vitest';
import { combineComparisons, ratioSpread } from '../../scripts/bench/combine.js';
import type { Comparison } from '../../scripts/bench/report.js';

/**
 * One process's table for one input: the floor and one contender, with their times in ms and
 * the contender's ratio as that process measured it (by default its time over the floor's).
 */
function table(floorMs: number, oursMs: number, oursCorrect = true, ratio?: number): Comparison[] {
  return [
    {
      id: 'small-call',
      label: 'a small call',
      bytes: 120,
      floor: 'JSON.parse',
      rows: [
        { contender: 'JSON.parse', ms: floorMs, ratio: 1, correct: true },
        {
          contender: 'ours',
          ms: oursMs,
          ratio: ratio ?? oursMs / floorMs,
          correct: oursCorrect,
        },
      ],
    },
  ];
}

describe('combineComparisons', () => {
  it('should take the median time and the median per-process ratio of each contender', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.25, 10), table(0.5, 2)]);
    const ours = combined?.rows.find((row) => row.contender === 'ours');
    expect(ours?.ms).toBe(3);
    expect(combined?.rows[0]?.ratio).toBe(1);
    // Per process 3, 8 and 4: the ratio is their median, not the median time (3) over the
    // median floor time (1), which pairs one process's time with another's floor.
    expect(ours?.ratio).toBe(4);
  });

  it('should combine the ratios each process measured, not ratios of its times', () => {
    // A process measures its ratio in pairs with the floor; its best times may disagree with it.
    const [combined] = combineComparisons([
      table(1, 5, true, 2.5),
      table(1, 6, true, 2.75),
      table(1, 4, true, 3),
    ]);
    expect(combined?.rows[1]?.ratio).toBe(2.75);
    expect(combined?.rows[1]?.ms).toBe(5);
  });

  it('should average the two middle values when there is an even number of processes', () => {
    const [combined] = combineComparisons([table(1, 2), table(2, 8)]);
    expect(combined?.rows.map((row) => row.ms)).toEqual([1.5, 5]);
    // Per process 2 and 4.
    expect(combined?.rows[1]?.ratio).toBe(3);
  });

  it('should keep every process time and ratio of a contender, in process order', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.25, 10), table(0.5, 2)]);
    expect(combined?.rows[1]?.processMs).toEqual([3, 10, 2]);
    expect(combined?.rows[1]?.processRatios).toEqual([3, 8, 4]);
  });

  it('should mark a contender wrong when any process saw it read the wrong calls', () => {
    const [combined] = combineComparisons([table(1, 2), table(1, 2, false), table(1, 2)]);
    expect(combined?.rows.map((row) => row.correct)).toEqual([true, false]);
  });

  it('should return one process unchanged in its times and ratios', () => {
    const [combined] = combineComparisons([table(2, 5)]);
    expect(combined?.rows.map((row) => [row.ms, row.ratio])).toEqual([
      [2, 1],
      [5, 2.5],
    ]);
  });

  it('should refuse processes that measured different contenders or floors', () => {
    const other = table(1, 2);
    (other[0] as Comparison).rows[1] = { contender: 'theirs', ms: 2, ratio: 2, correct: true };
    expect(() => combineComparisons([table(1, 2), other])).toThrow(
      /different inputs or contenders/,
    );
    const otherFloor = table(1, 2);
    (otherFloor[0] as Comparison).floor = 'ours';
    expect(() => combineComparisons([table(1, 2), otherFloor])).toThrow(
      /different inputs or contenders/,
    );
  });

  it('should give nothing for no processes', () => {
    expect(combineComparisons([])).toEqual([]);
  });
});

describe('ratioSpread', () => {
  it('should give the lowest and highest per-process ratio', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.25, 10), table(0.5, 2)]);
    expect(
      ratioSpread(combined?.rows[1] ?? { contender: '', ms: 0, ratio: 0, correct: true }),
    ).toEqual([3, 8]);
  });

  it('should give nothing for a row of one process', () => {
    const [single] = combineComparisons([table(1, 3)]);
    expect(
      ratioSpread(single?.rows[1] ?? { contender: '', ms: 0, ratio: 0, correct: true }),
    ).toBeUndefined();
    expect(ratioSpread({ contender: 'ours', ms: 3, ratio: 3, correct: true })).toBeUndefined();
  });
});
