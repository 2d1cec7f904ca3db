/**
 * AST of `grammar/xml_invoke.peggy`: the `<invoke name="f"><parameter name="k">v</parameter></invoke>`
 * element that minimax_m2, step3 and the DeepSeek DSML formats share, each with its own tag prefix.
 */
import type { Span } from '../../types.js';

/** One `key="value"` attribute of an open tag. */
export interface XmlAttribute {
  type: 'xml-attribute';
  key: string;
  value: string;
  start: number;
}

/** `<parameter name="k">` value `</parameter>`; `closed` is false when the close tag is missing. */
export interface XmlParameter {
  type: 'xml-parameter';
  start: number;
  end: number;
  attributes: XmlAttribute[];
  value: Span;
  closed: boolean;
}

/**
 * `<invoke name="f">` parameters `</invoke>`. `rest` is the text after the last parameter (a JSON
 * body, or stray text); `closed` is false when the output or a stop marker came first.
 */
export interface XmlInvoke {
  type: 'xml-invoke';
  start: number;
  end: number;
  attributes: XmlAttribute[];
  parameters: XmlParameter[];
  rest: Span;
  closed: boolean;
}
