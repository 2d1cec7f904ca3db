/**
 * Timing on top of tinybench. Two choices keep ratios stable on a shared, noisy machine:
 * functions faster than a fraction of a millisecond run in batches (one timer read per batch, so
 * timer cost and resolution do not swamp a 1 µs parse), and every group of tasks runs in several
 * interleaved rounds, each task keeping the best of its per-round medians (a load spike during
 * one round then costs that round only).
 */
import { Bench, hrtimeNow } from 'tinybench';

/** A function to time. */
export interface Task {
  id: string;
  fn: () => unknown;
}

/** The timing of one task, in milliseconds per call. */
export interface Timing {
  id: string;
  /** Best per-round median (the figure ratios use). */
  ms: number;
  /** Median over rounds of the per-round medians. */
  medianMs: number;
  /** The per-round medians, in round order (tasks of one group share their rounds). */
  roundMs: number[];
  /** Calls timed in all rounds. */
  calls: number;
}

/** How long to time each task. */
export interface MeasureOptions {
  /** Time budget per task per round, in ms. */
  timeMs: number;
  /** Rounds over the whole group. */
  rounds: number;
  /** Minimum samples per task per round (a sample is one batch). */
  minSamples: number;
}

/** A batch lasts at least this long, so one timer read is noise next to it. */
const BATCH_MS = 0.25;

/** A call slower than this (ms) makes its group "slow": no warm-up, two samples a round. */
const SLOW_MS = 50;

function batchSize(fn: () => unknown, perCallById: Map<string, number>, id: string): number {
  fn();
  let calls = 0;
  const started = hrtimeNow();
  let elapsed = 0;
  while (elapsed < 2 && calls < 1_000_000) {
    fn();
    calls += 1;
    elapsed = hrtimeNow() - started;
  }
  const perCall = elapsed / calls;
  perCallById.set(id, perCall);
  return Math.max(1, Math.min(100_000, Math.ceil(BATCH_MS / perCall)));
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Times every task of a group, in interleaved rounds.
 *
 * @param tasks - The functions, timed in the same run so their ratios are comparable.
 * @param options - Budget per task and round, rounds, minimum samples.
 * @returns One timing per task id.
 */
export async function measure(
  tasks: readonly Task[],
  options: MeasureOptions,
): Promise<Map<string, Timing>> {
  const perCall = new Map<string, number>();
  const batches = new Map(tasks.map((task) => [task.id, batchSize(task.fn, perCall, task.id)]));
  // Calls slower than this are timed one at a time, a couple per round: the bench must end in
  // minutes, and a single multi-megabyte parse is already long next to any timer noise.
  const slow = Math.max(...perCall.values()) > SLOW_MS;
  const perRound = new Map<string, number[]>(tasks.map((task) => [task.id, []]));
  const calls = new Map<string, number>(tasks.map((task) => [task.id, 0]));
  // A slow group (megabytes of adversarial input) gets as many rounds as any other, in alternating
  // order, and keeps its best: with one round, a burst of load on the shared machine during one
  // size's two samples was enough to flag a linear family (tool-call-tag forced read 2.39 and
  // 2.50 in two full runs, 2.00 re-measured alone; marker-json forced 2.74 after 1.99).
  const rounds = options.rounds;
  for (let round = 0; round < rounds; round += 1) {
    const bench = new Bench({
      time: slow ? 0 : options.timeMs,
      iterations: slow ? Math.min(2, options.minSamples) : options.minSamples,
      warmup: !slow,
      warmupTime: Math.min(50, options.timeMs / 4),
      warmupIterations: 2,
      now: hrtimeNow,
      throws: true,
    });
    // Alternate the order between rounds so no task always runs right after a costly one.
    const ordered = round % 2 === 0 ? tasks : [...tasks].reverse();
    for (const task of ordered) {
      const batch = batches.get(task.id) as number;
      const { fn } = task;
      bench.add(task.id, () => {
        const started = hrtimeNow();
        for (let index = 0; index < batch; index += 1) fn();
        const elapsed = hrtimeNow() - started;
        return { overriddenDuration: elapsed / batch, overriddenIterationCost: elapsed };
      });
    }
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed')
        throw new Error(`bench task ${task.name} ended ${result.state}`);
      perRound.get(task.name)?.push(result.latency.p50);
      calls.set(
        task.name,
        (calls.get(task.name) ?? 0) + result.latency.samplesCount * (batches.get(task.name) ?? 1),
      );
    }
  }
  return new Map(
    tasks.map((task) => {
      const values = perRound.get(task.id) as number[];
      return [
        task.id,
        {
          id: task.id,
          ms: Math.min(...values),
          medianMs: median(values),
          roundMs: values,
          calls: calls.get(task.id) ?? 0,
        },
      ];
    }),
  );
}

/**
 * Ratios of tasks to a floor measured in pairs: a batch of the floor, a batch of the task, a batch
 * of the floor again, `pairs` times, each task's ratio the median over its pairs of its batch time
 * over the mean of the two floor batches around it. The machine's speed moves over milliseconds
 * (another tenant, the hypervisor) far more than a 1 µs parse does; timed apart, the task and its
 * floor each meet a different machine (one run read the hermes 200 B call at 2.1× in phase 1 and
 * 3.5× in phase 1+2, 0.2 µs apart in time taken), while a pair a millisecond long meets one.
 *
 * @param floor - The task every ratio divides by.
 * @param tasks - The tasks (the floor among them gets 1).
 * @param pairs - Pairs per task.
 * @returns The median ratio per task id.
 */
export function pairedRatios(
  floor: Task,
  tasks: readonly Task[],
  pairs: number,
): Map<string, number> {
  const perCall = new Map<string, number>();
  const floorBatch = batchSize(floor.fn, perCall, floor.id);
  const ratios = new Map<string, number>([[floor.id, 1]]);
  const timeBatch = (fn: () => unknown, batch: number): number => {
    const started = hrtimeNow();
    for (let index = 0; index < batch; index += 1) fn();
    return (hrtimeNow() - started) / batch;
  };
  for (const task of tasks) {
    if (task.id === floor.id) continue;
    const batch = batchSize(task.fn, perCall, task.id);
    const samples: number[] = [];
    for (let pair = 0; pair < pairs; pair += 1) {
      const before = timeBatch(floor.fn, floorBatch);
      const taken = timeBatch(task.fn, batch);
      const after = timeBatch(floor.fn, floorBatch);
      samples.push(taken / ((before + after) / 2));
    }
    ratios.set(task.id, median(samples));
  }
  return ratios;
}
