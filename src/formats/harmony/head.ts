/**
 * The heads of harmony messages, read before a message ends so that a stream sends it as gpt-oss
 * writes it: the header up to `<|message|>`, read by the format's own grammar, says what the
 * message is. A call's head is the body's `{` (its arguments then stream); a reasoning or content
 * message's text head is the body's start (its text then streams).
 */
import { parse } from '../../generated/harmony.js';
import type { CallHead, TextHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { skipBlanks } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import { OPEN_BRACE } from '../../json/char-codes.js';
import type { HarmonySection } from './ast.js';
import { messageKind, readHeader, type MessageKind } from './lower.js';

const MESSAGE = '<|message|>';

/**
 * The tokens at which the grammar ends a message's body (its `Stop`), wherever they are: a
 * string of the arguments still open there never closed.
 */
const BODY_STOPS: readonly string[] = [
  '<|end|>',
  '<|call|>',
  '<|return|>',
  '<|start|>',
  '<|channel|>',
];

/** What a message's header says it is, and where its body starts. */
interface ReadHeader {
  message: MessageKind;
  bodyStart: number;
  /** How far a head may reach. */
  reach: number;
  /** What to answer where the text ends inside the head: wait while it still fits. */
  short: 'wait' | undefined;
}

/**
 * Reads the header of the message at `start`: it cannot hold `<|`, so it ends at the first
 * `<|message|>`, and the grammar reads it alone as it reads it in the whole message (the body's
 * end token, whichever comes, does not change the header).
 */
function readHeaderAt(text: string, start: number): ReadHeader | 'wait' | undefined {
  const reach = Math.min(text.length, start + HEAD_LIMIT);
  const short = reach < text.length ? undefined : 'wait';
  const found = text.slice(start, reach).indexOf(MESSAGE);
  if (found === -1) return short;
  const bodyStart = start + found + MESSAGE.length;
  const read = runGrammar<HarmonySection>(parse, text.slice(0, bodyStart), start, 'Section');
  if (read === undefined) return undefined;
  return { message: messageKind(readHeader(read.node.parts, text)), bodyStart, reach, short };
}

/**
 * Reads the head of the call a harmony message at `start` makes: its header, then blanks and
 * the `{` of the arguments. A message that is no call (reasoning, content, a tool's result, no
 * tool name) gives no head.
 *
 * @param text - The text seen so far.
 * @param start - Where the message's first header token occurs.
 * @returns The head; `'wait'` while the text ends inside what may still be one; `undefined`
 * where none will come (or past a head's reach).
 * @example
 * ```ts
 * readHarmonyHead('<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a"', 0);
 * // { name: 'f', argumentsStart: 66, stops: [...] }
 * ```
 */
export function readHarmonyHead(text: string, start: number): CallHead | 'wait' | undefined {
  const read = readHeaderAt(text, start);
  if (typeof read !== 'object') return read;
  const { message } = read;
  if (message.kind !== 'call' || message.name.trim() === '') return undefined;
  const { name } = message;
  const index = skipBlanks(text, read.bodyStart, read.reach);
  if (index >= read.reach) return read.short;
  if (text.charCodeAt(index) !== OPEN_BRACE) return undefined;
  return { name, argumentsStart: index, stops: BODY_STOPS };
}

/**
 * Reads where the text of a harmony message at `start` that calls no tool starts: `analysis` is
 * reasoning, any other channel content, from the body's first unit to its end token. A message
 * of another role (a tool's result the model wrote itself) is dropped, and gives no head.
 *
 * @param text - The text seen so far.
 * @param start - Where the message's first header token occurs.
 * @returns The head; `'wait'` while the header may still come; `undefined` for a call, a dropped
 * message or none within a head's reach.
 * @example
 * ```ts
 * readHarmonyTextHead('<|channel|>analysis<|message|>Think', 0);
 * // { kind: 'reasoning', start: 30, stops: [...] }
 * ```
 */
export function readHarmonyTextHead(text: string, start: number): TextHead | 'wait' | undefined {
  const read = readHeaderAt(text, start);
  if (typeof read !== 'object') return read;
  const { kind } = read.message;
  if (kind !== 'reasoning' && kind !== 'content') return undefined;
  return { kind, start: read.bodyStart, stops: BODY_STOPS };
}
