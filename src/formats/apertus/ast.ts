/** AST of `grammar/apertus.peggy`. */
import type { JsonExtentNode, JsonListNode } from '../shared/json-extent.js';

/** What the grammar's `Section` reads at a marker. */
export type ApertusNode = ApertusTools | ApertusThink;

/**
 * `<|tools_prefix|>` and its payload, up to `<|tools_suffix|>` (`closed`), or, left open, up to
 * the next `<|tools_prefix|>` or the end of the output.
 */
export interface ApertusTools {
  type: 'apertus-tools';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}

/**
 * `<|inner_prefix|>` and its reasoning; `close` says what ended it: its `<|inner_suffix|>`, a
 * tools block opened inside it, or the end of the output.
 */
export interface ApertusThink {
  type: 'apertus-think';
  start: number;
  text: string;
  close: 'closed' | 'tools' | 'end';
}

/** What the grammar's `Body` reads in a payload. */
export type ApertusBody = ApertusList | ApertusMalformed | ApertusNoList;

/** A list of object extents (the text after it, up to the payload's end, is not the list's). */
export interface ApertusList {
  type: 'apertus-list';
  list: JsonListNode;
}

/** A balanced value that is no list of objects (`[1, 2]`, junk between items, one object). */
export interface ApertusMalformed {
  type: 'apertus-malformed';
  extent: JsonExtentNode;
}

/** A payload that opens with no JSON value (prose, or nothing). */
export interface ApertusNoList {
  type: 'apertus-no-list';
  start: number;
}
