/** AST of `grammar/dots.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/**
 * `<dots_function_call>` invokes `</dots_function_call>`; `rest` is the text after the last
 * invoke, `closed` is false when the output ended first.
 */
export interface DotsInvokeSection {
  type: 'dots-invoke-section';
  start: number;
  invokes: XmlInvoke[];
  rest: Span;
  closed: boolean;
}

/** `<dots_function_call>` one JSON call object `</dots_function_call>`. */
export interface DotsJsonSection {
  type: 'dots-json-section';
  start: number;
  payload: Span;
  closed: boolean;
}

/** Every start node of the grammar. */
export type DotsSection = DotsInvokeSection | DotsJsonSection;
