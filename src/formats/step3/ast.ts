/** AST of `grammar/step3.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/** Text inside one `<｜tool_call_begin｜>` ... `<｜tool_call_end｜>` that is not an invoke element. */
export interface Step3Stray {
  type: 'step3-stray';
  start: number;
  end: number;
}

/** `<｜tool_call_begin｜>` [`function<｜tool_sep｜>`] body `<｜tool_call_end｜>`. */
export interface Step3Call {
  type: 'step3-call';
  start: number;
  body: XmlInvoke | Step3Stray;
  /** False when `<｜tool_call_end｜>` is missing. */
  closed: boolean;
}

/**
 * `<｜tool_calls_begin｜>` calls `<｜tool_calls_end｜>`; `rest` is the text after the last call,
 * `closed` is false when the output ended first.
 */
export interface Step3Section {
  type: 'step3-section';
  start: number;
  calls: Step3Call[];
  rest: Span;
  closed: boolean;
}
