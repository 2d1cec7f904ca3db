/** AST of `grammar/deepseek_v4_dsml.peggy`. */
import type { Span } from '../../types.js';
import type { DsmlOpenTag } from '../shared/dsml.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<｜DSML｜tool_calls>` invokes `</｜DSML｜tool_calls>`; `open` says how its open tag was written,
 * `rest` is the text after the last invoke, `closed` is false when the output ended first.
 */
export interface DeepseekV4DsmlSection {
  type: 'deepseek-v4-dsml-section';
  start: number;
  open: DsmlOpenTag;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}

/** An invoke written with no block around it (the older direct form). */
export interface DeepseekV4DsmlDirectInvoke {
  type: 'deepseek-v4-dsml-direct-invoke';
  start: number;
  invoke: XmlInvoke;
}

/** Every start node of the grammar. */
export type DeepseekV4DsmlNode = DeepseekV4DsmlSection | DeepseekV4DsmlDirectInvoke;
