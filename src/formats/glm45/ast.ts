/** AST of `grammar/glm45.peggy`. */

/** A piece of text with where it starts in the output. */
export interface Glm45Text {
  text: string;
  start: number;
}

/** How an element ended: its closing tag, a following tag implying it, or the end of the output. */
export type Glm45Close = 'closed' | 'implicit' | 'cut';

/** `<arg_value>VALUE</arg_value>`, the value as raw text. */
export interface Glm45Value extends Glm45Text {
  close: Glm45Close;
  /** False when the model left out the value's `<arg_value>` (read up to its `</arg_value>`). */
  opened: boolean;
}

/** `<arg_key>KEY</arg_key>` and its value, `null` when no `<arg_value>` followed. */
export interface Glm45Pair {
  type: 'glm45-pair';
  start: number;
  end: number;
  key: Glm45Text;
  /** `missing`: another tag followed the key without `</arg_key>`. */
  keyClose: 'closed' | 'missing' | 'cut';
  /** Where `</arg_key>` was written again after the key's close tag. */
  repeated: number[];
  /** Opened by a second `<tool_call>` where the call's first `<arg_key>` belongs. */
  misplacedOpen: boolean;
  value: Glm45Value | null;
}

/** Text between pairs: blank or literal `\n` in well-formed output, junk otherwise. */
export interface Glm45StrayText {
  type: 'glm45-stray-text';
  start: number;
  text: string;
}

/** `<tool_call>NAME` pairs `</tool_call>`. */
export interface Glm45Section {
  type: 'glm45-section';
  start: number;
  end: number;
  name: Glm45Text;
  items: (Glm45Pair | Glm45StrayText)[];
  /** `implicit`: the next `<tool_call>` began first; `cut`: the output ended first. */
  close: Glm45Close;
}
