/**
 * AST of `grammar/minimax_m3.peggy`: a call block as a flat run of tags and text (the lowering
 * nests the elements), or a `<mm:think>` block.
 */
import type { XmlAttribute } from '../shared/xml-invoke-ast.js';

/** `]<]minimax[>[<invoke name="f">`: a call opens. */
export interface MinimaxM3InvokeOpen {
  type: 'minimax-m3-invoke-open';
  start: number;
  attributes: XmlAttribute[];
  /** True when the tag was written without its `<` (`]<]minimax[>[invoke name="f">`). */
  headless: boolean;
}

/** `]<]minimax[>[</invoke>`: the call closes. */
export interface MinimaxM3InvokeClose {
  type: 'minimax-m3-invoke-close';
  start: number;
  end: number;
}

/** `]<]minimax[>[<key>`: an argument, a member or an item opens. */
export interface MinimaxM3ElementOpen {
  type: 'minimax-m3-element-open';
  start: number;
  name: string;
  /** True when the tag was written without its `<` (`]<]minimax[>[city>`). */
  headless: boolean;
}

/** `]<]minimax[>[</key>`: an element closes. */
export interface MinimaxM3ElementClose {
  type: 'minimax-m3-element-close';
  start: number;
  name: string;
}

/** Text up to the next namespace token: a value, or the blanks between tags. */
export interface MinimaxM3Text {
  type: 'minimax-m3-text';
  start: number;
  end: number;
}

/** A namespace token that opens no tag the syntax knows. */
export interface MinimaxM3LoneToken {
  type: 'minimax-m3-lone-token';
  start: number;
}

/** One piece of a call block, in the order written. */
export type MinimaxM3Part =
  | MinimaxM3InvokeOpen
  | MinimaxM3InvokeClose
  | MinimaxM3ElementOpen
  | MinimaxM3ElementClose
  | MinimaxM3Text
  | MinimaxM3LoneToken;

/**
 * How a block ended: at its close tag, at the end of the output (`cut`), or where the next block
 * began (`implicit`).
 */
export type MinimaxM3ToolClose = 'closed' | 'cut' | 'implicit';

/** `]<]minimax[>[<tool_call>` pieces `]<]minimax[>[</tool_call>`. */
export interface MinimaxM3ToolSection {
  type: 'minimax-m3-tool-section';
  start: number;
  end: number;
  parts: MinimaxM3Part[];
  close: MinimaxM3ToolClose;
}

/**
 * `<mm:think>` reasoning `</mm:think>`; `close` is `cut` when the output ended first and
 * `tool-call` when a call block began first.
 */
export interface MinimaxM3Think {
  type: 'minimax-m3-think';
  start: number;
  end: number;
  text: { text: string; start: number };
  close: 'closed' | 'cut' | 'tool-call';
}

/** Every node the grammar's start rule gives. */
export type MinimaxM3Node = MinimaxM3ToolSection | MinimaxM3Think;
