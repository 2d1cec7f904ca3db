/** AST of `grammar/llama3_json.peggy`. */
import type { JsonExtentNode } from '../shared/json-extent.js';

/** Call objects separated by `;`, after `<|python_tag|>` when `tagged`. */
export interface Llama3Section {
  type: 'llama3-section';
  start: number;
  tagged: boolean;
  items: JsonExtentNode[];
}
