/** AST of `grammar/xlam.peggy`. */
import type { JsonListNode } from '../shared/json-extent.js';

/**
 * A call list, bare or wrapped; `closed` is false when a fence or tag was opened and the output
 * ended before its closer (always true for `bare` and `tool-calls`, which have none).
 */
export interface XlamSection {
  type: 'xlam-section';
  start: number;
  wrapper: 'bare' | 'fence' | 'tool-calls' | 'tag';
  list: JsonListNode;
  closed: boolean;
}
