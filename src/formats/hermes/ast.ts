/** AST of `grammar/hermes.peggy`. */

/** `<tool_call>` payload `</tool_call>`; `closed` is false when the output ended first. */
export interface HermesSection {
  type: 'hermes-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}

/**
 * A tool's name written before its arguments object, bare or in `<function>` tags
 * (`<function>terminal</function>\n{"command": "ls"}`); the object starts at `argumentsStart`.
 */
export interface HermesNamedArguments {
  type: 'hermes-named-arguments';
  name: { text: string; start: number };
  argumentsStart: number;
}
