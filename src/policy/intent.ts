/**
 * Tool intent: the signs that a model meant to call a tool, which bare syntaxes (a JSON object, a
 * pythonic list, ReAct lines) need before they are trusted (the fail-closed fallback playbook).
 */
import { anchorMarker, indexOfAnchored } from '../pipeline/anchored-index.js';

/**
 * Markers that announce tool intent when they precede a bare candidate. Matched literally, but
 * never as part of a longer identifier ({@link markerCounts}); the model writes them because the
 * prompt asked for them.
 */
export const INTENT_MARKERS: readonly string[] = [
  'need_tool: yes',
  'need_tool:yes',
  'CALL_TOOL',
  'TOOL_CALL',
  '<|python_tag|>',
  '<|python_start|>',
];

/** The intent markers, searched from their rarest character (`need` is everywhere in prose). */
const ANCHORED_INTENT_MARKERS = INTENT_MARKERS.map(anchorMarker);

/**
 * The anchors' distinct first characters (`_` and `<`). Each is searched once, and a marker only
 * from where its character first occurs: in prose without `_` or `<` that is two searches for six
 * markers.
 */
const ANCHOR_CHARS = [...new Set(ANCHORED_INTENT_MARKERS.map((marker) => marker.anchor.charAt(0)))];

/** The longest intent marker: how far back a stream must see to judge one that ends in a delta. */
export const LONGEST_INTENT_MARKER = INTENT_MARKERS.reduce(
  (longest, marker) => Math.max(longest, marker.length),
  0,
);

/** Letters and digits of any script, for units past ASCII. */
const WORD_UNIT = /[\p{L}\p{N}]/u;

/** Whether a UTF-16 unit (NaN: none) continues an identifier: a letter, a digit or `_`. */
function isWordUnit(code: number): boolean {
  if (Number.isNaN(code)) return false;
  if (code < 0x80) {
    return (
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a) ||
      code === 0x5f
    );
  }
  return WORD_UNIT.test(String.fromCharCode(code));
}

/**
 * The boundary rule of intent markers, the one parse and the stream both apply: a marker that
 * starts with a word unit counts only when the unit before it is not one, and a marker that ends
 * with one only when the unit after it is not one. `TOOL_CALL` inside `MAX_TOOL_CALLS` is part of
 * an identifier a model writes about, not a sign that it calls a tool. Markers delimited by
 * punctuation (`<|python_tag|>`) count wherever they occur.
 *
 * @param marker - An intent marker.
 * @param before - The code of the unit before it, NaN at the start of the output.
 * @param after - The code of the unit after it, NaN at the end of the output.
 * @returns True when the occurrence shows tool intent.
 * @example
 * ```ts
 * markerCounts('TOOL_CALL', 0x20, 0x3a); // true (" TOOL_CALL:")
 * markerCounts('TOOL_CALL', 0x5f, 0x53); // false ("_TOOL_CALLS")
 * ```
 */
export function markerCounts(marker: string, before: number, after: number): boolean {
  if (isWordUnit(before) && isWordUnit(marker.charCodeAt(0))) return false;
  return !(isWordUnit(after) && isWordUnit(marker.charCodeAt(marker.length - 1)));
}

/** Where tool intent starts in a text that may go on; see {@link scanIntent}. */
export interface IntentScan {
  /** Just after the first intent marker that counts (or may count), or -1. */
  end: number;
  /**
   * True when that marker ends the text with a word unit: whether it counts depends on the unit
   * after it, which has not arrived.
   */
  waiting: boolean;
}

/**
 * Finds where tool intent starts in an output.
 *
 * @param text - The whole output.
 * @param firstAngle - Where the text's first `<` is (-1: none), when the caller already looked it
 * up (phase 1 does, for its own tags): the `<|...|>` markers are then searched from there, and
 * prose is not read once more for its first `<`.
 * @returns The offset just after the first intent marker that counts ({@link markerCounts}), or
 * `-1` when there is none.
 * @example
 * ```ts
 * findIntent('need_tool: yes\n[get_weather(city="A")]'); // 14
 * findIntent('Raise MAX_TOOL_CALLS first.'); // -1
 * ```
 */
export function findIntent(text: string, firstAngle?: number): number {
  return scanIntent(text, { open: false, from: 0, firstAngle }).end;
}

/**
 * {@link findIntent} over a text that may go on (a stream's window), from an offset.
 *
 * @param text - The text.
 * @param options - `open`: more text may follow, so a marker that ends the text with a word unit
 * is left waiting; `from`: occurrences start there at the earliest (the unit before is known);
 * `firstAngle` as for {@link findIntent}.
 * @returns The end of the earliest-ending marker that counts or waits, and whether it waits.
 * @example
 * ```ts
 * scanIntent('x TOOL_CALL', { open: true, from: 0 }); // { end: 11, waiting: true }
 * ```
 */
export function scanIntent(
  text: string,
  options: { open: boolean; from: number; firstAngle?: number | undefined },
): IntentScan {
  let first = -1;
  let waiting = false;
  for (const char of ANCHOR_CHARS) {
    const charAt =
      char === '<' && options.firstAngle !== undefined
        ? options.firstAngle
        : text.indexOf(char, options.from);
    if (charAt === -1) continue;
    for (const marker of ANCHORED_INTENT_MARKERS) {
      if (marker.anchor.charAt(0) !== char) continue;
      // The marker's anchor, hence the marker, cannot start before the character's first occurrence.
      let at = indexOfAnchored(text, marker, Math.max(options.from, charAt - marker.anchorAt));
      let end = at + marker.marker.length;
      // Each occurrence that is part of an identifier is passed over once: linear in the text.
      while (
        at !== -1 &&
        !markerCounts(marker.marker, text.charCodeAt(at - 1), text.charCodeAt(end))
      ) {
        at = indexOfAnchored(text, marker, at + 1);
        end = at + marker.marker.length;
      }
      if (at !== -1 && (first === -1 || end < first)) {
        first = end;
        // `charCodeAt` past the end is NaN, which the rule reads as the end of the output.
        waiting =
          options.open &&
          end === text.length &&
          isWordUnit(marker.marker.charCodeAt(marker.marker.length - 1));
      }
    }
  }
  return { end: first, waiting };
}
