/** AST of `grammar/deepseek_v4_dsml.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<｜DSML｜tool_calls>` invokes `</｜DSML｜tool_calls>`; `rest` is the text after the last invoke,
 * `closed` is false when the output ended first.
 */
export interface DeepseekV4DsmlSection {
  type: 'deepseek-v4-dsml-section';
  start: number;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}
