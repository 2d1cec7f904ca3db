/**
 * `xlam`: a JSON list of calls, bare or in a ```json fence, after `[TOOL_CALLS]` or inside
 * `<tool_call>`. Bare: trusted in auto mode only as the whole output or after tool intent.
 */
import { parse } from '../../generated/xlam.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { XlamSection } from './ast.js';
import { lowerXlam } from './lower.js';

/** The xlam format. */
export const xlam: Format = {
  id: 'xlam',
  syntax: 'bare',
  models: 'Salesforce xLAM-2; any model constrained to a JSON list of calls',
  // `[` also finds `[TOOL_CALLS]`.
  markers: ['[', '```', '<tool_call>'],
  parseAt(context, start) {
    const matched = runGrammar<XlamSection>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    return lowerXlam(matched.node, matched.end, context);
  },
};
