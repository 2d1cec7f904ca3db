/**
 * Holds each streamed call until the parser has decided it, for consumers that run every call
 * they receive (an OpenAI client runs the calls it accumulated when the stream finishes, and a
 * MAX serving layer turns deltas into such chunks): a call is released at its `tool-call-end`
 * only when it was accepted, with the next dense index; a refused call is reported, never sent.
 */
import type { RejectedCall, StreamEvent, ToolCall } from '../types.js';

/** A call released once accepted. */
export interface ReleasedCall {
  call: ToolCall;
  /** Dense: refused calls leave no gap. */
  index: number;
  /**
   * Its arguments as the argument deltas carried them, or as one piece of the final JSON when
   * they do not join into it (validation coerced a value, or the model wrote a key twice).
   * Never empty strings.
   */
  fragments: readonly string[];
}

/** See {@link createValidatedCalls}. */
export interface ValidatedCalls {
  /**
   * Feeds one event of `parser.stream()`; text and reasoning events are not its business.
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
 *   if (released !== undefined) send(released.call.name, released.fragments);
 * }
 * ```
 */
export function createValidatedCalls(
  onRejected?: (rejection: RejectedCall) => void,
): ValidatedCalls {
  // Argument fragments of calls started but not decided yet, by event id.
  const pending = new Map<string, string[]>();
  let released = 0;
  return {
    feed(event) {
      switch (event.type) {
        case 'tool-call-start':
          pending.set(event.id, []);
          return undefined;
        case 'tool-call-delta':
          pending.get(event.id)?.push(event.argumentsDelta);
          return undefined;
        case 'tool-call-end': {
          const fragments = pending.get(event.id);
          pending.delete(event.id);
          if ('rejection' in event) {
            onRejected?.(event.rejection);
            return undefined;
          }
          const json = JSON.stringify(event.call.arguments);
          const streamed = fragments !== undefined && fragments.join('') === json;
          return {
            call: event.call,
            index: released++,
            fragments: streamed ? fragments.filter((fragment) => fragment !== '') : [json],
          };
        }
        default:
          return undefined;
      }
    },
    get released() {
      return released;
    },
  };
}
