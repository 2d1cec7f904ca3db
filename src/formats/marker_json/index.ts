/**
 * `marker_json`: `TOOL_CALL {"tool_name": ..., "parameters": {...}}`, the selectools contract.
 */
import { parse } from '../../generated/marker_json.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MarkerJsonSection } from './ast.js';
import { lowerMarkerJson } from './lower.js';
import { MARKER, readMarkerJsonHead } from './head.js';

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
  // A call starts at its arguments' `{`, after the marker, the blanks or colons and the fence the
  // grammar passes.
  readCallHead: readMarkerJsonHead,
};
