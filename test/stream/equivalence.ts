/** Shared checks of the streaming contract: the fold of a chunked stream is `parse(text)`. */
import { expect } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import type { ParserOptions } from '../../src/index.js';
import type { StreamEvent } from '../../src/types.js';

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
 * Asserts the contract for one chunking: same calls, rejections, content and reasoning as a
 * fresh parser's `parse`, and each call's deltas joined equal `JSON.stringify(call.arguments)`,
 * or, where the model wrote keys JSON.stringify reorders or merges, read back as the same arguments.
 *
 * @param options - Parser options.
 * @param deltas - The chunks of the text.
 */
export function expectEquivalent(options: ParserOptions, deltas: readonly string[]): void {
  const text = deltas.join('');
  const expected = createParser({ ...options, ids: 'sequential' }).parse(text);
  const folded = foldEvents(streamAll(options, deltas));
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
