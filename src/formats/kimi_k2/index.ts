/**
 * `kimi_k2`: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX
 * <|tool_call_argument_begin|>{...}<|tool_call_end|>...<|tool_calls_section_end|>`.
 * Moonshot Kimi K2 and K2.5.
 */
import { parse } from '../../generated/kimi_k2.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { KimiSection } from './ast.js';
import { lowerKimi, nameOf } from './lower.js';
import {
  readNextTokenCallHead,
  readTokenCallHead,
  type TokenCallSyntax,
} from '../shared/token-call-head.js';
import { startsAt } from '../../starts-at.js';

const SECTION_OPEN = '<|tool_calls_section_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';
const ALIAS_OPEN = '<|tool_call_section_begin|>';
const ALIAS_END = '<|tool_call_section_end|>';

/** A call as the grammar reads it: its id up to the next special token, then the arguments. */
const CALL: TokenCallSyntax = {
  callBegin: '<|tool_call_begin|>',
  separator: '<|tool_call_argument_begin|>',
  tokenStart: '<|',
  // The grammar's CallStop: a call's payload runs up to the first of these.
  argumentStops: ['<|tool_call_end|>', '<|tool_call_begin|>', SECTION_END, ALIAS_END],
  sectionStops: [SECTION_END, ALIAS_END],
  breakChain: ['<|tool_call_begin|>', SECTION_END, ALIAS_END],
  nameOf(raw) {
    const id = raw.trim();
    const name = nameOf(id);
    return name === '' ? undefined : { name, id };
  },
};

/** The kimi_k2 format. */
export const kimi_k2: Format = {
  id: 'kimi_k2',
  syntax: 'marked',
  models: 'Kimi K2 (Instruct, Thinking), Kimi K2.5',
  markers: [SECTION_OPEN, ALIAS_OPEN],
  // Kimi K2 (Thinking, K2.5) opens its section inside <think> without closing it, reported by
  // several agent projects; the section token is a special token, never an example in prose.
  endsReasoning: [SECTION_OPEN, ALIAS_OPEN],
  parseAt(context, start) {
    const matched = runGrammar<KimiSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerKimi(matched.node, matched.end, context);
  },
  // Ids, payloads and stray text all stop at either spelling of the section's end token, which
  // the grammar then consumes: the first one ends the section, whichever open token began it.
  endMarkers: [SECTION_END, ALIAS_END],
  readCallHead: (text, start) =>
    readTokenCallHead(
      text,
      start + (startsAt(text, SECTION_OPEN, start) ? SECTION_OPEN : ALIAS_OPEN).length,
      CALL,
    ),
  readNextCallHead: (text, previous) => readNextTokenCallHead(text, previous.arguments, CALL),
};
