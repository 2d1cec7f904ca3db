/** AST of `grammar/openai_json.peggy`. */

/** An optional fence and where the whole-output `{"tool_calls": [...]}` object starts. */
export interface OpenaiJsonSection {
  type: 'openai-json-section';
  start: number;
  fenced: boolean;
  payloadStart: number;
}
