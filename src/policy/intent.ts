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

/** The intent markers, searched from their first punctuation (`need` is everywhere in prose). */
const ANCHORED_INTENT_MARKERS = INTENT_MARKERS.map(anchorMarker);

/**
 * Finds where tool intent starts in an output.
 *
 * @param text - The whole output.
 * @returns The offset just after the first intent marker, or `-1` when there is none.
 * @example
 * ```ts
 * findIntent('need_tool: yes\n[get_weather(city="A")]'); // 14
 * ```
 */
export function findIntent(text: string): number {
  let first = -1;
  for (const marker of ANCHORED_INTENT_MARKERS) {
    const at = indexOfAnchored(text, marker, 0);
    const end = at + marker.marker.length;
    if (at !== -1 && (first === -1 || end < first)) first = end;
  }
  return first;
}
