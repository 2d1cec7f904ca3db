/** AST of `grammar/deepseek_v32_dsml.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<｜DSML｜function_calls>` invokes `</｜DSML｜function_calls>`; `rest` is the text after the last invoke,
 * `closed` is false when the output ended first.
 */
export interface DeepseekV32DsmlSection {
  type: 'deepseek-v32-dsml-section';
  start: number;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}
