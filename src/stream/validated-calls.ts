/**
 * Holds each streamed call until the parser has decided it, for consumers that run every call
 * they receive (an OpenAI client runs the calls it accumulated when the stream finishes, and a
 * MAX serving layer turns deltas into such chunks): a call is released at its `tool-call-end`
 * only when it was accepted, with the next dense index; a refused call is reported, never sent.
 *
 * A released call's arguments go out as one JSON text, not as the argument deltas that streamed
 * them: every delta of a call is released at the same moment, so splitting them gains a consumer
 * nothing, and a call streamed one unit at a time would become as many chunks (a 100 KB argument,
 * 100,000 AI SDK parts enqueued at once, took 6.7 s to read on Node 20, whose stream queue shifts
 * an array; OpenAI clients would get as many SSE chunks). Holding no deltas also keeps a long
 * call's memory to its text.
 */
import type { RejectedCall, StreamEvent, ToolCall } from '../types.js';

/** A call released once accepted. */
export interface ReleasedCall {
  call: ToolCall;
  /** Dense: refused calls leave no gap. */
  index: number;
  /** `JSON.stringify(call.arguments)`: what the argument deltas of the call concatenate to. */
  argumentsJson: string;
}

/** See {@link createValidatedCalls}. */
export interface ValidatedCalls {
  /**
   * Feeds one event of `parser.stream()`; text, reasoning, call starts and argument deltas are
   * not its business (a call is released whole, at its end).
   *
   * @param event - The next event.
   * @returns The call this event released, if it was an accepting `tool-call-end`.
   */
  feed(event: StreamEvent): ReleasedCall | undefined;
  /** Calls released so far. */
  readonly released: number;
}

/**
 * Creates the holder of one stream's calls.
 *
 * @param onRejected - Told about each refused call.
 * @returns The holder.
 * @example
 * ```ts
 * const calls = createValidatedCalls();
 * for (const event of stream.push(delta)) {
 *   const released = calls.feed(event);
 *   if (released !== undefined) send(released.call.name, released.argumentsJson);
 * }
 * ```
 */
export function createValidatedCalls(
  onRejected?: (rejection: RejectedCall) => void,
): ValidatedCalls {
  let released = 0;
  return {
    feed(event) {
      if (event.type !== 'tool-call-end') return undefined;
      if ('rejection' in event) {
        onRejected?.(event.rejection);
        return undefined;
      }
      return {
        call: event.call,
        index: released++,
        argumentsJson: JSON.stringify(event.call.arguments),
      };
    },
    get released() {
      return released;
    },
  };
}
