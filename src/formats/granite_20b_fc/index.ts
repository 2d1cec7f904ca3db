/** `granite_20b_fc`: `<function_call> {"name": .., "arguments": {..}}`, repeated. */
import { parse } from '../../generated/granite_20b_fc.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Granite20bSection } from './ast.js';
import { lowerGranite20b } from './lower.js';
import { readJsonCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';

const OPEN = '<function_call>';

/** The granite_20b_fc format. */
export const granite_20b_fc: Format = {
  id: 'granite_20b_fc',
  syntax: 'marked',
  models: 'IBM granite-20b-functioncalling',
  markers: [OPEN],
  parseAt(context, start) {
    // Fails at once when no JSON object follows the tag (markup's <function_call> is XML).
    const matched = runGrammar<Granite20bSection>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    return lowerGranite20b(matched.node, matched.end, context);
  },
  // The call starts at its arguments' `{` (the grammar reads any object after the tag).
  readCallHead: (text, start) =>
    startsAt(text, OPEN, start) ? readJsonCallHead(text, start + OPEN.length) : undefined,
};
