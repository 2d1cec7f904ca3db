/** AST of `grammar/json_block.peggy`. */

/** An optional fence and where the whole-output JSON object starts. */
export interface JsonBlockSection {
  type: 'json-block-section';
  start: number;
  fenced: boolean;
  payloadStart: number;
}
