/**
 * Promises the library drops. A caller's callback may be `async` though its answer is not used
 * (`onTelemetry`), or is refused as `hook-failed` (`checkArguments`): its promise is dropped, and a
 * rejected promise nobody handles makes Node report an unhandled rejection and, by default, exit.
 */

const ignore = (): void => {};

/**
 * Attaches a rejection handler to what a callback returned, when that is a thenable: whatever it
 * rejects with is ignored, as a throw from the same callback is.
 *
 * @param value - The callback's answer (anything; only objects and functions are looked at).
 * @example
 * ```ts
 * ignoreRejection(onTelemetry(record)); // an async callback that rejects crashes nothing
 * ```
 */
export function ignoreRejection(value: unknown): void {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
  try {
    // Promise.resolve adopts a thenable in a later microtask, where a `then` that throws only
    // rejects the promise handled here; reading `then` (a getter, a Proxy) may throw at once.
    Promise.resolve(value).then(undefined, ignore);
  } catch {
    // A `then` getter that throws: no promise was made, so none can go unhandled.
  }
}
