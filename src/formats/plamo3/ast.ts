/** AST of `grammar/plamo3.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
export interface Range {
  start: number;
  end: number;
}

/**
 * How a tag that closes something was found: written, `cut` (the output ended where it belongs,
 * or part way through it), or `missing` (something else was written in its place).
 */
export type Plamo3Close = 'closed' | 'cut' | 'missing';

/** `<|plamo:begin_tool_requests:plamo|>` items `<|plamo:end_tool_requests:plamo|>`. */
export interface Plamo3Block {
  type: 'plamo3-block';
  start: number;
  end: number;
  items: Plamo3Item[];
  /**
   * `cut` when the output ended before the block's close tag, `interrupted` when another block
   * opened there.
   */
  close: 'closed' | 'cut' | 'interrupted';
}

/** `<|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|>`. */
export interface Plamo3Name {
  /** The name as written, up to the next tag of the syntax. */
  text: Range;
  close: Plamo3Close;
}

/** `<|plamo:begin_tool_arguments:plamo|>` (preamble) payload `<|plamo:end_tool_arguments:plamo|>`. */
export interface Plamo3Arguments {
  /** The JSON as written, after the preamble. */
  payload: Range;
  close: Plamo3Close;
}

/** `<|plamo:begin_tool_request:plamo|>` name arguments `<|plamo:end_tool_request:plamo|>`. */
export interface Plamo3Request {
  type: 'plamo3-request';
  start: number;
  end: number;
  /** `null` when no `<|plamo:begin_tool_name:plamo|>` follows the open tag. */
  name: Plamo3Name | null;
  /** `null` when no `<|plamo:begin_tool_arguments:plamo|>` follows the name. */
  arguments: Plamo3Arguments | null;
  close: Plamo3Close;
}

/** Text inside the block that is not a request. */
export interface Plamo3Stray {
  type: 'plamo3-stray';
  start: number;
  end: number;
}

/** What a block holds. */
export type Plamo3Item = Plamo3Request | Plamo3Stray;

/** `<|plamo:begin_think:plamo|>` and its reasoning. */
export interface Plamo3Think {
  type: 'plamo3-think';
  start: number;
  text: string;
  /** `tools`: a block of requests ended it; `end`: the output did. */
  close: 'closed' | 'tools' | 'end';
}

/** What a section of the grammar is. */
export type Plamo3Node = Plamo3Block | Plamo3Think;
