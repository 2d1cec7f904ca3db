/**
 * `mistral`: `[TOOL_CALLS][{"name": .., "arguments": {..}}]` (pre-v11), `[TOOL_CALLS]NAME{..}`
 * (v11) and `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{..}` (v13), reasoning in `[THINK]..[/THINK]`.
 */
import { parse } from '../../generated/mistral.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MistralNode } from './ast.js';
import { lowerMistral } from './lower.js';

/** The mistral format. */
export const mistral: Format = {
  id: 'mistral',
  syntax: 'marked',
  models: 'Mistral 7B v0.3, Mixtral, Mistral Small/Large, Nemo, Ministral, Magistral, Devstral',
  markers: ['[TOOL_CALLS]', '[THINK]'],
  parseAt(context, start) {
    const matched = runGrammar<MistralNode>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    return lowerMistral(matched.node, matched.end, context);
  },
  // `[THINK]` reasoning is plain text up to the first `[/THINK]`, where it always stops.
  // `[TOOL_CALLS]` gets none: its JSON may hold any token, and trailing text runs to the next one.
  endMarkers: { '[THINK]': ['[/THINK]'] },
};
