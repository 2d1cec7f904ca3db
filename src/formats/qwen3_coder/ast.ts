/** AST of `grammar/qwen3_coder.peggy`; the function piece is `grammar/xml_function.peggy`'s. */
import type { XmlClose, XmlFunction, XmlStrayText } from '../shared/xml-function-ast.js';

/** `<tool_call>` functions `</tool_call>`; `close` says how the section ended. */
export interface Qwen3CoderSection {
  type: 'qwen3-coder-section';
  start: number;
  end: number;
  items: (XmlFunction | XmlStrayText)[];
  /** `implicit`: the next `<tool_call>` began first; `cut`: the output ended first. */
  close: XmlClose;
}

/** A `<function=...>` written without its `<tool_call>`, and whether a `</tool_call>` followed. */
export interface Qwen3CoderBareFunction {
  type: 'qwen3-coder-bare-function';
  start: number;
  end: number;
  function: XmlFunction;
  closeTag: boolean;
}

/** Every start node of the grammar. */
export type Qwen3CoderNode = Qwen3CoderSection | Qwen3CoderBareFunction;
