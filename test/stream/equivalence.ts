/** Shared checks of the streaming contract: the fold of a chunked stream is `parse(text)`. */
import { expect } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import type { ParserOptions } from '../../src/index.js';
import type { StreamEvent } from '../../src/types.js';
import { everyTwoWaySplit, unitByUnit, whole } from '../helpers/chunkers.js';

/**
 * Streams `deltas` through a fresh parser and returns the events.
 *
 * @param options - Parser options (ids are made sequential).
 * @param deltas - The chunks.
 * @returns Every event.
 */
export function streamAll(options: ParserOptions, deltas: readonly string[]): StreamEvent[] {
  const stream = createParser({ ...options, ids: 'sequential' }).stream();
  const events: StreamEvent[] = [];
  for (const delta of deltas) events.push(...stream.push(delta));
  events.push(...stream.end());
  return events;
}

/**
 * Asserts the contract ({@link expectEquivalent}) for `text` whole, one unit at a time and cut in
 * two at every unit (a sample of cuts past 2 KiB).
 *
 * @param options - Parser options.
 * @param text - The output.
 */
export function expectEveryChunking(options: ParserOptions, text: string): void {
  for (const chunker of [whole, unitByUnit, everyTwoWaySplit()]) {
    for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
  }
}

/**
 * Asserts the contract for one chunking: same calls, rejections, content and reasoning as a
 * fresh parser's `parse`, and each call's deltas joined equal `JSON.stringify(call.arguments)`,
 * or, where the model wrote keys JSON.stringify reorders or merges, read back as the same arguments.
 * Options that leave `reasoning` to its default are checked twice: as given, and with reasoning
 * closed at the start. By default an output may open inside reasoning, so a stream of one with no
 * `</think>` holds all of it to the end and never announces a call from its head; closed, the
 * stream announces calls as they come, the path most streams take.
 *
 * @param options - Parser options.
 * @param deltas - The chunks of the text.
 */
export function expectEquivalent(options: ParserOptions, deltas: readonly string[]): void {
  if (options.reasoning === undefined) {
    expectEquivalentOnce({ ...options, reasoning: { startsInside: false } }, deltas);
  }
  expectEquivalentOnce(options, deltas);
}

function expectEquivalentOnce(options: ParserOptions, deltas: readonly string[]): void {
  const text = deltas.join('');
  const expected = createParser({ ...options, ids: 'sequential' }).parse(text);
  const events = streamAll(options, deltas);
  expect(callPairing(events)).toEqual([]);
  const folded = foldEvents(events);
  expect({
    content: folded.content,
    reasoning: folded.reasoning,
    calls: folded.calls,
    rejected: folded.rejected,
  }).toEqual({
    content: expected.content,
    reasoning: expected.reasoning,
    calls: expected.calls,
    rejected: expected.rejected,
  });
  const byId = new Map(folded.calls.map((call) => [call.id, call]));
  for (const entry of folded.argumentsText) {
    const call = byId.get(entry.id);
    if (call === undefined) continue;
    const canonical = JSON.stringify(call.arguments);
    if (entry.text === canonical) continue;
    // The one allowed difference: keys in the order written (a key written twice, an array-index
    // key after others), which reads back as the same arguments and is not itself canonical.
    const reread = JSON.stringify(JSON.parse(entry.text));
    expect({ reread, canonicalText: entry.text === reread }).toEqual({
      reread: canonical,
      canonicalText: false,
    });
  }
}

/**
 * What is wrong with how a stream's events pair up, for a client that follows calls by event id:
 * a call started while another with its id is open, a delta or end of no open call, an end whose
 * call or rejection carries another id, a call never ended. An end with no start is a section
 * that could not be read, and takes an id of its own.
 *
 * @param events - Every event of one stream.
 * @returns One line per fault; empty when the events pair up.
 */
export function callPairing(events: readonly StreamEvent[]): string[] {
  const faults: string[] = [];
  const open = new Set<string>();
  const used = new Set<string>();
  for (const event of events) {
    if (event.type === 'tool-call-start') {
      if (open.has(event.id)) faults.push(`start of ${event.id} while a call with it is open`);
      open.add(event.id);
      used.add(event.id);
    } else if (event.type === 'tool-call-delta') {
      if (!open.has(event.id)) faults.push(`delta of ${event.id}, which is not open`);
    } else if (event.type === 'tool-call-end') {
      const carried = 'call' in event ? event.call.id : event.rejection.id;
      if (carried !== undefined && carried !== event.id)
        faults.push(`end of ${event.id} carries ${carried}`);
      if (open.has(event.id)) open.delete(event.id);
      else if (used.has(event.id)) faults.push(`end of ${event.id} without a start reuses its id`);
      else used.add(event.id);
    }
  }
  for (const id of open) faults.push(`${id} never ended`);
  return faults;
}

/**
 * The text a stream's events of one kind carry, joined.
 *
 * @param events - Events of one stream.
 * @param type - `text-delta` (content) or `reasoning-delta`.
 * @returns Their deltas, in order.
 */
export function deltaText(
  events: readonly StreamEvent[],
  type: 'text-delta' | 'reasoning-delta',
): string {
  return events.map((event) => (event.type === type ? event.delta : '')).join('');
}
