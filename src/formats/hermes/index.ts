/**
 * `hermes`: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`, repeated.
 * Hermes 2 Pro / 3, Qwen 2.5 / 3, Ernie 4.5, Granite 4.
 */
import { parse } from '../../generated/hermes.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { HermesSection } from './ast.js';
import { lowerHermes } from './lower.js';

/** The hermes format. */
export const hermes: Format = {
  id: 'hermes',
  syntax: 'marked',
  models: 'Hermes 2 Pro/3, Qwen 2.5/3, Ernie 4.5, Granite 4',
  markers: ['<tool_call>'],
  parseAt(context, start) {
    const matched = runGrammar<HermesSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerHermes(matched.node, matched.end, context);
  },
};
