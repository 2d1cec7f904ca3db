/**
 * AST of `grammar/xml_function.peggy`: the `<function=NAME><parameter=KEY>VALUE</parameter>`
 * piece shared by qwen3_coder and seed_oss.
 */

/** A piece of text with where it starts in the output. */
export interface XmlText {
  text: string;
  start: number;
}

/** How an open tag ended: `>` found, the output ended inside it, or something else followed. */
export type XmlOpenEnd = 'closed' | 'cut' | 'missing';

/** How an element ended: its closing tag, a following tag implying it, or the end of the output. */
export type XmlClose = 'closed' | 'implicit' | 'cut';

/** `<parameter=KEY>VALUE</parameter>`; the value is raw text. */
export interface XmlParameter {
  type: 'xml-parameter';
  start: number;
  end: number;
  name: XmlText;
  open: XmlOpenEnd;
  value: XmlText;
  close: XmlClose;
}

/** Text between parameters: blank in well-formed output, junk otherwise. */
export interface XmlStrayText {
  type: 'xml-stray-text';
  start: number;
  text: string;
}

/** One item inside a function. */
export type XmlFunctionItem = XmlParameter | XmlStrayText;

/** What follows `<function=`: the name, the items and how the function ended. */
export interface XmlFunctionBody {
  name: XmlText;
  open: XmlOpenEnd;
  items: XmlFunctionItem[];
  close: XmlClose;
}

/** `<function=NAME>` items `</function>`, as the importing grammars build it around the body. */
export interface XmlFunction {
  type: 'xml-function';
  start: number;
  end: number;
  body: XmlFunctionBody;
  /** The function's tag was written `<parameter=NAME>` (qwen3_coder reads that slip). */
  misnamed?: true;
}
