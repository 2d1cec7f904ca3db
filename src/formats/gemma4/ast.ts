/** AST of `grammar/gemma4.peggy` (its calls are `grammar/gemma_call.peggy`'s). */
import type { GemmaCallBlock, GemmaMalformedBlock } from '../shared/gemma-call-ast.js';

/** `<|tool_call>` calls `<tool_call|>`; `closed` is false when the output ended first. */
export interface Gemma4ToolCalls extends GemmaCallBlock {
  type: 'gemma4-tool-calls';
}

/** `<|tool_call>` followed by something that is not `call:NAME{...}`. */
export interface Gemma4Malformed extends GemmaMalformedBlock {
  type: 'gemma4-malformed';
}

/** `<|channel>thought\n...<channel|>`: the body is reasoning. */
export interface Gemma4Channel {
  type: 'gemma4-channel';
  start: number;
  name: string;
  body: string;
  closed: boolean;
}

/** A `<channel|>` with no channel open. */
export interface Gemma4ChannelClose {
  type: 'gemma4-channel-close';
  start: number;
}

/** A gemma4 section. */
export type Gemma4Section = Gemma4ToolCalls | Gemma4Malformed | Gemma4Channel | Gemma4ChannelClose;
