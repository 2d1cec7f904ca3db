/**
 * AST of `grammar/solar_open2.peggy`: one call (its pairs are GLM's pair nodes,
 * `src/formats/shared/glm-pair-ast.ts`, read as glm45's are), or a reasoning block.
 */
import type { GlmClose, GlmPair, GlmStrayText, GlmText } from '../shared/glm-pair-ast.js';

/** `<|tool_call:start|>NAME` then its pairs up to `<|tool_call:end|>`. */
export interface SolarOpen2Call {
  type: 'solar-open2-call';
  start: number;
  end: number;
  /** The rest of the start token's line, untrimmed. */
  name: GlmText;
  /** False when no line break followed the name (the template always writes one). */
  lineBreak: boolean;
  items: (GlmPair | GlmStrayText)[];
  /** `implicit`: the next `<|tool_call:start|>` began first; `cut`: the output ended first. */
  close: GlmClose;
}

/** `<|think:start|>` and its reasoning. */
export interface SolarOpen2Think {
  type: 'solar-open2-think';
  start: number;
  end: number;
  text: string;
  /** Its `<|think:end|>`, a `<|tool_call:start|>` written inside it, or the end of the output. */
  close: 'closed' | 'call' | 'end';
}

/** What the grammar reads at a marker. */
export type SolarOpen2Node = SolarOpen2Call | SolarOpen2Think;
