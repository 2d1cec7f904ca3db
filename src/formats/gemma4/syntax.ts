/** The tokens gemma4 writes around Gemma's call syntax. */
import { parse } from '../../generated/gemma4.js';
import type { GemmaCallSyntax } from '../shared/gemma-call.js';

/** gemma4's tokens and grammar, for the shared call readers. */
export const GEMMA4_SYNTAX: GemmaCallSyntax = {
  format: 'gemma4',
  open: '<|tool_call>',
  close: '<tool_call|>',
  quote: '<|"|>',
  parse,
  blockType: 'gemma4-tool-calls',
  grammarOptions: {},
};
