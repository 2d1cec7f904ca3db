/** AST of `grammar/nemotron_json.peggy`. */

/**
 * `<TOOLCALL>` and its payload, up to `</TOOLCALL>` (`closed`), or, left open, up to the next
 * `<TOOLCALL>` or the end of the output.
 */
export interface NemotronJsonSection {
  type: 'nemotron-json-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}
