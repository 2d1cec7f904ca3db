/**
 * The MAX `ToolParser` protocol (`parse_complete`, `parse_delta`, `reset`) over a parser, for
 * serving layers built on it: `parseDelta` returns deltas when something is ready, `[]` while it
 * consumes a tool-call section, and `null` while it buffers a possible marker.
 */
import type { ParseResult, StreamEvent } from '../types.js';
import type { StreamParser } from './stream-parser.js';

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
  /** Ends the current session, returning the held tail's deltas (not in the protocol). */
  finish(): ToolParserDelta[];
}

/**
 * Creates a MAX `ToolParser` adapter.
 *
 * @param parser - A parser from `createParser`.
 * @returns The adapter.
 * @example
 * ```ts
 * const tools = createToolParserAdapter(createParser({ formats: ['hermes'] }));
 * tools.parseDelta('<tool_'); // null: a marker may be starting
 * tools.parseDelta('call>{"name": "f", '); // []: inside a tool section
 * ```
 */
export function createToolParserAdapter(parser: {
  parse(text: string): ParseResult;
  stream(): StreamParser;
}): ToolParserAdapter {
  let stream = parser.stream();
  // Indexes of started calls by event id, for deltas that carry only the id.
  let indexes = new Map<string, number>();
  const convert = (events: StreamEvent[]): ToolParserDelta[] => {
    const deltas: ToolParserDelta[] = [];
    for (const event of events) {
      if (event.type === 'text-delta') deltas.push({ kind: 'content', content: event.delta });
      else if (event.type === 'reasoning-delta') {
        deltas.push({ kind: 'reasoning', reasoning: event.delta });
      } else if (event.type === 'tool-call-start') {
        indexes.set(event.id, event.index);
        deltas.push({ kind: 'tool-call', index: event.index, id: event.id, name: event.name });
      } else if (event.type === 'tool-call-delta') {
        const index = indexes.get(event.id) ?? -1;
        deltas.push({ kind: 'tool-call', index, argumentsDelta: event.argumentsDelta });
      }
    }
    return deltas;
  };
  return {
    parseComplete(response) {
      const result = parser.parse(response);
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
      const deltas = convert(stream.push(delta));
      if (deltas.length > 0) return deltas;
      return stream.inSection ? [] : null;
    },
    reset() {
      stream = parser.stream();
      indexes = new Map();
    },
    finish() {
      return convert(stream.end());
    },
  };
}
