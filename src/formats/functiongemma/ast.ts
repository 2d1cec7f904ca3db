/** AST of `grammar/functiongemma.peggy` (its calls are `grammar/gemma_call.peggy`'s). */
import type { GemmaCallBlock, GemmaMalformedBlock } from '../shared/gemma-call-ast.js';

/** `<start_function_call>` calls `<end_function_call>`; `closed` is false when the output ended first. */
export interface FunctionGemmaToolCalls extends GemmaCallBlock {
  type: 'functiongemma-tool-calls';
}

/** `<start_function_call>` followed by something that is not `call:NAME{...}`. */
export interface FunctionGemmaMalformed extends GemmaMalformedBlock {
  type: 'functiongemma-malformed';
}

/** A functiongemma section. */
export type FunctionGemmaSection = FunctionGemmaToolCalls | FunctionGemmaMalformed;
