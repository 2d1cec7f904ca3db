/**
 * Comparisons measured in several processes, combined into one. On a shared machine one process
 * can run the library's code 1.5× slower than the next (seen on unchanged code: the hermes 200 B
 * forced row read 2.8× in one full run and 4.3× in the next), while its floor runs as before; the
 * median over processes keeps one such process from deciding a target.
 *
 * A ratio is the median of the per-process ratios, each process's time over that same process's
 * floor time, not the median time over the median floor time: the machine's speed also drifts
 * between processes, and the medians of times can then pair one process's time with another's
 * floor. One compare run read 4.84× that way, from processes reading 3.0×, 4.9× and 2.9×.
 */
import { median } from './measure.js';
import type { Comparison, ComparisonRow } from './report.js';

/**
 * Combines the comparisons of several processes: per contender the median time over processes,
 * and the median of its per-process ratios to the floor. Each row keeps its time in every
 * process, from which `ratioSpread` reads how far the processes disagreed. A contender counts as
 * correct only if it read the expected calls in every process.
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
    const timesOf = (contender: string): number[] =>
      same.map((item) => item.rows.find((row) => row.contender === contender)?.ms ?? Number.NaN);
    const floorMs = timesOf(comparison.floor);
    return {
      ...comparison,
      rows: comparison.rows.map((row) => {
        const processMs = timesOf(row.contender);
        return {
          contender: row.contender,
          ms: median(processMs),
          ratio: median(ratiosOf(processMs, floorMs)),
          processMs,
          correct: same.every(
            (item) => item.rows.find((other) => other.contender === row.contender)?.correct,
          ),
        };
      }),
    };
  });
}

function ratiosOf(times: readonly number[], floorTimes: readonly number[]): number[] {
  return times.map((ms, index) => ms / (floorTimes[index] ?? Number.NaN));
}

/**
 * One contender's ratio to another row of the same input (such as `indexOf + JSON.parse`), as
 * `combineComparisons` reads a ratio to the floor: the median of the per-process ratios, or the
 * plain ratio when the rows come from one process.
 *
 * @param rows - One input's rows.
 * @param contender - The contender.
 * @param floor - The row it is measured against.
 * @returns The ratio, or `undefined` when either row is missing.
 * @example
 * ```ts
 * ratioTo(combined[0].rows, 'ours', 'JSON.parse'); // 3.125
 * ```
 */
export function ratioTo(
  rows: readonly ComparisonRow[],
  contender: string,
  floor: string,
): number | undefined {
  const row = rows.find((item) => item.contender === contender);
  const floorRow = rows.find((item) => item.contender === floor);
  if (row === undefined || floorRow === undefined) return undefined;
  const { processMs } = row;
  const floorMs = floorRow.processMs;
  if (processMs === undefined || floorMs?.length !== processMs.length) {
    return row.ms / floorRow.ms;
  }
  return median(ratiosOf(processMs, floorMs));
}

/**
 * The lowest and highest ratio of one contender to a floor over the processes, each process's
 * time over that same process's floor time: the spread a combined ratio hides.
 *
 * @param rows - One input's combined rows.
 * @param contender - The contender.
 * @param floor - The floor contender (the input's own floor, or another row such as `indexOf +
 * JSON.parse`).
 * @returns `[lowest, highest]`, or `undefined` when the rows carry no per-process times.
 * @example
 * ```ts
 * ratioSpread(combined[0].rows, 'ours', 'JSON.parse'); // [3, 8]
 * ```
 */
export function ratioSpread(
  rows: readonly ComparisonRow[],
  contender: string,
  floor: string,
): [number, number] | undefined {
  const times = rows.find((row) => row.contender === contender)?.processMs;
  const floorTimes = rows.find((row) => row.contender === floor)?.processMs;
  if (times === undefined || floorTimes?.length !== times.length || times.length < 2) {
    return undefined;
  }
  const ratios = ratiosOf(times, floorTimes);
  return [Math.min(...ratios), Math.max(...ratios)];
}
