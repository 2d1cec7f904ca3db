/**
 * The reference a marker cursor without a window is checked against: every occurrence of every
 * marker of its table is a hit, found by a plain `indexOf` per marker.
 */
import { expect } from 'vitest';
import type { Format } from '../../src/formats/format.js';
import { createMarkerCursor, type MarkerTable } from '../../src/pipeline/marker-index.js';

/** A hit with its formats named by id, as the tests compare them. */
export interface HitView {
  position: number;
  marker: string;
  formats: string[];
}

/**
 * The earliest occurrence at or after `from` of any marker of the table: its position, the
 * longest marker starting there, and the formats of every marker starting there in priority
 * order.
 *
 * @param table - The marker table.
 * @param text - The text searched.
 * @param from - Where the search starts.
 * @returns The hit, or `undefined` when no marker occurs any more.
 */
export function plainHit(table: MarkerTable, text: string, from: number): HitView | undefined {
  let best = Infinity;
  for (const marker of table.markers) {
    const at = text.indexOf(marker, from);
    if (at !== -1 && at < best) best = at;
  }
  if (best === Infinity) return undefined;
  const formats = new Set<Format>();
  let longest = '';
  for (const marker of table.markers) {
    if (!text.startsWith(marker, best)) continue;
    if (marker.length > longest.length) longest = marker;
    for (const format of table.formatsByMarker.get(marker) ?? []) formats.add(format);
  }
  const ordered = [...formats].sort(
    (a, b) => (table.priority.get(a) ?? 0) - (table.priority.get(b) ?? 0),
  );
  return { position: best, marker: longest, formats: ordered.map((format) => format.id) };
}

/**
 * Queries a new cursor over `text` as the scan does, staying at a query (step 0) or moving past
 * each hit by the step, and expects at each query the hit {@link plainHit} gives.
 *
 * @param table - The marker table.
 * @param text - The text.
 * @param steps - The steps, one per query.
 * @param firstAngle - Where the text's first `<` is, as the caller passes it to the cursor.
 */
export function expectPlainHits(
  table: MarkerTable,
  text: string,
  steps: readonly number[],
  firstAngle: number | undefined,
): void {
  const cursor = createMarkerCursor(table, text, undefined, firstAngle);
  let from = 0;
  for (const step of steps) {
    const hit = cursor.next(from);
    expect(
      hit === undefined
        ? undefined
        : {
            position: hit.position,
            marker: hit.marker,
            formats: hit.formats.map((format) => format.id),
          },
    ).toEqual(plainHit(table, text, from));
    if (hit === undefined) break;
    from = step === 0 ? from : hit.position + step;
  }
}
