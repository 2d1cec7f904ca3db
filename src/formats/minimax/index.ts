/** `minimax`: `<tool_calls>\n{"name": .., "arguments": {..}}\n{..}\n</tool_calls>`. */
import { parse } from '../../generated/minimax.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MinimaxLines, MinimaxSection } from './ast.js';
import { lowerMinimax } from './lower.js';

/** The minimax format. */
export const minimax: Format = {
  id: 'minimax',
  syntax: 'marked',
  models: 'MiniMax-Text-01, MiniMax-M1',
  markers: ['<tool_calls>'],
  parseAt(context, start) {
    const matched = runGrammar<MinimaxSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    const { payload } = matched.node;
    // The payload is read on its own so that an object left open stops at </tool_calls>.
    const lines = runGrammar<MinimaxLines>(
      parse,
      context.text.slice(payload.start, payload.end),
      0,
      'Lines',
      JSON_EXTENT_OPTIONS,
    );
    if (lines === undefined) return undefined;
    return lowerMinimax(matched.node, lines.node, matched.end, context);
  },
  // The payload runs to the first </tool_calls> and its JSON is read on that slice alone.
  endMarkers: ['</tool_calls>'],
};
