/**
 * The progress bar `replay` draws on stderr for long logs: only on a terminal (a bar in a CI log
 * or a pipe is noise), redrawn at most every 100 ms, and erased when the replay ends so the
 * summary starts on a clean line.
 */
import type { CliIo } from '../io.js';

/** A bar; see {@link createProgress}. */
export interface Progress {
  /** Reports how many bytes of the log have been read. */
  update(bytesRead: number): void;
  /** Erases the bar. */
  done(): void;
}

/** Logs smaller than this finish before a bar would help. */
export const PROGRESS_MIN_BYTES = 256 * 1024;

/**
 * Creates a progress bar, or a silent one when stderr is not a terminal or the log is small.
 *
 * @param stderr - Where to draw.
 * @param totalBytes - The log's size.
 * @param options - `minBytes`: the size from which a bar is drawn; `now`: the clock (tests).
 * @returns The bar.
 * @example
 * ```ts
 * const progress = createProgress(process.stderr, size);
 * progress.update(read);
 * progress.done();
 * ```
 */
export function createProgress(
  stderr: CliIo['stderr'],
  totalBytes: number,
  options: { minBytes?: number; now?: () => number } = {},
): Progress {
  const minBytes = options.minBytes ?? PROGRESS_MIN_BYTES;
  if (stderr.isTTY !== true || totalBytes < minBytes) return { update() {}, done() {} };
  const now = options.now ?? Date.now;
  const width = Math.max(10, Math.min(40, (stderr.columns ?? 80) - 30));
  // When the bar was last drawn: redrawing on every line would cost more than the parsing.
  let drawnAt = -Infinity;
  let drawn = false;
  return {
    update(bytesRead) {
      const time = now();
      if (time - drawnAt < 100) return;
      drawnAt = time;
      drawn = true;
      const fraction = Math.min(1, bytesRead / totalBytes);
      const filled = Math.round(fraction * width);
      stderr.write(
        `\rreplay [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(fraction * 100)}%`,
      );
    },
    done() {
      if (drawn) stderr.write(`\r${' '.repeat(width + 16)}\r`);
    },
  };
}
