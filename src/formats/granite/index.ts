/** `granite`: `<|tool_call|>[{"name": .., "arguments": {..}}]` and `<tool_call>[..]</tool_call>`. */
import { parse } from '../../generated/granite.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GraniteNode } from './ast.js';
import { lowerGranite } from './lower.js';

/** The granite format. */
export const granite: Format = {
  id: 'granite',
  syntax: 'marked',
  models: 'IBM Granite 3.0 / 3.1 / 3.2 / 3.3',
  markers: ['<|tool_call|>', '<tool_call>'],
  parseAt(context, start) {
    // `<tool_call>` not followed by a list fails at once and is left to hermes.
    const matched = runGrammar<GraniteNode>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    return lowerGranite(matched.node, matched.end, context);
  },
};
