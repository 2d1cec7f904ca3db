/**
 * Finds the next occurrence of any format's start marker with `indexOf` only: no regular
 * expression ever runs over the whole output. Each marker remembers where it next occurs, so the
 * total cost of a scan is linear in the text for each marker, whatever the number of sections.
 */
import type { Format } from '../formats/format.js';
import { anchorMarker, indexOfAnchored } from './anchored-index.js';

/** A marker occurrence and the formats, in priority order, that may start there. */
export interface MarkerHit {
  position: number;
  marker: string;
  formats: readonly Format[];
}

/** The marker table of one parser, built once and shared by its parses. */
export interface MarkerTable {
  readonly markers: readonly string[];
  readonly formatsByMarker: ReadonlyMap<string, readonly Format[]>;
  /** The longest marker, for holding back a possible split marker when streaming. */
  readonly longestMarker: number;
  /** Each format's rank: lower is tried first where markers are shared. */
  readonly priority: ReadonlyMap<Format, number>;
}

/**
 * Builds the marker table for formats given in priority order.
 *
 * @param formats - Formats in the order they are tried where markers are shared.
 * @returns The table; markers that are prefixes of longer ones still count on their own.
 */
export function createMarkerTable(formats: readonly Format[]): MarkerTable {
  const formatsByMarker = new Map<string, Format[]>();
  for (const format of formats) {
    for (const marker of format.markers) {
      const list = formatsByMarker.get(marker);
      if (list === undefined) formatsByMarker.set(marker, [format]);
      else if (!list.includes(format)) list.push(format);
    }
  }
  const markers = [...formatsByMarker.keys()];
  return {
    markers,
    formatsByMarker,
    longestMarker: markers.reduce((longest, marker) => Math.max(longest, marker.length), 0),
    priority: new Map(formats.map((format, rank) => [format, rank])),
  };
}

/**
 * A cursor over one text that yields marker hits in order of position.
 *
 * @param table - The parser's marker table.
 * @param text - The text to scan.
 * @returns `next(from)`: the earliest hit at or after `from`, formats of every marker found at that
 * position merged in priority order; `undefined` when no marker occurs any more.
 */
export function createMarkerCursor(
  table: MarkerTable,
  text: string,
): { next(from: number): MarkerHit | undefined } {
  const { markers, formatsByMarker } = table;
  // Markers such as `functools` or `function.name:` start with a letter found every few characters
  // of prose; they are searched from their first punctuation (same positions, far fewer stops).
  const anchored = markers.map(anchorMarker);
  // Where each marker next occurs at or after the last query; -1 means "not looked up yet".
  const nextAt = new Array<number>(markers.length).fill(-1);
  const exhausted = new Array<boolean>(markers.length).fill(false);
  return {
    next(from) {
      let best = Infinity;
      for (let index = 0; index < markers.length; index += 1) {
        if (exhausted[index]) continue;
        let at = nextAt[index] ?? -1;
        if (at < from) {
          at = indexOfAnchored(text, anchored[index] as (typeof anchored)[number], from);
          if (at === -1) {
            exhausted[index] = true;
            continue;
          }
          nextAt[index] = at;
        }
        if (at < best) best = at;
      }
      if (best === Infinity) return undefined;
      let only = -1;
      for (let index = 0; index < markers.length; index += 1) {
        if (exhausted[index] || nextAt[index] !== best) continue;
        only = only === -1 ? index : -2;
      }
      if (only >= 0) {
        // One marker at this position (the usual case): its list is already in priority order.
        const name = markers[only] as string;
        return { position: best, marker: name, formats: formatsByMarker.get(name) ?? [] };
      }
      const formats: Format[] = [];
      let marker = '';
      for (let index = 0; index < markers.length; index += 1) {
        if (exhausted[index] || nextAt[index] !== best) continue;
        const name = markers[index] as string;
        if (name.length > marker.length) marker = name;
        for (const format of formatsByMarker.get(name) ?? []) {
          if (!formats.includes(format)) formats.push(format);
        }
      }
      return { position: best, marker, formats: orderByPriority(formats, table) };
    },
  };
}

function orderByPriority(formats: Format[], table: MarkerTable): Format[] {
  if (formats.length < 2) return formats;
  return formats.sort((a, b) => (table.priority.get(a) ?? 0) - (table.priority.get(b) ?? 0));
}
