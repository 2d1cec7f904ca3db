/**
 * The MAX `ToolParser` protocol (`parse_complete`, `parse_delta`, `reset`) over a parser, for
 * serving layers built on it: `parseDelta` returns deltas when something is ready, `[]` while it
 * consumes a tool-call section, and `null` while it buffers a possible marker. Like every other
 * output of the library, a call is only ever emitted once it is validated.
 */
import type { ParseOptions } from '../parser.js';
import type { ParseResult, RejectedCall, StreamEvent } from '../types.js';
import type { StreamParser } from './stream-parser.js';
import { createValidatedCalls } from './validated-calls.js';

/** One streamed piece, as the protocol's `ParsedToolCallDelta` (plus text, which it carries). */
export type ToolParserDelta =
  | { kind: 'content'; content: string }
  | { kind: 'reasoning'; reasoning: string }
  | { kind: 'tool-call'; index: number; id?: string; name?: string; argumentsDelta?: string };

/** The protocol's `ParsedToolResponse`. */
export interface ParsedToolResponse {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  /** What was refused (not in the protocol; kept so nothing is lost). */
  result: ParseResult;
}

/** The protocol. */
export interface ToolParserAdapter {
  /** Parses a complete response; never throws on model output. */
  parseComplete(response: string): ParsedToolResponse;
  /** Feeds a delta: deltas, `[]` (inside a tool section) or `null` (buffering). */
  parseDelta(delta: string): ToolParserDelta[] | null;
  /** Starts a new streaming session; also flushes nothing (call `finish` first to keep the tail). */
  reset(): void;
  /**
   * Ends the current session, returning the held tail's deltas (not in the protocol). Call
   * `reset()` before the next `parseDelta`.
   */
  finish(): ToolParserDelta[];
}

/** Options of {@link createToolParserAdapter}. */
export interface ToolParserAdapterOptions {
  /** Told about each call the parser refused while streaming; such a call is never emitted. */
  onRejected?: (rejection: RejectedCall) => void;
  /**
   * The caller's session, handed to `policy.checkArguments` for every call of every session of
   * this adapter (`parseComplete` and each stream).
   */
  context?: unknown;
}

/**
 * Creates a MAX `ToolParser` adapter.
 *
 * A streamed call is emitted when the parser accepts it, at its `tool-call-end`: its name and id,
 * then its arguments. The serving layer turns the deltas into OpenAI-style chunks, and a client
 * runs every call it accumulated, so a call sent before validation (an unknown tool, arguments
 * that break the schema) would run. Indexes stay dense across refused calls.
 *
 * @param parser - A parser from `createParser`.
 * @param options - `onRejected`, told about refused calls; `context` for `policy.checkArguments`.
 * @returns The adapter.
 * @example
 * ```ts
 * const tools = createToolParserAdapter(createParser({ formats: ['hermes'] }));
 * tools.parseDelta('<tool_'); // null: a marker may be starting
 * tools.parseDelta('call>{"name": "f", '); // []: inside a tool section
 * ```
 */
export function createToolParserAdapter(
  parser: {
    parse(text: string, options?: ParseOptions): ParseResult;
    stream(options?: ParseOptions): StreamParser;
  },
  options: ToolParserAdapterOptions = {},
): ToolParserAdapter {
  // Only a context the caller gave is passed on: a parser-like object need not take options.
  const perCall: ParseOptions | undefined =
    options.context === undefined ? undefined : { context: options.context };
  let stream = parser.stream(perCall);
  // finish() ended the stream: a delta now belongs to the next session, which reset() starts.
  let finished = false;
  let calls = createValidatedCalls(options.onRejected);
  const convert = (events: StreamEvent[]): ToolParserDelta[] => {
    const deltas: ToolParserDelta[] = [];
    for (const event of events) {
      if (event.type === 'text-delta') deltas.push({ kind: 'content', content: event.delta });
      else if (event.type === 'reasoning-delta') {
        deltas.push({ kind: 'reasoning', reasoning: event.delta });
      } else {
        const released = calls.feed(event);
        if (released === undefined) continue;
        const { call, index, argumentsJson } = released;
        deltas.push({ kind: 'tool-call', index, id: call.id, name: call.name });
        deltas.push({ kind: 'tool-call', index, argumentsDelta: argumentsJson });
      }
    }
    return deltas;
  };
  return {
    parseComplete(response) {
      const result = parser.parse(response, perCall);
      return {
        content: result.content,
        toolCalls: result.calls.map((call) => ({
          id: call.id,
          name: call.name,
          arguments: JSON.stringify(call.arguments),
        })),
        result,
      };
    },
    parseDelta(delta) {
      if (finished) {
        throw new TypeError(
          'ToolParserAdapter.parseDelta: this session has finished; call reset() to start the next one',
        );
      }
      const deltas = convert(stream.push(delta));
      if (deltas.length > 0) return deltas;
      return stream.inSection ? [] : null;
    },
    reset() {
      stream = parser.stream(perCall);
      calls = createValidatedCalls(options.onRejected);
      finished = false;
    },
    finish() {
      finished = true;
      return convert(stream.end());
    },
  };
}
