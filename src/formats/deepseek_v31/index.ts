/**
 * `deepseek_v31`: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{...}<｜tool▁call▁end｜>
 * ...<｜tool▁calls▁end｜>`. DeepSeek V3.1 and V3.1-Terminus.
 */
import { parse } from '../../generated/deepseek_v31.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { DeepSeekV31Section } from './ast.js';
import { lowerDeepSeekV31 } from './lower.js';
import {
  readNextTokenCallHead,
  readTokenCallHead,
  type TokenCallSyntax,
} from '../shared/token-call-head.js';

const CALLS_BEGIN = '<｜tool▁calls▁begin｜>';
const CALLS_END = '<｜tool▁calls▁end｜>';

/** A call as the grammar reads it: its name up to the next special token, then the arguments. */
const CALL: TokenCallSyntax = {
  callBegin: '<｜tool▁call▁begin｜>',
  separator: '<｜tool▁sep｜>',
  tokenStart: '<｜',
  // The grammar's CallStop: a call's payload runs up to the first of these.
  argumentStops: ['<｜tool▁call▁end｜>', '<｜tool▁call▁begin｜>', CALLS_END],
  // The section's end token ends it, and another opening token interrupts it.
  sectionStops: [CALLS_END, CALLS_BEGIN],
  breakChain: ['<｜tool▁call▁begin｜>', CALLS_END],
  nameOf(raw) {
    const name = raw.trim();
    return name === '' ? undefined : { name };
  },
};

/** The deepseek_v31 format (tried after deepseek_v3, which shares its opening token). */
export const deepseek_v31: Format = {
  id: 'deepseek_v31',
  syntax: 'marked',
  models: 'DeepSeek V3.1, V3.1-Terminus',
  markers: [CALLS_BEGIN],
  // Not an end marker, which would leave the section to that token alone: another opening token
  // also ends an open section (a payload may hold one). Once the calls are written, the section
  // closes at the first of these.
  trailingEndsAt: [CALLS_END],
  parseAt(context, start) {
    const matched = runGrammar<DeepSeekV31Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerDeepSeekV31(matched.node, matched.end, context);
  },
  // Read when deepseek_v31 is the section's only candidate (deepseek_v3 shares its token).
  readCallHead: (text, start) => readTokenCallHead(text, start + CALLS_BEGIN.length, CALL),
  readNextCallHead: (text, previous) => readNextTokenCallHead(text, previous.arguments, CALL),
};
