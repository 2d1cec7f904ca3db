/** AST of `grammar/gigachat35.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<｜GCML｜tool_calls>` invokes `</｜GCML｜tool_calls>`; `rest` is the text after the last invoke,
 * `closed` is false when the output ended first.
 */
export interface Gigachat35Section {
  type: 'gigachat35-section';
  start: number;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}
