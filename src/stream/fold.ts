/**
 * Folding stream events back into a result: what a consumer that keeps everything would hold,
 * and what the streaming contract compares with `parse(text)`.
 */
import type { RejectedCall, StreamEvent, ToolCall } from '../types.js';

/** The fold of a stream's events. */
export interface FoldedStream {
  /** Accepted calls, in output order. */
  calls: ToolCall[];
  /** Rejections, in output order. */
  rejected: RejectedCall[];
  content: string;
  reasoning: string;
  /** Each started call's argument deltas joined, by event id and start index. */
  argumentsText: { id: string; index: number; text: string }[];
}

/**
 * Folds events into calls, rejections, content, reasoning and each call's argument text.
 *
 * @param events - Every event of one stream, in order.
 * @returns The fold; calls and rejections ordered by where they start in the output (as `parse`).
 * @example
 * ```ts
 * const stream = parser.stream();
 * const folded = foldEvents([...stream.push(text), ...stream.end()]);
 * folded.content === parser.parse(text).content; // true
 * ```
 */
export function foldEvents(events: Iterable<StreamEvent>): FoldedStream {
  const content: string[] = [];
  const reasoning: string[] = [];
  const calls: ToolCall[] = [];
  const rejected: RejectedCall[] = [];
  const argumentsText: FoldedStream['argumentsText'] = [];
  // The open call per event id: deltas go to the latest start with that id.
  const open = new Map<string, { id: string; index: number; text: string }>();
  for (const event of events) {
    switch (event.type) {
      case 'text-delta':
        content.push(event.delta);
        break;
      case 'reasoning-delta':
        reasoning.push(event.delta);
        break;
      case 'tool-call-start': {
        const entry = { id: event.id, index: event.index, text: '' };
        open.set(event.id, entry);
        argumentsText.push(entry);
        break;
      }
      case 'tool-call-delta': {
        const entry = open.get(event.id);
        if (entry !== undefined) entry.text += event.argumentsDelta;
        break;
      }
      case 'tool-call-end':
        open.delete(event.id);
        if ('call' in event) calls.push(event.call);
        else rejected.push(event.rejection);
        break;
    }
  }
  const byStart = (left: { span: { start: number } }, right: { span: { start: number } }): number =>
    left.span.start - right.span.start;
  return {
    calls: calls.sort(byStart),
    rejected: rejected.sort(byStart),
    content: content.join(''),
    reasoning: reasoning.join(''),
    argumentsText,
  };
}
