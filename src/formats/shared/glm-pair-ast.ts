/**
 * The key/value pairs GLM writes (`<arg_key>KEY</arg_key><arg_value>VALUE</arg_value>`), as the
 * grammars of glm45 and hy_v3 give them.
 */

/** A piece of text with where it starts in the output. */
export interface GlmText {
  text: string;
  start: number;
}

/** How an element ended: its closing tag, a following tag implying it, or the end of the output. */
export type GlmClose = 'closed' | 'implicit' | 'cut';

/** `<arg_value>VALUE</arg_value>`, the value as raw text. */
export interface GlmValue extends GlmText {
  close: GlmClose;
  /** False when the model left out the value's `<arg_value>` (read up to its `</arg_value>`). */
  opened: boolean;
}

/** `<arg_key>KEY</arg_key>` and its value, `null` when no `<arg_value>` followed. */
export interface GlmPair {
  type: 'glm45-pair';
  start: number;
  end: number;
  key: GlmText;
  /** `missing`: another tag followed the key without `</arg_key>`. */
  keyClose: 'closed' | 'missing' | 'cut';
  /** Where `</arg_key>` was written again after the key's close tag. */
  repeated: number[];
  /** Opened by a second `<tool_call>` where the call's first `<arg_key>` belongs. */
  misplacedOpen: boolean;
  value: GlmValue | null;
}

/** Text between pairs: blank or literal `\n` in well-formed output, junk otherwise. */
export interface GlmStrayText {
  type: 'glm45-stray-text';
  start: number;
  text: string;
}
