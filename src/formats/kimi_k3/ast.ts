/**
 * AST of `grammar/kimi_k3.peggy`: a channel of the turn. The tools channel is a flat run of tags
 * and text (the lowering pairs the tags); `think` and `response` are text; a close tag alone or
 * the turn's message tag is framing.
 */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** `key="value"` in an open tag; the value as written, entities not yet decoded. */
export interface KimiK3Attribute {
  key: string;
  value: string;
  start: number;
}

/** `<|open|>NAME attributes<|sep|>`: a call or an argument opens (or a tag the syntax lacks). */
export interface KimiK3OpenTag extends Range {
  type: 'kimi-k3-open';
  name: string;
  attributes: KimiK3Attribute[];
}

/** `<|close|>NAME<|sep|>`. */
export interface KimiK3CloseTag extends Range {
  type: 'kimi-k3-close';
  name: string;
}

/** Text up to the next token: a value, or the blanks between tags. */
export interface KimiK3Text extends Range {
  type: 'kimi-k3-text';
}

/** A token that opens no tag. */
export interface KimiK3LoneToken extends Range {
  type: 'kimi-k3-lone-token';
}

/** One piece of a tools channel, in the order written. */
export type KimiK3Part = KimiK3OpenTag | KimiK3CloseTag | KimiK3Text | KimiK3LoneToken;

/**
 * How a channel ended: at its close tag, at the end of the output (`cut`), or where another
 * channel's tag began (`implicit`).
 */
export type KimiK3Close = 'closed' | 'cut' | 'implicit';

/** `<|open|>tools<|sep|>` tags and text `<|close|>tools<|sep|>`. */
export interface KimiK3Tools extends Range {
  type: 'kimi-k3-tools';
  parts: KimiK3Part[];
  close: KimiK3Close;
}

/** `<|open|>think<|sep|>` (reasoning) or `<|open|>response<|sep|>` (content), and its text. */
export interface KimiK3TextChannel extends Range {
  type: 'kimi-k3-text-channel';
  channel: 'think' | 'response';
  body: Range;
  close: KimiK3Close;
}

/** A close tag alone, or the turn's `<|open|>message ...<|sep|>` tag: framing, read as nothing. */
export interface KimiK3Mark extends Range {
  type: 'kimi-k3-mark';
  name: string;
}

/** Every node the grammar's start rule gives. */
export type KimiK3Section = KimiK3Tools | KimiK3TextChannel | KimiK3Mark;
