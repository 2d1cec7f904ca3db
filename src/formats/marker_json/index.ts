/**
 * `marker_json`: `TOOL_CALL {"tool_name": ..., "parameters": {...}}`, the selectools contract.
 */
import { parse } from '../../generated/marker_json.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MarkerJsonSection } from './ast.js';
import { lowerMarkerJson, MARKER_JSON_HEAD_KEYS } from './lower.js';
import { HEAD_LIMIT, readJsonCallHead } from '../../stream/call-head.js';
import { isBlank } from '../shared/blanks.js';
import { OPEN_BRACE } from '../../json/char-codes.js';
import { startsAt } from '../../starts-at.js';

const MARKER = 'TOOL_CALL';

/** The marker_json format. */
export const marker_json: Format = {
  id: 'marker_json',
  syntax: 'marked',
  models: 'any model prompted with the selectools TOOL_CALL contract',
  markers: [MARKER],
  parseAt(context, start) {
    const matched = runGrammar<MarkerJsonSection>(parse, context.text, start, 'Section');
    return matched === undefined ? undefined : lowerMarkerJson(matched.node, context);
  },
  // An unfenced call starts at its arguments' `{`, after the marker and the blanks or colons the
  // grammar passes; a fenced one comes whole.
  readCallHead(text, start) {
    if (!startsAt(text, MARKER, start)) return undefined;
    // Bounded, as every head: a run of blanks past the reach leaves the call to the section's end.
    const limit = Math.min(text.length, start + MARKER.length + HEAD_LIMIT);
    let index = start + MARKER.length;
    while (index < limit && isSeparator(text.charCodeAt(index))) index += 1;
    if (index >= limit) return limit < text.length ? undefined : 'wait';
    return text.charCodeAt(index) === OPEN_BRACE
      ? readJsonCallHead(text, index, MARKER_JSON_HEAD_KEYS)
      : undefined;
  },
};

/** What the grammar's `Separator` passes between the marker and the JSON: blanks and colons. */
function isSeparator(code: number): boolean {
  return isBlank(code) || code === 0x3a;
}
