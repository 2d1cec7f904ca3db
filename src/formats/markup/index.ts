/**
 * `markup`: XML-ish calls, `<invoke name="f"><parameter name="k">v</parameter></invoke>`,
 * `<function_calls>` wrappers, and `<tool_call>`/`<function_call>` elements with attributes and
 * nested fields.
 */
import { parse } from '../../generated/markup.js';
import type { Format } from '../format.js';
import { isBlank } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MarkupSection } from './ast.js';
import { lowerMarkup } from './lower.js';

/** The `<function_calls>` wrapper's tag up to its `>`: it opens markup whatever follows. */
const FUNCTION_CALLS = '<function_calls';
/** The `<function_calls>` marker. */
const FUNCTION_CALLS_TAG = `${FUNCTION_CALLS}>`;

/** Child elements that may open a call element written without attributes. */
const FIRST_CHILDREN = [
  '<name>',
  '<tool_name>',
  '<tool>',
  '<function_name>',
  '<function>',
  '<function ',
  '<invoke ',
];

/**
 * A cheap look before running the grammar: a tag with attributes, an invoke, or a call element
 * whose first child names the tool. Other text after a shared tag (`<tool_call>{json}`) is another
 * format's, and declining it here keeps repeated markers from costing a parse each.
 */
function looksLikeMarkup(text: string, start: number): boolean {
  // Every marker is a tag name followed by " " or ">": read the name, not up to the next ">",
  // which on a flood of `<invoke name="` with no ">" would scan to the end once per marker.
  // Unit codes throughout, and no slice: auto mode asks this of every hermes call.
  let close = start + 1;
  while (close < text.length && isTagNameUnit(text.charCodeAt(close))) close += 1;
  const after = text.charCodeAt(close);
  if (after === 0x20) return true;
  if (after !== 0x3e) return false;
  if (close - start === FUNCTION_CALLS.length && text.startsWith(FUNCTION_CALLS, start)) {
    return true;
  }
  let index = close + 1;
  while (isBlank(text.charCodeAt(index))) index += 1;
  // Every first child is a tag: JSON after the tag (hermes) is declined without a search each.
  if (text.charCodeAt(index) !== 0x3c) return false;
  return FIRST_CHILDREN.some((child) => text.startsWith(child, index));
}

/** `[a-z_]`: the units of the markers' tag names. */
function isTagNameUnit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** The markup format. */
export const markup: Format = {
  id: 'markup',
  syntax: 'marked',
  models:
    'Claude-style <function_calls>/<invoke> prompts; models prompted for XML tool calls (ds2api); MiniCPM5',
  markers: [
    '<function_calls>',
    '<invoke ',
    '<tool_call ',
    '<tool_call>',
    '<function_call>',
    '<function_call ',
    '<tool_use>',
    '<tool_use ',
    // MiniCPM5's `<function name="...">`, with no <tool_call> around it.
    '<function ',
  ],
  // `looksLikeMarkup`, for the scan: a marker ending in a space opens a tag with attributes, and
  // `<function_calls>` opens markup whatever follows; after any other tag comes a child tag.
  mayOpen: (marker, next) =>
    marker.charCodeAt(marker.length - 1) === 0x20 || marker === FUNCTION_CALLS_TAG || next === 0x3c,
  parseAt(context, start) {
    if (!looksLikeMarkup(context.text, start)) return undefined;
    const matched = runGrammar<MarkupSection>(parse, context.text, start, 'Section', {
      tagPrefix: '',
    });
    return matched === undefined ? undefined : lowerMarkup(matched.node, matched.end, context);
  },
};
