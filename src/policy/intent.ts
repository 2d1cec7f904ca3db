/**
 * Tool intent: the signs that a model meant to call a tool, which bare syntaxes (a JSON object, a
 * pythonic list, ReAct lines) need before they are trusted (the fail-closed fallback playbook).
 */
import { anchorMarker, indexOfAnchored } from '../pipeline/anchored-index.js';

/**
 * Markers that announce tool intent when they precede a bare candidate. Matched literally; the
 * model writes them because the prompt asked for them.
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

/**
 * Finds where tool intent starts in an output.
 *
 * @param text - The whole output.
 * @param firstAngle - Where the text's first `<` is (-1: none), when the caller already looked it
 * up (phase 1 does, for its own tags): the `<|...|>` markers are then searched from there, and
 * prose is not read once more for its first `<`.
 * @returns The offset just after the first intent marker, or `-1` when there is none.
 * @example
 * ```ts
 * findIntent('need_tool: yes\n[get_weather(city="A")]'); // 14
 * ```
 */
export function findIntent(text: string, firstAngle?: number): number {
  let first = -1;
  for (const char of ANCHOR_CHARS) {
    const charAt = char === '<' && firstAngle !== undefined ? firstAngle : text.indexOf(char);
    if (charAt === -1) continue;
    for (const marker of ANCHORED_INTENT_MARKERS) {
      if (marker.anchor.charAt(0) !== char) continue;
      // The marker's anchor, hence the marker, cannot start before the character's first occurrence.
      const at = indexOfAnchored(text, marker, Math.max(0, charAt - marker.anchorAt));
      const end = at + marker.marker.length;
      if (at !== -1 && (first === -1 || end < first)) first = end;
    }
  }
  return first;
}
