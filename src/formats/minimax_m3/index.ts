/**
 * `minimax_m3`: `]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="f">]<]minimax[>[<city>Paris
 * ]<]minimax[>[</city>]<]minimax[>[</invoke>]<]minimax[>[</tool_call>`, arguments as elements
 * named by their keys; reasoning in `<mm:think>`. MiniMax-M3.
 */
import { parse } from '../../generated/minimax_m3.js';
import { startsAt } from '../../starts-at.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MinimaxM3Node } from './ast.js';
import { readMinimaxM3Head, readNextMinimaxM3Head } from './head.js';
import {
  lowerMinimaxM3,
  THINK_CLOSE,
  THINK_OPEN,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
} from './lower.js';

/** Where a reasoning block's text ends: its close tag, or a call block opened inside it. */
const THINK_STOPS = [THINK_CLOSE, TOOL_CALL_OPEN];

/** The minimax_m3 format. */
export const minimax_m3: Format = {
  id: 'minimax_m3',
  syntax: 'marked',
  models: 'MiniMax-M3',
  // <mm:think> is this format's reasoning tag: its block is read as reasoning, never as calls.
  markers: [TOOL_CALL_OPEN, THINK_OPEN],
  parseAt(context, start) {
    const matched = runGrammar<MinimaxM3Node>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerMinimaxM3(matched.node, context);
  },
  // Every tag of a block starts with the namespace token and a value runs to the next token, so
  // nothing in the block reads past its close tag, or past the next block's open tag where the
  // model left the close out; a reasoning block ends at the first of its stops.
  endMarkers: {
    [TOOL_CALL_OPEN]: [TOOL_CALL_CLOSE, TOOL_CALL_OPEN],
    [THINK_OPEN]: THINK_STOPS,
  },
  // Each call starts at its invoke tag's `>`; its arguments come when the invoke closes (whether
  // an element is a list, an object or typed text shows only at its close tag).
  readCallHead: readMinimaxM3Head,
  readNextCallHead: readNextMinimaxM3Head,
  // The reasoning streams as it is written.
  readTextHead(text, start) {
    if (!startsAt(text, THINK_OPEN, start)) return undefined;
    return { kind: 'reasoning', start: start + THINK_OPEN.length, stops: THINK_STOPS };
  },
};
