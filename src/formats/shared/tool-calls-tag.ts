/**
 * `<tool_calls>`, which three syntaxes share: jamba and hunyuan_a13b write a JSON list after it,
 * minimax call objects one a line. Their grammars tell them apart by the payload's first unit
 * past blanks (a `[` or not), and so do their `mayOpen` answers: a stream in auto mode drops the
 * ones that cannot read the section once that unit arrives, then reads the other's heads.
 */

/** The opening tag. */
export const TOOL_CALLS_OPEN = '<tool_calls>';

/** The closing tag: the payload ends at the first one. */
export const TOOL_CALLS_CLOSE = '</tool_calls>';
