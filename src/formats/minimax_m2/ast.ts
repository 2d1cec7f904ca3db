/** AST of `grammar/minimax_m2.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<minimax:tool_call>` invokes `</minimax:tool_call>`; `rest` is the text after the last invoke,
 * `closed` is false when the output ended first.
 */
export interface MinimaxM2Section {
  type: 'minimax-m2-section';
  start: number;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}
