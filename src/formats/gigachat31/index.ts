/**
 * `gigachat31`: `<|function_call|>{"name": ..., "arguments": {...}}`, optionally ended by `</s>`.
 * GigaChat 3.1.
 */
import { parse } from '../../generated/gigachat31.js';
import type { Format } from '../format.js';
import { readJsonCallHead } from '../../stream/call-head.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GigaChat31Header } from './ast.js';
import { lowerGigaChat31 } from './lower.js';

const MARKER = '<|function_call|>';

/** The gigachat31 format. */
export const gigachat31: Format = {
  id: 'gigachat31',
  syntax: 'marked',
  models: 'GigaChat 3.1',
  markers: [MARKER],
  parseAt(context, start) {
    const matched = runGrammar<GigaChat31Header>(parse, context.text, start, 'Header');
    if (matched === undefined) return undefined;
    return lowerGigaChat31(matched.node, context);
  },
  // The call starts at its arguments' `{`, after blanks and the call object's name.
  readCallHead: (text, start) => readJsonCallHead(text, start + MARKER.length),
};
