/**
 * The nodes `grammar/json.peggy` builds. Actions only build these; `lower.ts` turns them into
 * values. Every node keeps its offset (relative to the parsed text) and the repairs the grammar
 * made at that node, as data.
 */
import type { Repair } from '../types.js';

/** One piece of a string's content, decoded by the lowering. */
export type JsonStringPart =
  /** Literal characters, taken as they are. */
  | { type: 'text'; text: string }
  /** A one-character escape: `n` in `\n`, `"` in `\"`. */
  | { type: 'escape'; char: string }
  /** A `\uXXXX` escape, the four hex digits. */
  | { type: 'unicode'; hex: string };

/** A quoted or bare string (keys too). */
export interface JsonStringNode {
  type: 'string';
  parts: JsonStringPart[];
  /** True when trailing whitespace is not content (a string cut at a delimiter, a bare word). */
  trimEnd: boolean;
  offset: number;
  repairs: Repair[];
}

/** A number as written; the lowering reads it (forms like `.5` or `2.` carry a repair). */
export interface JsonNumberNode {
  type: 'number';
  text: string;
  offset: number;
  repairs: Repair[];
}

/** `true`, `false` or `null` (Python spellings and `undefined` carry a repair). */
export interface JsonLiteralNode {
  type: 'literal';
  value: 'true' | 'false' | 'null';
  offset: number;
  repairs: Repair[];
}

/** An array and its items, in order. */
export interface JsonArrayNode {
  type: 'array';
  items: JsonNode[];
  offset: number;
  repairs: Repair[];
}

/** One `key: value` pair of an object. */
export interface JsonMember {
  key: JsonStringNode;
  value: JsonNode;
}

/** An object and its members, in order (a later duplicate key wins, as in `JSON.parse`). */
export interface JsonObjectNode {
  type: 'object';
  members: JsonMember[];
  offset: number;
  repairs: Repair[];
}

/** A value that stands for another: `ObjectId("1")` or `callback({...})` unwrapped. */
export interface JsonWrappedNode {
  type: 'wrapped';
  value: JsonNode;
  offset: number;
  repairs: Repair[];
}

/** Any JSON value node. */
export type JsonNode =
  | JsonStringNode
  | JsonNumberNode
  | JsonLiteralNode
  | JsonArrayNode
  | JsonObjectNode
  | JsonWrappedNode;

/** The whole payload: one value plus the repairs made around it (fences, comments, commas). */
export interface JsonDocument {
  type: 'document';
  value: JsonNode;
  repairs: Repair[];
}
