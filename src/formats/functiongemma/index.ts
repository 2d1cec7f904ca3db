/**
 * `functiongemma`: `<start_function_call>call:get_weather{city:<escape>London<escape>}<end_function_call>`.
 * Google FunctionGemma.
 */
import type { Format } from '../format.js';
import { readGemmaHead, readNextGemmaHead } from '../shared/gemma-call-head.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { FunctionGemmaSection } from './ast.js';
import { lowerFunctionGemma } from './lower.js';
import { FUNCTIONGEMMA_SYNTAX } from './syntax.js';

/** The functiongemma format. */
export const functiongemma: Format = {
  id: 'functiongemma',
  syntax: 'marked',
  models: 'Google FunctionGemma',
  markers: ['<start_function_call>'],
  // After its last call a block closes at its close token (the lowering then says it is closed).
  trailingEndsAt: ['<end_function_call>'],
  parseAt(context, start) {
    const { parse, grammarOptions } = FUNCTIONGEMMA_SYNTAX;
    const matched = runGrammar<FunctionGemmaSection>(
      parse,
      context.text,
      start,
      'Section',
      grammarOptions,
    );
    if (matched === undefined) return undefined;
    return lowerFunctionGemma(matched.node, matched.end, context);
  },
  // No end markers: an `<escape>` string may hold `<end_function_call>` and run on past it.
  // A block's first call starts at its `{`; its arguments stream as they are written.
  readCallHead: (text, start) => readGemmaHead(FUNCTIONGEMMA_SYNTAX, text, start),
  // Each later call of a block starts at its own `call:NAME{`, after the `}` before it.
  readNextCallHead: (text, previous) =>
    readNextGemmaHead(FUNCTIONGEMMA_SYNTAX, text, 0, previous.arguments),
};
