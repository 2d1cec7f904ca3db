/**
 * `command_r7b`: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": ..., "parameters": {...}}]
 * <|END_ACTION|>`, reasoning in `<|START_THINKING|>`, the answer in `<|START_RESPONSE|>` or
 * `<|START_TEXT|>`. Command R7B, Command A, Cohere2 MoE.
 */
import { parse } from '../../generated/command_r7b.js';
import type { Format, TextHead } from '../format.js';
import { startsAt } from '../../starts-at.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { CommandR7bNode } from './ast.js';
import { ACTION_CLOSE, ACTION_HEAD_KEYS, ACTION_OPEN, lowerCommandR7b } from './lower.js';
import { readJsonListCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';

/** The command_r7b format: every one of its blocks is a section (calls, reasoning or content). */
export const command_r7b: Format = {
  id: 'command_r7b',
  syntax: 'marked',
  models: 'Command R7B, Command A, Cohere2 MoE',
  markers: [
    ACTION_OPEN,
    '<|START_THINKING|>',
    '<|START_RESPONSE|>',
    '<|START_TEXT|>',
    '<|END_THINKING|>',
  ],
  parseAt(context, start) {
    const matched = runGrammar<CommandR7bNode>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerCommandR7b(matched.node, matched.end, context);
  },
  // Each block's body is raw text up to the first close token of its own kind, which the grammar
  // then consumes, and the lowering reads only that body. A stray <|END_THINKING|> is no block.
  endMarkers: {
    [ACTION_OPEN]: [ACTION_CLOSE],
    '<|START_THINKING|>': ['<|END_THINKING|>'],
    '<|START_RESPONSE|>': ['<|END_RESPONSE|>'],
    '<|START_TEXT|>': ['<|END_TEXT|>'],
  },
  // An action's first call starts at its arguments' `{`, with the id written before its name;
  // the payload ends at the first <|END_ACTION|>, which no head reads past.
  readCallHead: (text, start) =>
    startsAt(text, ACTION_OPEN, start)
      ? readJsonListCallHead(text, start + ACTION_OPEN.length, ACTION_CLOSE, ACTION_HEAD_KEYS)
      : undefined,
  // Each later call starts at its own head, after `}, ` (the lowering names its calls by them).
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, ACTION_CLOSE, previous.arguments, ACTION_HEAD_KEYS),
  // Reasoning and the answer stream as they are written: a block's body is its text as written.
  readTextHead(text, start) {
    for (const [open, block] of TEXT_BLOCKS) {
      if (startsAt(text, open, start)) return { ...block, start: start + open.length };
    }
    return undefined;
  },
};

/** The blocks that read text: what their body is, and the token that ends it. */
const TEXT_BLOCKS: ReadonlyMap<string, Omit<TextHead, 'start'>> = new Map([
  ['<|START_THINKING|>', { kind: 'reasoning', stops: ['<|END_THINKING|>'] }],
  ['<|START_RESPONSE|>', { kind: 'content', stops: ['<|END_RESPONSE|>'] }],
  ['<|START_TEXT|>', { kind: 'content', stops: ['<|END_TEXT|>'] }],
]);
