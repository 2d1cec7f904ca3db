/** AST of `grammar/markup.peggy`. */
import type { Span } from '../../types.js';
import type { XmlInvoke } from '../shared/xml-invoke-ast.js';

/** One `key="value"` attribute. */
export interface MarkupAttribute {
  key: string;
  value: string;
  start: number;
}

/** Text between tags, as a span of the output. */
export interface MarkupText {
  type: 'markup-node-text';
  start: number;
  end: number;
}

/** A generic element; `content` spans everything between its open and close tags. */
export interface MarkupElement {
  type: 'markup-node-element';
  name: string;
  attributes: MarkupAttribute[];
  children: MarkupNode[];
  content: Span;
  start: number;
  end: number;
  closed: boolean;
  /** True when the element was left open and its content ended at a nested call tag. */
  interrupted: boolean;
}

/**
 * What follows a call element that stopped at a tag it could not read (`</amt>` in an element
 * opened as `<amount>`, or a tag cut off by the end of the output): the rest of the call, up to
 * its own close tag (`closed`), the next call tag or the end of the output.
 */
export interface MarkupTail {
  start: number;
  end: number;
  closed: boolean;
}

/** `<![CDATA[...]]>`: `text` is what it holds, read as written (tags included). */
export interface MarkupCData {
  type: 'markup-node-cdata';
  start: number;
  end: number;
  text: string;
}

/** A child of an element. */
export type MarkupNode = MarkupElement | MarkupText | MarkupCData;

/** What the grammar read at a marker. */
export type MarkupSection =
  | {
      type: 'markup-invoke-block';
      start: number;
      invokes: XmlInvoke[];
      rest: Span;
      closed: boolean;
    }
  | { type: 'markup-invokes'; start: number; invokes: XmlInvoke[] }
  | { type: 'markup-element'; start: number; element: MarkupElement; tail: MarkupTail | null }
  | {
      /** `<tool_call>` around a `<function name="...">` element; `closed`: `</tool_call>` came. */
      type: 'markup-wrapped-element';
      start: number;
      element: MarkupElement;
      tail: MarkupTail | null;
      closed: boolean;
    };
