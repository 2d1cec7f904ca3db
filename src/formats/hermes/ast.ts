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

/**
 * Where a JSON payload ends when its strings are read whole: at `closeAt`, the first
 * `</tool_call>` outside them, or, `open`, nowhere yet (the input ended first).
 */
export interface HermesQuotedClose {
  type: 'hermes-quoted-close';
  closeAt: number;
  open: boolean;
}
