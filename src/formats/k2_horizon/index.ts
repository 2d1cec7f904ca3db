/**
 * `k2_horizon`: `<ifm|tool_calls><ifm|tool_call>NAME<ifm|arg_key>KEY</ifm|arg_key><ifm|arg_value>
 * VALUE</ifm|arg_value></ifm|tool_call></ifm|tool_calls>`, with a typed mode
 * (`<ifm|arg_type>T</ifm|arg_type>` before each value) and a JSON mode (`{"name": .., "arguments":
 * {..}}` as a call's body); reasoning in `<ifm|think>`, `<ifm|think_fast>` or
 * `<ifm|think_faster>`. IFM K2-Horizon.
 */
import { parse } from '../../generated/k2_horizon.js';
import { startsAt } from '../../starts-at.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { K2HorizonNode } from './ast.js';
import { readK2HorizonHead, readNextK2HorizonHead } from './head.js';
import { GROUP_CLOSE, GROUP_OPEN, lowerK2Horizon } from './lower.js';

/** Each reasoning effort's opener and its close tag (high, medium, low). */
const THINK_TAGS: readonly (readonly [string, string])[] = [
  ['<ifm|think>', '</ifm|think>'],
  ['<ifm|think_fast>', '</ifm|think_fast>'],
  ['<ifm|think_faster>', '</ifm|think_faster>'],
];

/** Where each reasoning block ends: its own close tag, or a group opened inside it. */
const THINK_STOPS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  THINK_TAGS.map(([open, close]) => [open, [close, GROUP_OPEN]]),
);

/** The k2_horizon format. */
export const k2_horizon: Format = {
  id: 'k2_horizon',
  syntax: 'marked',
  models: 'IFM K2-Horizon (375B-A23B, 36B, 7B, 3.7B)',
  // The reasoning openers are this format's tokens: their blocks are read as reasoning, never as
  // calls.
  markers: [GROUP_OPEN, ...THINK_TAGS.map(([open]) => open)],
  parseAt(context, start) {
    const matched = runGrammar<K2HorizonNode>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerK2Horizon(matched.node, matched.end, context);
  },
  // Names, keys, types, values, JSON bodies and text between parts all stop at the group's close
  // tag; a reasoning block at its own close tag or a group's open tag.
  endMarkers: { [GROUP_OPEN]: [GROUP_CLOSE], ...THINK_STOPS },
  // Each call of the plain and typed modes starts at its first <ifm|arg_key>, its values
  // streamed as they are written.
  readCallHead: readK2HorizonHead,
  readNextCallHead: readNextK2HorizonHead,
  // The reasoning streams as it is written.
  readTextHead(text, start) {
    for (const [open, close] of THINK_TAGS) {
      if (startsAt(text, open, start)) {
        return { kind: 'reasoning', start: start + open.length, stops: [close, GROUP_OPEN] };
      }
    }
    return undefined;
  },
};
