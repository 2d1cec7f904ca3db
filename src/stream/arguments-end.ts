/**
 * Where a call's arguments end as a stream's writer reads them, for a lowering that must name the
 * calls a stream started from their heads (lfm2's and gemma4's blocks its grammar cannot read):
 * the same writer, fed the same text, finishes at the same unit whatever the chunking.
 */
import type { CallArgumentsWriter } from './json-writer.js';

/** Units the writer is fed at a time: the rest of a long block is not copied for every call. */
const PIECE = 4096;

/**
 * Feeds `writer` the text from `start` until it finishes, stalls or the text ends.
 *
 * @param writer - A fresh writer of the call's arguments (one that reports `readLength`).
 * @param text - The text, ending where the section does.
 * @param start - Where the arguments start (the head's `argumentsStart`).
 * @returns Where the arguments end (just past their last unit), or `undefined` when the writer
 * did not finish them.
 * @example
 * ```ts
 * argumentsEnd(createPythonCallWriter(DEFAULT_LIMITS), 'f(a=1), g(', 2); // 6
 * ```
 */
export function argumentsEnd(
  writer: CallArgumentsWriter,
  text: string,
  start: number,
): number | undefined {
  for (let at = start; writer.state === 'open' && at < text.length; at += PIECE) {
    writer.write(text.slice(at, at + PIECE));
  }
  return writer.state === 'done' && writer.readLength !== undefined
    ? start + writer.readLength
    : undefined;
}
