/**
 * `indexOf` for markers whose first character is common in prose. `text.indexOf(pattern)` stops
 * at every occurrence of the pattern's first character, so searching `need_tool: yes`,
 * `[TOOL_CALLS]` or `function.name:` in a long English answer stops every few characters and was
 * the costliest part of parsing it (`[TOOL_CALLS]` stops at every citation `[3]`). Searching from
 * the marker's rarest character (`_tool: yes`, `_CALLS]`, `:`) and checking the characters before
 * it gives the same answer, still in linear time.
 */
import { startsAt } from '../starts-at.js';

/**
 * Roughly how often a character occurs in English prose and markdown, in thousandths; characters
 * not listed (`<`, `|`, `_`, `{`, non-ASCII...) count as 0, the rarest. Only the order matters.
 */
const PROSE_FREQUENCY: Readonly<Record<string, number>> = {
  ' ': 150,
  e: 100,
  t: 72,
  a: 65,
  o: 60,
  i: 56,
  n: 54,
  s: 50,
  h: 48,
  r: 47,
  d: 34,
  l: 32,
  c: 22,
  u: 22,
  m: 19,
  w: 19,
  f: 18,
  g: 16,
  y: 16,
  p: 15,
  b: 12,
  '.': 10,
  ',': 10,
  '\n': 8,
  v: 8,
  k: 6,
  '-': 3,
  "'": 3,
  '"': 3,
  '(': 2,
  ')': 2,
  ':': 2,
  '*': 1,
  '#': 1,
  '/': 1,
  '[': 1,
  ']': 1,
  ';': 1,
  '?': 1,
  '!': 1,
  j: 1,
  x: 1,
  q: 1,
  z: 1,
};

/** Capitals are a twentieth as frequent as their small letters (sentence starts, names). */
const CAPITAL_SHARE = 1 / 20;

/**
 * Whether a character is among the rarest in prose (`<`, `|`, `_`, `{`, non-ASCII...).
 *
 * @param character - One character.
 * @returns True when prose is not expected to hold it at all.
 * @example
 * ```ts
 * isRareInProse('<'); // true
 * ```
 */
export function isRareInProse(character: string): boolean {
  return proseFrequency(character) === 0;
}

function proseFrequency(character: string): number {
  const direct = PROSE_FREQUENCY[character];
  if (direct !== undefined) return direct;
  if (character >= '0' && character <= '9') return 3;
  if (character >= 'A' && character <= 'Z') {
    return (PROSE_FREQUENCY[character.toLowerCase()] ?? 0) * CAPITAL_SHARE;
  }
  return 0;
}

/**
 * V8 searches patterns shorter than 7 units by looking for their first unit and comparing; longer
 * ones go through a Boyer-Moore set-up that was five times slower on prose (`functools`: 56 µs
 * over 50 KB, `functo` 12 µs). The rest of the marker is compared where the anchor is found.
 */
const LONGEST_ANCHOR = 6;

/** A marker and the part of it that is searched for. */
export interface AnchoredMarker {
  marker: string;
  /** Offset of the searched part in the marker. */
  anchorAt: number;
  /** The searched part: at most six units of the marker from `anchorAt`. */
  anchor: string;
}

/**
 * Chooses where to search a marker from: its rarest character in prose (the first of equally rare
 * ones).
 *
 * @param marker - A literal marker.
 * @returns The marker with its anchor, at most six units of the marker from that character on.
 * @example
 * ```ts
 * anchorMarker('need_tool: yes'); // { marker: 'need_tool: yes', anchorAt: 4, anchor: '_tool:' }
 * anchorMarker('[TOOL_CALLS]'); // { marker: '[TOOL_CALLS]', anchorAt: 5, anchor: '_CALLS' }
 * ```
 */
export function anchorMarker(marker: string): AnchoredMarker {
  let anchorAt = 0;
  let rarest = Infinity;
  for (let index = 0; index < marker.length; index += 1) {
    const frequency = proseFrequency(marker.charAt(index));
    if (frequency < rarest) {
      rarest = frequency;
      anchorAt = index;
    }
  }
  return { marker, anchorAt, anchor: marker.slice(anchorAt, anchorAt + LONGEST_ANCHOR) };
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
  if (marker.anchor === marker.marker) return text.indexOf(marker.marker, from);
  let at = Math.max(from, 0) + marker.anchorAt;
  for (;;) {
    at = text.indexOf(marker.anchor, at);
    if (at === -1) return -1;
    if (startsAt(text, marker.marker, at - marker.anchorAt)) return at - marker.anchorAt;
    at += 1;
  }
}
