/** AST of `grammar/command_r7b.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** `<|START_ACTION|>` JSON list `<|END_ACTION|>`; `closed` is false at end of output. */
export interface CommandR7bAction {
  type: 'command-r7b-action';
  start: number;
  payload: Range;
  closed: boolean;
}

/** A thinking block (reasoning) or a response / text block (content). */
export interface CommandR7bBlock {
  type: 'command-r7b-block';
  kind: 'thinking' | 'response';
  start: number;
  body: Range;
  closed: boolean;
}

/** A lone `<|END_THINKING|>`, closing a block the prompt opened. */
export interface CommandR7bThinkingEnd {
  type: 'command-r7b-thinking-end';
  start: number;
  end: number;
}

/** One Command R7B block. */
export type CommandR7bNode = CommandR7bAction | CommandR7bBlock | CommandR7bThinkingEnd;
