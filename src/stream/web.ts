/**
 * Streams in the shapes runtimes use: a Web `TransformStream` from text deltas to events, and an
 * async generator over any `AsyncIterable<string>` (an SDK's text stream, a Node readable).
 */
import type { ParseOptions } from '../parser.js';
import type { StreamEvent } from '../types.js';
import type { StreamParser } from './stream-parser.js';

/** Anything with a `stream()` method, such as a parser from `createParser`. */
export interface StreamSource {
  stream(options?: ParseOptions): StreamParser;
}

/**
 * Wraps a parser in a Web `TransformStream`: text deltas in, events out.
 *
 * @param parser - The parser (a new stream is started for this transform).
 * @param options - `context` for `policy.checkArguments`, passed to `parser.stream(options)`.
 * @returns The transform; pipe a text stream through it.
 * @example
 * ```ts
 * const events = textStream.pipeThrough(toTransformStream(parser));
 * for await (const event of events) if (event.type === 'tool-call-end') run(event);
 * ```
 */
export function toTransformStream(
  parser: StreamSource,
  options?: ParseOptions,
): TransformStream<string, StreamEvent> {
  const stream = parser.stream(options);
  return new TransformStream<string, StreamEvent>({
    transform(delta, controller) {
      for (const event of stream.push(delta)) controller.enqueue(event);
    },
    flush(controller) {
      for (const event of stream.end()) controller.enqueue(event);
    },
  });
}

/**
 * Parses an async iterable of text deltas, yielding events as they become final.
 *
 * @param parser - The parser.
 * @param deltas - The model's text, in any chunking.
 * @param options - `context` for `policy.checkArguments`, passed to `parser.stream(options)`.
 * @returns An async generator of events; it ends after the source ends.
 * @example
 * ```ts
 * for await (const event of streamEvents(parser, result.textStream)) console.log(event.type);
 * ```
 */
export async function* streamEvents(
  parser: StreamSource,
  deltas: AsyncIterable<string>,
  options?: ParseOptions,
): AsyncGenerator<StreamEvent, void, undefined> {
  const stream = parser.stream(options);
  for await (const delta of deltas) yield* stream.push(delta);
  yield* stream.end();
}
