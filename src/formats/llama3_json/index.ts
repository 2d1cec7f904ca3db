/**
 * `llama3_json`: `{"name": .., "parameters": {..}}`, optionally after `<|python_tag|>`, several
 * separated by `;`. Bare: the pipeline counts `<|python_tag|>` as tool intent, so tagged calls are
 * found in auto mode; untagged ones only when they are the whole output.
 */
import { parse } from '../../generated/llama3_json.js';
import type { Format } from '../format.js';
import { createRejectedValues, JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Llama3Section } from './ast.js';
import { lowerLlama3 } from './lower.js';

/** Bare objects turned down in the current parse: the objects nested in them are their data. */
const rejected = createRejectedValues();

/** The llama3_json format. */
export const llama3_json: Format = {
  id: 'llama3_json',
  syntax: 'bare',
  models: 'Llama 3.1 / 3.2 / 3.3, Llama 4 (JSON tool calling)',
  markers: ['<|python_tag|>', '{'],
  parseAt(context, start) {
    if (rejected.inside(context, start)) return undefined;
    const matched = runGrammar<Llama3Section>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    const section = lowerLlama3(matched.node, context);
    if (section === undefined) rejected.skip(context, start, matched.node.items[0]?.end ?? start);
    return section;
  },
};
