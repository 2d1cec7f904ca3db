/**
 * `hermes`: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`, repeated.
 * Hermes 2 Pro / 3, Qwen 2.5 / 3, Ernie 4.5, Granite 4.
 */
import { parse } from '../../generated/hermes.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import { readJsonCallHead } from '../../stream/call-head.js';
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
    // Open while no </tool_call> has come: a stream waits for it (or for the end of the output).
    return { ...lowerHermes(matched.node, matched.end, context), open: !matched.node.closed };
  },
  endMarkers: ['</tool_call>'],
  readCallHead: (text, start) => readJsonCallHead(text, start + '<tool_call>'.length),
};
