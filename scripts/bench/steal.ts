/**
 * The share of CPU time the hypervisor gave to other machines during a run ("steal" in
 * /proc/stat). On a shared virtual machine a noisy neighbour slows every timing at once; the report
 * prints this figure so that a run measured under it can be told from a quiet one.
 */
import { readFileSync } from 'node:fs';

/** The machine's CPU time counters at one moment, in clock ticks (Linux only). */
export interface CpuTicks {
  steal: number;
  total: number;
}

/**
 * Reads the aggregate CPU counters.
 *
 * @returns The counters, or `undefined` where /proc/stat cannot be read (not Linux).
 * @example
 * ```ts
 * const before = readCpuTicks();
 * // ... run ...
 * stealShare(before, readCpuTicks()); // 0.02: 2% of CPU time was taken by other machines
 * ```
 */
export function readCpuTicks(): CpuTicks | undefined {
  let line: string | undefined;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
  } catch {
    return undefined;
  }
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice
  const fields = line?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  if (fields.length < 8 || fields.some((value) => !Number.isFinite(value))) return undefined;
  // guest and guest_nice are already counted in user and nice.
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { steal: fields[7] as number, total };
}

/**
 * The share of CPU time stolen between two readings.
 *
 * @param before - The first reading.
 * @param after - The second reading.
 * @returns A fraction from 0 to 1, or `undefined` when either reading is missing or no time
 * passed.
 */
export function stealShare(
  before: CpuTicks | undefined,
  after: CpuTicks | undefined,
): number | undefined {
  if (before === undefined || after === undefined) return undefined;
  const total = after.total - before.total;
  return total > 0 ? (after.steal - before.steal) / total : undefined;
}
