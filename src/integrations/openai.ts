/**
 * `tool-call-parser/openai`: accepted calls in the shape of OpenAI chat.completions, so a proxy
 * in front of a raw completion server can answer OpenAI clients. The `openai` package is only a
 * source of types here (an optional peer dependency); nothing is imported at run time.
 *
 * @packageDocumentation
 */
import type {
  ChatCompletionChunk,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions';
import { createValidatedCalls, type ReleasedCall } from '../stream/validated-calls.js';
import type { RejectedCall, StreamEvent, ToolCall } from '../types.js';

/** One streamed delta of a chat completion choice (`choices[0].delta`). */
export type OpenAIDelta = ChatCompletionChunk.Choice.Delta;

/**
 * Converts accepted calls to chat.completions `tool_calls`.
 *
 * @param calls - Calls from `parser.parse(text).calls`.
 * @returns One `{ id, type: 'function', function: { name, arguments } }` per call, the
 * arguments as a JSON string.
 * @example
 * ```ts
 * const { calls } = parser.parse('<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>');
 * toOpenAIToolCalls(calls)[0]?.function.arguments; // '{"city":"Oslo"}'
 * ```
 */
export function toOpenAIToolCalls(
  calls: readonly ToolCall[],
): ChatCompletionMessageFunctionToolCall[] {
  return calls.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
}

/** Options of {@link createOpenAIStreamConverter}. */
export interface OpenAIStreamOptions {
  /** Called with each call the parser refused; refused calls are never sent to the client. */
  onRejected?: (rejection: RejectedCall) => void;
}

/** Turns stream events into chat.completions deltas; see {@link createOpenAIStreamConverter}. */
export interface OpenAIStreamConverter {
  /**
   * Converts the events of one `push` or `end`.
   *
   * @param events - Events from `parser.stream()`.
   * @returns The deltas to send, in order (possibly none).
   */
  push(events: readonly StreamEvent[]): OpenAIDelta[];
  /** `'tool_calls'` once a call was sent, else `'stop'`: the last chunk's `finish_reason`. */
  finishReason(): 'tool_calls' | 'stop';
  /**
   * The last chunk's choice, after the deltas of `stream.end()`: its `finish_reason`, and a delta
   * that names the assistant role when no delta did (an output with no text and no accepted call,
   * every call refused): OpenAI clients refuse a stream that never names it.
   *
   * @returns The delta and the finish reason of the last chunk.
   */
  finish(): { delta: OpenAIDelta; finish_reason: 'tool_calls' | 'stop' };
}

/**
 * Creates a converter from the parser's stream events to OpenAI streaming deltas. Text goes out
 * as it arrives (`{ content }`, the first with `role: 'assistant'`). A call goes out when the
 * parser accepts it at its `tool-call-end`: first `{ index, id, type, function: { name,
 * arguments: '' } }`, then its arguments as one fragment. An OpenAI client runs every call it has
 * accumulated when the stream finishes, so a call is held back until it is validated: a refused
 * call never reaches the client, and indexes stay dense. Reasoning is not sent.
 *
 * @param options - `onRejected`, told about refused calls.
 * @returns The converter.
 * @example
 * ```ts
 * const stream = parser.stream();
 * const openai = createOpenAIStreamConverter();
 * for await (const text of upstream) {
 *   for (const delta of openai.push(stream.push(text))) send({ choices: [{ index: 0, delta, finish_reason: null }] });
 * }
 * for (const delta of openai.push(stream.end())) send({ choices: [{ index: 0, delta, finish_reason: null }] });
 * send({ choices: [{ index: 0, ...openai.finish() }] });
 * ```
 */
export function createOpenAIStreamConverter(
  options: OpenAIStreamOptions = {},
): OpenAIStreamConverter {
  // Calls are sent once accepted, with dense indexes.
  const calls = createValidatedCalls(options.onRejected);
  // OpenAI streams name the role once, in the first delta.
  let roleSent = false;
  const withRole = (delta: OpenAIDelta): OpenAIDelta => {
    if (roleSent) return delta;
    roleSent = true;
    return { role: 'assistant', ...delta };
  };
  return {
    push(events) {
      const deltas: OpenAIDelta[] = [];
      for (const event of events) {
        switch (event.type) {
          case 'text-delta':
            if (event.delta !== '') deltas.push(withRole({ content: event.delta }));
            break;
          case 'reasoning-delta':
            break;
          default: {
            const released = calls.feed(event);
            if (released !== undefined) {
              deltas.push(withRole(callHeader(released)));
              deltas.push(callArguments(released));
            }
          }
        }
      }
      return deltas;
    },
    finishReason() {
      return calls.released > 0 ? 'tool_calls' : 'stop';
    },
    finish() {
      return { delta: withRole({}), finish_reason: calls.released > 0 ? 'tool_calls' : 'stop' };
    },
  };
}

/** A released call's first delta: its index, id, type and name, with no arguments yet. */
function callHeader({ call, index }: ReleasedCall): OpenAIDelta {
  return {
    tool_calls: [
      { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
    ],
  };
}

/** A released call's arguments, whole: see src/stream/validated-calls.ts for why one fragment. */
function callArguments({ index, argumentsJson }: ReleasedCall): OpenAIDelta {
  return { tool_calls: [{ index, function: { arguments: argumentsJson } }] };
}
