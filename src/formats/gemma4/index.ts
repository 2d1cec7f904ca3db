/**
 * `gemma4`: `<|tool_call>call:get_weather{city:<|"|>London<|"|>}<tool_call|>`, with reasoning in
 * `<|channel>thought\n...<channel|>`. Google Gemma 4.
 */
import { parse } from '../../generated/gemma4.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Gemma4Section } from './ast.js';
import { readGemmaHead, readNextGemmaHead } from '../shared/gemma-call-head.js';
import { GEMMA4_SYNTAX } from './syntax.js';
import { lowerGemma4 } from './lower.js';

/** The gemma4 format. */
export const gemma4: Format = {
  id: 'gemma4',
  syntax: 'marked',
  models: 'Google Gemma 4',
  markers: ['<|tool_call>', '<|channel>', '<channel|>'],
  // After its last call a block closes at its close token (the lowering then says it is closed).
  trailingEndsAt: ['<tool_call|>'],
  parseAt(context, start) {
    const matched = runGrammar<Gemma4Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerGemma4(matched.node, matched.end, context);
  },
  // The thought channel's body is raw text up to the first <channel|>, and the repeated open
  // tokens and the name before it hold no `<channel|>`. A call block has none: its `<|"|>` and
  // JSON strings may hold <tool_call|> and run on past it.
  endMarkers: { '<|channel>': ['<channel|>'] },
  // A block's first call starts at its `{`; its arguments stream as they are written.
  readCallHead: (text, start) => readGemmaHead(GEMMA4_SYNTAX, text, start),
  // Each later call of the block starts at its own `call:NAME{`, after the `}` before it; the
  // lowering names every call of a block it cannot read by these heads.
  readNextCallHead: (text, previous) =>
    readNextGemmaHead(GEMMA4_SYNTAX, text, 0, previous.arguments),
};
