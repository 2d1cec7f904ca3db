/**
 * `markup`: XML-ish calls, `<invoke name="f"><parameter name="k">v</parameter></invoke>`,
 * `<function_calls>` wrappers, and `<tool_call>`/`<function_call>` elements with attributes and
 * nested fields.
 */
import { parse } from '../../generated/markup.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MarkupSection } from './ast.js';
import { lowerMarkup } from './lower.js';

/** The markup format. */
export const markup: Format = {
  id: 'markup',
  syntax: 'marked',
  models:
    'Claude-style <function_calls>/<invoke> prompts; models prompted for XML tool calls (ds2api)',
  markers: [
    '<function_calls>',
    '<invoke ',
    '<tool_call ',
    '<tool_call>',
    '<function_call>',
    '<function_call ',
    '<tool_use>',
    '<tool_use ',
  ],
  parseAt(context, start) {
    const matched = runGrammar<MarkupSection>(parse, context.text, start, 'Section', {
      tagPrefix: '',
    });
    return matched === undefined ? undefined : lowerMarkup(matched.node, matched.end, context);
  },
};
