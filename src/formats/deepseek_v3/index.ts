/**
 * `deepseek_v3`: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{...}\n```
 * <｜tool▁call▁end｜>...<｜tool▁calls▁end｜>`. DeepSeek V3 and R1-0528.
 */
import { parse } from '../../generated/deepseek_v3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { DeepSeekV3Section } from './ast.js';
import { lowerDeepSeekV3 } from './lower.js';
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { headAfterCall } from '../../stream/head-chain.js';
import { skipBlanks } from '../shared/blanks.js';
import { startsAt } from '../../starts-at.js';

const CALLS_BEGIN = '<｜tool▁calls▁begin｜>';
const CALL_BEGIN = '<｜tool▁call▁begin｜>';
const CALLS_END = '<｜tool▁calls▁end｜>';
const SEPARATOR = '<｜tool▁sep｜>';
const TOKEN_START = '<｜';
const FENCE = '```';
/** Tokens in a call's arguments after which no next head is read (see `headAfterCall`). */
const CHAIN_BREAKERS = [CALL_BEGIN, CALLS_END];
/** Where a call's payload ends: its closing fence, or the grammar's CallStop. */
const ARGUMENT_STOPS = [FENCE, '<｜tool▁call▁end｜>', CALL_BEGIN, '<｜tool▁calls▁end｜>'];

/** The deepseek_v3 format; it declines V3.1 sections (same opening token) by their first call. */
export const deepseek_v3: Format = {
  id: 'deepseek_v3',
  syntax: 'marked',
  models: 'DeepSeek V3, DeepSeek R1-0528',
  markers: [CALLS_BEGIN],
  // The first <｜tool▁calls▁end｜> ends the section whatever it is inside (the payload stops at
  // it), and what follows is dropped, not read.
  endMarkers: [CALLS_END],
  parseAt(context, start) {
    const matched = runGrammar<DeepSeekV3Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerDeepSeekV3(matched.node, matched.end, context);
  },
  readCallHead: (text, start) => readFirstHead(text, start + CALLS_BEGIN.length),
  // A later call starts at the next call token after the previous arguments (text between calls
  // is stray, dropped), read as the first is; none after a call whose arguments hold a token that
  // cuts its payload and begins a call or ends the section (in a string the writer reads on).
  readNextCallHead: (text, previous) =>
    headAfterCall(readNextHead(text, 0), previous.arguments, CHAIN_BREAKERS),
  // In auto mode deepseek_v31, which shares the token, reads its head once this declines.
  declines: (text, start) => firstCallIsNotV3(text, start + CALLS_BEGIN.length),
};

/**
 * Reads the grammar's `V3Head` within the head's reach: `<｜tool▁call▁begin｜>KIND<｜tool▁sep｜>`
 * then, after blanks, anything but an object or a list (deepseek_v31's way of writing a call).
 *
 * @param text - The text seen so far.
 * @param from - Just past the section's opening token.
 * @param limit - The head's reach.
 * @returns Where the name starts (right after the separator); `'fails'` when `V3Head` fails
 * whatever follows; `'open'` while the text (or the reach) ends before it is decided.
 */
function readV3Head(text: string, from: number, limit: number): number | 'fails' | 'open' {
  const callAt = skipBlanks(text, from, limit);
  if (callAt >= limit) return 'open';
  if (!startsAt(text, CALL_BEGIN, callAt)) {
    return mayBeToken(text, callAt, limit, CALL_BEGIN) ? 'open' : 'fails';
  }
  // The kind (`function`) runs to the separator; a line break first is not this syntax.
  const kindEnd = firstOf(text, ['\n', TOKEN_START], callAt + CALL_BEGIN.length, limit);
  if (kindEnd === -1) return 'open';
  if (text.charCodeAt(kindEnd) === 0x0a) return 'fails';
  if (!startsAt(text, SEPARATOR, kindEnd)) {
    return mayBeToken(text, kindEnd, limit, SEPARATOR) ? 'open' : 'fails';
  }
  const nameStart = kindEnd + SEPARATOR.length;
  const next = skipBlanks(text, nameStart, limit);
  if (next >= limit) return 'open';
  const unit = text.charCodeAt(next);
  return unit === 0x7b || unit === 0x5b ? 'fails' : nameStart;
}

/**
 * Whether deepseek_v3 reads no section here whatever follows: its `V3Head` fails within the
 * head's reach (past it nothing is proved, and nothing proved within it is taken back).
 */
function firstCallIsNotV3(text: string, from: number): boolean {
  return readV3Head(text, from, Math.min(text.length, from + HEAD_LIMIT)) === 'fails';
}

/**
 * The head of the section's first call as the grammar's `V3Head` and `Call` read it: `V3Head`,
 * the name, blanks, an optional fence with its language, then the arguments' `{`.
 *
 * @param text - The text seen so far.
 * @param from - Just past the section's opening token.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 */
function readFirstHead(text: string, from: number): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  const short = limit < text.length ? undefined : 'wait';
  const nameStart = readV3Head(text, from, limit);
  if (nameStart === 'fails') return undefined;
  if (nameStart === 'open') return short;
  // The name starts right at the separator: a line break there leaves it empty.
  const nameEnd = firstOf(text, ['\n', TOKEN_START, FENCE], nameStart, limit);
  if (nameEnd === -1) return short;
  const name = text.slice(nameStart, nameEnd).trim();
  if (name === '') return undefined;
  let index = skipBlanks(text, nameEnd, limit);
  if (startsAt(text, FENCE, index)) {
    index += FENCE.length;
    while (index < limit && isLetter(text.charCodeAt(index))) index += 1;
    index = skipBlanks(text, index, limit);
  } else if (short === 'wait' && mayBeToken(text, index, limit, FENCE)) return 'wait';
  if (index >= limit) return short;
  return text.charCodeAt(index) === 0x7b
    ? { name, argumentsStart: index, stops: ARGUMENT_STOPS }
    : undefined;
}

/**
 * The head of the call after one whose arguments ended at `from`: the next `<｜tool▁call▁begin｜>`
 * (the previous payload and any stray text run up to it), unless the section's end token comes
 * first, then the call as {@link readFirstHead} reads it.
 *
 * @param text - The text seen so far.
 * @param from - Where the previous call's arguments ended.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 */
function readNextHead(text: string, from: number): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  const begin = firstOf(text, [CALL_BEGIN, CALLS_END], from, limit);
  if (begin === -1) {
    // A token may still be arriving at the end of the text, within the head's reach.
    return limit < text.length ? undefined : 'wait';
  }
  return startsAt(text, CALL_BEGIN, begin) ? readFirstHead(text, begin) : undefined;
}

/** The first place in `[from, limit)` where one of `needles` starts (whole), or -1. */
function firstOf(text: string, needles: readonly string[], from: number, limit: number): number {
  let first = -1;
  for (const needle of needles) {
    const at = text.indexOf(needle, from);
    if (at !== -1 && at + needle.length <= limit && (first === -1 || at < first)) first = at;
  }
  return first;
}

function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}
