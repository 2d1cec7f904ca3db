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
import { firstUnitAfter } from '../shared/blanks.js';
import { OPEN_BRACE, QUOTE } from '../../json/char-codes.js';

/** Bare objects turned down in the current parse: the objects nested in them are their data. */
const rejected = createRejectedValues();

/** The llama3_json format. */
export const llama3_json: Format = {
  id: 'llama3_json',
  syntax: 'bare',
  models: 'Llama 3.1 / 3.2 / 3.3, Llama 4 (JSON tool calling)',
  markers: ['<|python_tag|>', '{'],
  parseAt(context, start) {
    if (!braceMayOpenCall(context.text, start)) return undefined;
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

/**
 * At a `{` (not the tag), what the grammar's call object needs next: blanks, then the `"` of a
 * key. Looked at before the grammar runs: a run of `{` (or code full of them) is a marker at every
 * brace, and a grammar run at each cost about 0.8 µs, most of it the run's set-up.
 *
 * @param text - The output.
 * @param start - Where the section starts.
 * @returns False only where the grammar cannot match: a `{` not followed, after blanks, by `"`.
 * @example
 * ```ts
 * braceMayOpenCall('{{"name": "f"}}', 0); // false
 * ```
 */
export function braceMayOpenCall(text: string, start: number): boolean {
  return text.charCodeAt(start) !== OPEN_BRACE || firstUnitAfter(text, start + 1) === QUOTE;
}
