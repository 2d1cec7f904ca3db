/**
 * The streaming cases: a response fed to `parser.stream()` in chunks, timed against `parse` of
 * the whole text (the streaming contract promises linear total work whatever the chunk size).
 */
import type { Parser } from '../../src/parser.js';

/**
 * Cuts a text into chunks of `size` UTF-16 units (surrogate pairs may be split, as a tokenizer
 * boundary may split them).
 *
 * @param text - The whole response.
 * @param size - Units per chunk.
 * @returns The chunks in order.
 */
export function chunk(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let index = 0; index < text.length; index += size)
    chunks.push(text.slice(index, index + size));
  return chunks;
}

/**
 * Feeds chunks to a new stream and ends it.
 *
 * @param parser - The parser whose stream is used.
 * @param chunks - The response in pieces.
 * @returns The number of events.
 */
export function streamChunks(parser: Parser, chunks: readonly string[]): number {
  const stream = parser.stream();
  let events = 0;
  for (const piece of chunks) events += stream.push(piece).length;
  return events + stream.end().length;
}
