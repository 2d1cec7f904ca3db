import { describe, expect, it } from 'vitest';
import { combineComparisons, ratioSpread, ratioTo } from '../../scripts/bench/combine.js';
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
    const [combined] = combineComparisons([table(1, 3), table(1.25, 10), table(0.5, 2)]);
    const ours = combined?.rows.find((row) => row.contender === 'ours');
    expect(ours?.ms).toBe(3);
    expect(combined?.rows[0]?.ratio).toBe(1);
    // Per process 3, 8 and 4: the ratio is their median, not the median time (3) over the
    // median floor time (1), which pairs one process's time with another's floor.
    expect(ours?.ratio).toBe(4);
  });

  it('should read a machine that is slower in one process as slower for the floor too', () => {
    // The second process runs everything twice as slowly; the ratio stays 2.
    const [combined] = combineComparisons([table(1, 2), table(2, 4), table(1, 2)]);
    expect(combined?.rows[1]?.ratio).toBe(2);
  });

  it('should average the two middle values when there is an even number of processes', () => {
    const [combined] = combineComparisons([table(1, 2), table(2, 8)]);
    expect(combined?.rows.map((row) => row.ms)).toEqual([1.5, 5]);
    // Per process 2 and 4.
    expect(combined?.rows[1]?.ratio).toBe(3);
  });

  it('should mark a contender wrong when any process saw it read the wrong calls', () => {
    const [combined] = combineComparisons([table(1, 2), table(1, 2, false), table(1, 2)]);
    expect(combined?.rows.map((row) => row.correct)).toEqual([true, false]);
  });

  it('should return one process unchanged in its times', () => {
    const [combined] = combineComparisons([table(2, 5)]);
    expect(combined?.rows.map((row) => [row.ms, row.ratio])).toEqual([
      [2, 1],
      [5, 2.5],
    ]);
  });

  it('should keep every process time of a contender, in process order', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.2, 9), table(0.8, 2.5)]);
    expect(combined?.rows.map((row) => row.processMs)).toEqual([
      [1, 1.2, 0.8],
      [3, 9, 2.5],
    ]);
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

describe('ratioTo', () => {
  it('should give the median per-process ratio to another row', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.25, 10), table(0.5, 2)]);
    // JSON.parse over ours per process: 1/3, 0.125, 0.25.
    expect(ratioTo(combined?.rows ?? [], 'JSON.parse', 'ours')).toBe(0.25);
  });

  it('should divide the times of rows from one process', () => {
    expect(ratioTo(table(2, 5)[0]?.rows ?? [], 'ours', 'JSON.parse')).toBe(2.5);
  });

  it('should give nothing for a row that is not there', () => {
    expect(ratioTo(table(2, 5)[0]?.rows ?? [], 'theirs', 'JSON.parse')).toBeUndefined();
  });
});

describe('ratioSpread', () => {
  it('should give the lowest and highest per-process ratio, each over its own process floor', () => {
    const [combined] = combineComparisons([table(1, 3), table(1.25, 10), table(0.5, 2)]);
    // 3 / 1, 10 / 1.25, 2 / 0.5: the slow process is slow against its own floor too.
    expect(ratioSpread(combined?.rows ?? [], 'ours', 'JSON.parse')).toEqual([3, 8]);
  });

  it('should read a ratio to another row than the floor', () => {
    const [combined] = combineComparisons([table(2, 4), table(1, 4)]);
    expect(ratioSpread(combined?.rows ?? [], 'JSON.parse', 'ours')).toEqual([0.25, 0.5]);
  });

  it('should give nothing for one process or a contender that is not there', () => {
    const [single] = combineComparisons([table(1, 3)]);
    expect(ratioSpread(single?.rows ?? [], 'ours', 'JSON.parse')).toBeUndefined();
    const [combined] = combineComparisons([table(1, 3), table(1, 4)]);
    expect(ratioSpread(combined?.rows ?? [], 'theirs', 'JSON.parse')).toBeUndefined();
    expect(ratioSpread(table(1, 3)[0]?.rows ?? [], 'ours', 'JSON.parse')).toBeUndefined();
  });
});
