/**
 * `internlm`: `<|action_start|><|plugin|>{"name": ..., "parameters": {...}}<|action_end|>`.
 * InternLM2, InternLM2.5, InternLM3.
 */
import { parse } from '../../generated/internlm.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InternLmSection } from './ast.js';
import { lowerInternLm } from './lower.js';
import { readInternLmHead } from './head.js';

const OPEN = '<|action_start|>';

/** The internlm format. */
export const internlm: Format = {
  id: 'internlm',
  syntax: 'marked',
  models: 'InternLM2, InternLM2.5, InternLM3',
  markers: [OPEN],
  // The payload is raw text up to the first <|action_end|>, and the executor token before it is
  // never that token: nothing past it is read.
  endMarkers: ['<|action_end|>'],
  parseAt(context, start) {
    const matched = runGrammar<InternLmSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerInternLm(matched.node, matched.end, context);
  },
  // A plugin action's call starts at its arguments' `{` (the payload ends at <|action_end|>).
  readCallHead: (text, start) => readInternLmHead(text, start, OPEN),
};
