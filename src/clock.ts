/**
 * The clock of telemetry timings. `performance` is read once: in Node the global is an accessor,
 * and reading it on each of a parse's three clock readings cost a fifth of each reading.
 */
const clock = globalThis.performance;

/**
 * Milliseconds since the time origin, as `performance.now()`.
 *
 * @returns The current time.
 * @example
 * ```ts
 * const started = now();
 * const elapsedMs = now() - started;
 * ```
 */
export function now(): number {
  return clock.now();
}
