/**
 * Caller mistakes on the command line. They end the command with exit code 2 and one line that
 * says how to fix the call; model output never raises one.
 */

/** A mistake in how the CLI was called: a missing file, an unknown flag, a bad value. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  /**
   * Creates a usage error.
   *
   * @param message - What is wrong and how to fix it, on one line.
   * @example
   * ```ts
   * throw new UsageError('no such file "log.jsonl"; pass the path of a JSON-lines log');
   * ```
   */
  constructor(message: string) {
    super(message);
  }
}
