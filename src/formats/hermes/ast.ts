/** AST of `grammar/hermes.peggy`. */

/** `<tool_call>` payload `</tool_call>`; `closed` is false when the output ended first. */
export interface HermesSection {
  type: 'hermes-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}
