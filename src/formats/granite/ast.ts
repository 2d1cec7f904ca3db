/** AST of `grammar/granite.peggy`. */
import type { JsonExtentNode, JsonListNode } from '../shared/json-extent.js';

/** A granite section, opened by the special token or by the text tag. */
export type GraniteNode = GraniteSpecial | GraniteTagged;

/** `<|tool_call|>` and the list (or single object) after it. */
export interface GraniteSpecial {
  type: 'granite-special';
  start: number;
  body: JsonListNode | JsonExtentNode | GraniteMalformedList | GraniteMalformed;
}

/**
 * `<|tool_call|>` and a list that is not call objects separated by commas (`[{..} junk]`),
 * claimed to its balanced end.
 */
export interface GraniteMalformedList {
  type: 'granite-malformed-list';
  extent: JsonExtentNode;
}

/** `<|tool_call|>` followed by something that is neither a list nor an object. */
export interface GraniteMalformed {
  type: 'granite-malformed';
  start: number;
}

/** `<tool_call>` list `</tool_call>`; `closed` is false when the output ended first. */
export interface GraniteTagged {
  type: 'granite-tagged';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}
