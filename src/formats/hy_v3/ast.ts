/**
 * AST of `grammar/hy_v3.peggy`: a `<tool_calls>` block as a flat run of parts, which the lowering
 * pairs into calls. Pairs and the text between parts are GLM's pair nodes
 * (`src/formats/shared/glm-pair-ast.ts`): Hy3 writes its arguments as GLM does, and they are read
 * as glm45's are.
 */
import type { GlmPair, GlmStrayText, GlmText } from '../shared/glm-pair-ast.js';

/** `<tool_call>NAME`: a call opens; the name is everything up to the next `<`, untrimmed. */
export interface HyV3CallOpen {
  type: 'hy-v3-call-open';
  start: number;
  name: GlmText;
}

/** `<tool_sep>`: between a call's name and its arguments. */
export interface HyV3Sep {
  type: 'hy-v3-sep';
  start: number;
}

/** `</tool_call>`. */
export interface HyV3CallClose {
  type: 'hy-v3-call-close';
  start: number;
  end: number;
}

/** One part of a block. */
export type HyV3Part = HyV3CallOpen | HyV3Sep | GlmPair | HyV3CallClose | GlmStrayText;

/** `<tool_calls>` parts `</tool_calls>`. */
export interface HyV3Block {
  type: 'hy-v3-block';
  start: number;
  end: number;
  /** The suffix every tag of the block carries (`:opensource`), `''` when none. */
  suffix: string;
  parts: HyV3Part[];
  /** `cut`: the output ended before `</tool_calls>`. */
  close: 'closed' | 'cut';
}
