/** AST of `grammar/jamba.peggy`. */

/** `<tool_calls>` list `</tool_calls>`; `closed` is false when the output ended first. */
export interface JambaSection {
  type: 'jamba-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}
