/** AST of `grammar/longcat.peggy`. */

/** `<longcat_tool_call>` payload `</longcat_tool_call>`; `closed` is false when the output ended first. */
export interface LongcatSection {
  type: 'longcat-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}
