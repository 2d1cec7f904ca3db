/** AST of `grammar/minimax.peggy`. */
import type { JsonExtentNode } from '../shared/json-extent.js';

/** `<tool_calls>` payload `</tool_calls>`; `closed` is false when the output ended first. */
export interface MinimaxSection {
  type: 'minimax-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}

/**
 * The payload read alone (offsets relative to the payload): call objects one a line, and `rest`,
 * the text after the last object that is not one (empty when the payload is well formed).
 */
export interface MinimaxLines {
  type: 'minimax-lines';
  items: JsonExtentNode[];
  rest: { start: number; end: number };
}
