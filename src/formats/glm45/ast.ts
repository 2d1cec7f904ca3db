/** AST of `grammar/glm45.peggy` (its pairs are `src/formats/shared/glm-pair-ast.ts`'s). */
import type { GlmClose, GlmPair, GlmStrayText, GlmText } from '../shared/glm-pair-ast.js';

/** `<tool_call>NAME` pairs `</tool_call>`. */
export interface Glm45Section {
  type: 'glm45-section';
  start: number;
  end: number;
  name: GlmText;
  items: (GlmPair | GlmStrayText)[];
  /** `implicit`: the next `<tool_call>` began first; `cut`: the output ended first. */
  close: GlmClose;
}
