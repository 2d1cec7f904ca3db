/** AST of `grammar/granite.peggy`. */
import type { JsonExtentNode, JsonListNode } from '../shared/json-extent.js';

/** A granite section, opened by the special token or by the text tag. */
export type GraniteNode = GraniteSpecial | GraniteTagged;

/** `<|tool_call|>` and the list (or single object) after it. */
export interface GraniteSpecial {
  type: 'granite-special';
  start: number;
  body: JsonListNode | JsonExtentNode | GraniteMalformed;
}

/** `<|tool_call|>` followed by something that is no JSON call. */
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
