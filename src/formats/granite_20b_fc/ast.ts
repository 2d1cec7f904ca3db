/** AST of `grammar/granite_20b_fc.peggy`. */
import type { JsonExtentNode } from '../shared/json-extent.js';

/** `<function_call>` and its call object; `closed` is true when `</function_call>` followed. */
export interface Granite20bSection {
  type: 'granite-20b-section';
  start: number;
  call: JsonExtentNode;
  closed: boolean;
}
