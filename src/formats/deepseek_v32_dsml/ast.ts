/** AST of `grammar/deepseek_v32_dsml.peggy`. */
import type { Span } from '../../types.js';
import type { DsmlOpenTag } from '../shared/dsml.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<｜DSML｜function_calls>` invokes `</｜DSML｜function_calls>`; `open` says how its open tag was
 * written, `rest` is the text after the last invoke, `closed` is false when the output ended first.
 */
export interface DeepseekV32DsmlSection {
  type: 'deepseek-v32-dsml-section';
  start: number;
  open: DsmlOpenTag;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}
