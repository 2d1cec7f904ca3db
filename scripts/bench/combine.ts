/**
 * Comparisons measured in several processes, combined into one. On a shared machine one process
 * can run the library's code 1.5× slower than the next (seen on unchanged code: the hermes 200 B
 * forced row read 2.8× in one full run and 4.3× in the next), while its floor runs as before; the
 * median over processes keeps one such process from deciding a target.
 *
 * A ratio is the median of the per-process ratios (each measured in pairs with its floor, see
 * `pairedRatios`), not the median time over the median floor time: the machine's speed also
 * drifts between processes, and the medians of times can then pair one process's time with
 * another's floor. One compare run read 4.84× that way, from processes reading 3.0×, 4.9× and
 * 2.9×.
 */
import { median } from './measure.js';
import type { Comparison, ComparisonRow } from './report.js';

/**
 * Combines the comparisons of several processes: per contender the median time over processes,
 * and the median of its per-process ratios. Each row keeps its time and its ratio in every
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
    JSON.stringify(
      comparisons.map((item) => [item.id, item.floor, item.rows.map((row) => row.contender)]),
    );
  if (others.some((run) => shape(run) !== shape(first))) {
    throw new Error('combineComparisons: the processes measured different inputs or contenders');
  }
  return first.map((comparison, index) => {
    const same = runs.map((run) => run[index] as Comparison);
    const rowsOf = (contender: string): (ComparisonRow | undefined)[] =>
      same.map((item) => item.rows.find((row) => row.contender === contender));
    return {
      ...comparison,
      rows: comparison.rows.map((row) => {
        const rows = rowsOf(row.contender);
        const processMs = rows.map((item) => item?.ms ?? Number.NaN);
        const processRatios = rows.map((item) => item?.ratio ?? Number.NaN);
        return {
          contender: row.contender,
          ms: median(processMs),
          ratio: median(processRatios),
          processMs,
          processRatios,
          correct: rows.every((item) => item?.correct === true),
        };
      }),
    };
  });
}

/**
 * The lowest and highest of a combined row's per-process ratios: the spread its median hides.
 *
 * @param row - A row of `combineComparisons`.
 * @returns `[lowest, highest]`, or `undefined` for a row of one process.
 * @example
 * ```ts
 * ratioSpread(combined[0].rows[1]); // [3, 8]
 * ```
 */
export function ratioSpread(row: ComparisonRow): [number, number] | undefined {
  const ratios = row.processRatios;
  if (ratios === undefined || ratios.length < 2) return undefined;
  return [Math.min(...ratios), Math.max(...ratios)];
}
