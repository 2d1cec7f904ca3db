/**
 * `gigachat31`: `<|function_call|>{"name": ..., "arguments": {...}}`, optionally ended by `</s>`.
 * GigaChat 3.1.
 */
import { parse } from '../../generated/gigachat31.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GigaChat31Header } from './ast.js';
import { lowerGigaChat31 } from './lower.js';

/** The gigachat31 format. */
export const gigachat31: Format = {
  id: 'gigachat31',
  syntax: 'marked',
  models: 'GigaChat 3.1',
  markers: ['<|function_call|>'],
  parseAt(context, start) {
    const matched = runGrammar<GigaChat31Header>(parse, context.text, start, 'Header');
    if (matched === undefined) return undefined;
    return lowerGigaChat31(matched.node, context);
  },
};
