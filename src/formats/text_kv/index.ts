/** `text_kv`: `function.name: N` then `function.arguments: {json}` lines (a fallback syntax). */
import { parse } from '../../generated/text_kv.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { TextKvSection } from './ast.js';
import { lowerTextKv } from './lower.js';

/** The text_kv format. */
export const text_kv: Format = {
  id: 'text_kv',
  syntax: 'bare',
  models: 'models echoing a proxy tool-call history as text (ds2api text KV)',
  markers: ['function.name:', '[TOOL_CALL_HISTORY]'],
  parseAt(context, start) {
    const matched = runGrammar<TextKvSection>(parse, context.text, start, 'Section');
    return matched === undefined ? undefined : lowerTextKv(matched.node, context);
  },
};
