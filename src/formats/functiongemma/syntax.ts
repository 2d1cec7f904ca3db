/** The tokens functiongemma writes around Gemma's call syntax. */
import { parse } from '../../generated/functiongemma.js';
import type { GemmaCallSyntax } from '../shared/gemma-call.js';

/** functiongemma's tokens and grammar, for the shared call readers. */
export const FUNCTIONGEMMA_SYNTAX: GemmaCallSyntax = {
  format: 'functiongemma',
  open: '<start_function_call>',
  close: '<end_function_call>',
  quote: '<escape>',
  parse,
  blockType: 'functiongemma-tool-calls',
  // `gemma_call.peggy` then reads `<escape>` strings and stops bare values at `<end_function_call>`.
  grammarOptions: { tokens: 'functiongemma' },
};
