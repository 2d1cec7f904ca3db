/** AST of `grammar/marker_json.peggy`. */

/** `TOOL_CALL`, an optional fence, and where the JSON payload starts. */
export interface MarkerJsonSection {
  type: 'marker-json-section';
  start: number;
  fenced: boolean;
  payloadStart: number;
}
