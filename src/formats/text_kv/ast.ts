/** AST of `grammar/text_kv.peggy`. */

/** `function.name:` / `function.arguments:` lines, optionally after a history wrapper. */
export interface TextKvSection {
  type: 'text-kv-section';
  start: number;
  wrapped: boolean;
  name: { text: string; start: number };
  payloadStart: number;
}
