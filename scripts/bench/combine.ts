/**
 * Comparisons measured in several processes, combined into one. On a shared machine one process
 * can run the library's code 1.5× slower than the next (seen on unchanged code: the hermes 200 B
 * forced row read 2.8× in one full run and 4.3× in the next), while its floor runs as before; the
 * median over processes keeps one such process from deciding a target.
 */
import { median } from './measure.js';
import type { Comparison } from './report.js';

/**
 * Combines the comparisons of several processes: per contender the median time over processes,
 * and its ratio to the floor's median time. A contender counts as correct only if it read the
 * expected calls in every process.
 *
 * @param runs - Each process's comparisons, of the same inputs and contenders in the same order.
 * @returns One list of comparisons.
 * @throws Error when the processes did not measure the same inputs and contenders.
 */
export function combineComparisons(runs: readonly (readonly Comparison[])[]): Comparison[] {
  const [first, ...others] = runs;
  if (first === undefined) return [];
  const shape = (comparisons: readonly Comparison[]): string =>
    JSON.stringify(comparisons.map((item) => [item.id, item.rows.map((row) => row.contender)]));
  if (others.some((run) => shape(run) !== shape(first))) {
    throw new Error('combineComparisons: the processes measured different inputs or contenders');
  }
  return first.map((comparison, index) => {
    const same = runs.map((run) => run[index] as Comparison);
    const msOf = (contender: string): number =>
      median(
        same.map((item) => item.rows.find((row) => row.contender === contender)?.ms ?? Number.NaN),
      );
    const floorMs = msOf(comparison.floor);
    return {
      ...comparison,
      rows: comparison.rows.map((row) => {
        const ms = msOf(row.contender);
        return {
          contender: row.contender,
          ms,
          ratio: ms / floorMs,
          correct: same.every(
            (item) => item.rows.find((other) => other.contender === row.contender)?.correct,
          ),
        };
      }),
    };
  });
}
