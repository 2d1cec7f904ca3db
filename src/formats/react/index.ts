/** `react`: `Action: N` / `Action Input: {json}` lines of a ReAct loop (a fallback syntax). */
import { parse } from '../../generated/react.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { ReactSection } from './ast.js';
import { lowerReact } from './lower.js';

/** The react format. */
export const react: Format = {
  id: 'react',
  syntax: 'bare',
  models: 'any model driven by a ReAct prompt (LangChain agents and similar)',
  markers: ['Thought:', 'Action:'],
  parseAt(context, start) {
    const matched = runGrammar<ReactSection>(parse, context.text, start, 'Section');
    return matched === undefined ? undefined : lowerReact(matched.node, matched.end, context);
  },
};
