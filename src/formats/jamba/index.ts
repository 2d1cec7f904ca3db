/** `jamba`: `<tool_calls>[{"name": .., "arguments": {..}}, ...]</tool_calls>`. */
import { parse } from '../../generated/jamba.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { JambaSection } from './ast.js';
import { lowerJamba } from './lower.js';

/** The jamba format. */
export const jamba: Format = {
  id: 'jamba',
  syntax: 'marked',
  models: 'AI21 Jamba 1.5 / 1.6 / 1.7',
  markers: ['<tool_calls>'],
  parseAt(context, start) {
    // Fails at once unless a list follows the tag (minimax shares the tag with objects).
    const matched = runGrammar<JambaSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerJamba(matched.node, matched.end, context);
  },
  // The payload is raw text up to the first close tag (a JSON string holding it ends there too),
  // the `[` lookahead stops before it, and the lowering reads only that payload.
  endMarkers: ['</tool_calls>'],
};
