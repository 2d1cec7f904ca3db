/** AST of `grammar/react.peggy`. */

/** The action input: a JSON object starting at `start`, or a line of text. */
export type ReactInput =
  | { type: 'react-json-input'; start: number }
  | { type: 'react-text-input'; start: number; end: number };

/** An optional thought line, then `Action:` and `Action Input:`. */
export interface ReactSection {
  type: 'react-section';
  start: number;
  thought: string | null;
  name: { text: string; start: number };
  input: ReactInput;
}
