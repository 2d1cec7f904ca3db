/** `json_block`: the whole output is one JSON call object, bare or fenced (a fallback syntax). */
import { parse } from '../../generated/json_block.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import { mayOpenOutput } from '../shared/whole-json.js';
import type { JsonBlockSection } from './ast.js';
import { lowerJsonBlock } from './lower.js';

/** The json_block format. */
export const json_block: Format = {
  id: 'json_block',
  syntax: 'bare',
  models: 'any model asked to answer with one JSON object naming a tool',
  markers: ['{', '```'],
  parseAt(context, start) {
    // The lowering declines any other start: spare the grammar run on each `{` in prose.
    if (!mayOpenOutput(context, start)) return undefined;
    const matched = runGrammar<JsonBlockSection>(parse, context.text, start, 'Section');
    return matched === undefined ? undefined : lowerJsonBlock(matched.node, context);
  },
};
