/**
 * `qwen3_coder`: `<tool_call><function=NAME><parameter=KEY>VALUE</parameter></function></tool_call>`.
 * Qwen3-Coder, Qwen3.5, Nemotron 3, Step 3.5.
 */
import { parse } from '../../generated/qwen3_coder.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Qwen3CoderNode } from './ast.js';
import { lowerQwen3Coder } from './lower.js';

const FUNCTION_OPEN = '<function=';

/** The qwen3_coder format. */
export const qwen3_coder: Format = {
  id: 'qwen3_coder',
  syntax: 'marked',
  models: 'Qwen3-Coder, Qwen3.5, Nemotron 3, Step 3.5',
  // `<function=` alone: models sometimes leave out the opening <tool_call>.
  markers: ['<tool_call>', FUNCTION_OPEN],
  parseAt(context, start) {
    const rule = context.text.startsWith(FUNCTION_OPEN, start) ? 'BareFunction' : 'Section';
    const matched = runGrammar<Qwen3CoderNode>(parse, context.text, start, rule);
    if (matched === undefined) return undefined;
    return lowerQwen3Coder(matched.node, context);
  },
};
