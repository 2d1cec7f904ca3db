/**
 * `xlam`: a JSON list of calls, bare or in a ```json fence, after `[TOOL_CALLS]` or inside
 * `<tool_call>`. Bare: trusted in auto mode only as the whole output or after tool intent.
 */
import { parse } from '../../generated/xlam.js';
import type { Format } from '../format.js';
import { createRejectedValues, JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { XlamSection } from './ast.js';
import { lowerXlam } from './lower.js';

/** Bare lists turned down in the current parse: the lists nested in them are their data. */
const rejected = createRejectedValues();

/** The xlam format. */
export const xlam: Format = {
  id: 'xlam',
  syntax: 'bare',
  models: 'Salesforce xLAM-2; any model constrained to a JSON list of calls',
  // `[` also finds `[TOOL_CALLS]`.
  markers: ['[', '```', '<tool_call>'],
  parseAt(context, start) {
    if (rejected.inside(context, start)) return undefined;
    const matched = runGrammar<XlamSection>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    const section = lowerXlam(matched.node, matched.end, context);
    if (section === undefined) rejected.skip(context, start, matched.node.list.end);
    return section;
  },
};
