/** AST of `grammar/inkling.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
export interface Range {
  start: number;
  end: number;
}

/** A section: a message (role token, header, block), a block alone, or an end token alone. */
export type InklingSection = InklingMessage | InklingBlock | InklingLoneEnd;

/**
 * How a block (or a header) ended: `end` (`<|end_message|>`), `stop`
 * (`<|content_model_end_sampling|>`, after which the turn is over), `next` where another token
 * came first (not consumed), `open` at the end of the output.
 */
export type InklingClose = 'end' | 'stop' | 'next' | 'open';

/** `<|message_model|>`, its header, then a block, or the header's end when no block follows. */
export interface InklingMessage {
  type: 'inkling-message';
  start: number;
  end: number;
  /** The text between the role token and the next token: metadata (a tool's name). */
  header: Range;
  rest: InklingBlock | InklingHeaderEnd;
}

/** The end of a header no kind token followed. */
export interface InklingHeaderEnd {
  type: 'inkling-header-end';
  close: InklingClose;
}

/** What a block's kind token says its body is. */
export type InklingKind = 'text' | 'thinking' | 'call' | 'tool-text' | 'tool-error';

/** A kind token, its body and how it ended. */
export interface InklingBlock {
  type: 'inkling-block';
  start: number;
  end: number;
  kind: InklingKind;
  body: Range;
  close: InklingClose;
}

/** An end token read alone. */
export interface InklingLoneEnd {
  type: 'inkling-lone-end';
  start: number;
  end: number;
  close: 'end' | 'stop';
}
