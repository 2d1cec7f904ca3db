/** AST of `grammar/phi4_mini.peggy`. */
import type { JsonExtentNode, JsonListNode } from '../shared/json-extent.js';

/** `functools` and its call list. */
export interface Phi4MiniSection {
  type: 'phi4-mini-section';
  start: number;
  list: JsonListNode | Phi4MiniMalformed;
}

/** `functools[...]` whose items are not call objects. */
export interface Phi4MiniMalformed {
  type: 'phi4-mini-malformed';
  extent: JsonExtentNode;
}
