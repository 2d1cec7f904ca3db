/**
 * `indexOf` for markers whose first character is common in prose. `text.indexOf(pattern)` stops
 * at every occurrence of the pattern's first character, so searching `need_tool: yes` or
 * `function.name:` in a long English answer stops every few characters and was the costliest part
 * of parsing it. Searching from the marker's first punctuation (`_tool: yes`, `.name:`) and
 * checking the letters before it gives the same answer, still in linear time.
 */

/** A marker and the part of it that is searched for. */
export interface AnchoredMarker {
  marker: string;
  /** Offset of the searched part in the marker (0: the whole marker is searched). */
  anchorAt: number;
  anchor: string;
}

/**
 * Chooses where to search a marker from: its first character that is not a letter or a space.
 *
 * @param marker - A literal marker.
 * @returns The marker with its anchor (the whole marker when it is all letters and spaces).
 * @example
 * ```ts
 * anchorMarker('need_tool: yes'); // { marker: 'need_tool: yes', anchorAt: 4, anchor: '_tool: yes' }
 * ```
 */
export function anchorMarker(marker: string): AnchoredMarker {
  for (let index = 0; index < marker.length; index += 1) {
    const code = marker.charCodeAt(index);
    const letter =
      (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x20;
    if (!letter) return { marker, anchorAt: index, anchor: marker.slice(index) };
  }
  return { marker, anchorAt: 0, anchor: marker };
}

/**
 * Same result as `text.indexOf(marker.marker, from)`.
 *
 * @param text - The text searched.
 * @param marker - The marker, from {@link anchorMarker}.
 * @param from - Where the marker may start at the earliest.
 * @returns The marker's first position at or after `from`, or -1.
 * @example
 * ```ts
 * indexOfAnchored('x need_tool: yes', anchorMarker('need_tool: yes'), 0); // 2
 * ```
 */
export function indexOfAnchored(text: string, marker: AnchoredMarker, from: number): number {
  if (marker.anchorAt === 0) return text.indexOf(marker.marker, from);
  let at = Math.max(from, 0) + marker.anchorAt;
  for (;;) {
    at = text.indexOf(marker.anchor, at);
    if (at === -1) return -1;
    if (text.startsWith(marker.marker, at - marker.anchorAt)) return at - marker.anchorAt;
    at += 1;
  }
}
