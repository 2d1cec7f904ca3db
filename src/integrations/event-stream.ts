/**
 * The parser's stream as the integrations use it: `push(delta)` and `end()`, each returning
 * {@link StreamEvent}s. Uses `parser.stream()`; a parser without one (an older build) is served by
 * folding `parse()` of the whole text into the same events at the end.
 */
import type { Parser } from '../parser.js';
import type { ParseResult, StreamEvent } from '../types.js';

/** An incremental parse of one output. */
export interface EventStream {
  /** Feeds the next text; returns the events it made final. */
  push(delta: string): StreamEvent[];
  /** Ends the output; returns the remaining events. */
  end(): StreamEvent[];
}

/**
 * Opens a stream on a parser.
 *
 * @param parser - A parser from `createParser`.
 * @returns Its event stream.
 * @example
 * ```ts
 * const stream = openEventStream(createParser({ formats: ['hermes'] }));
 * const events = [...stream.push('<tool_call>{"name":"f","arguments":{}}'), ...stream.end()];
 * ```
 */
export function openEventStream(parser: Parser): EventStream {
  const native = (parser as Parser & { stream?: () => EventStream }).stream;
  if (typeof native === 'function') return native.call(parser);
  let text = '';
  return {
    push(delta) {
      text += delta;
      return [];
    },
    end() {
      return eventsOf(parser.parse(text));
    },
  };
}

/**
 * The events a stream gives for a whole parse result, in order: text, reasoning, then each call
 * (start, its canonical JSON arguments, end) and each rejection.
 *
 * @param result - A parse result.
 * @returns Events whose fold is `result`.
 * @example
 * ```ts
 * eventsOf(parser.parse(text)).filter((event) => event.type === 'tool-call-end');
 * ```
 */
export function eventsOf(result: ParseResult): StreamEvent[] {
  const events: StreamEvent[] = [];
  if (result.reasoning !== '') events.push({ type: 'reasoning-delta', delta: result.reasoning });
  if (result.content !== '') events.push({ type: 'text-delta', delta: result.content });
  result.calls.forEach((call, index) => {
    events.push({ type: 'tool-call-start', id: call.id, index, name: call.name });
    events.push({
      type: 'tool-call-delta',
      id: call.id,
      argumentsDelta: JSON.stringify(call.arguments),
    });
    events.push({ type: 'tool-call-end', id: call.id, call });
  });
  result.rejected.forEach((rejection, index) => {
    events.push({ type: 'tool-call-end', id: rejection.id ?? `rejected_${index}`, rejection });
  });
  return events;
}
