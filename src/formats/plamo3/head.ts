/**
 * The heads of a plamo3 block's requests, read so that a stream starts each call at its
 * arguments' `{`: the request's open tag, its name between the name tags, the arguments' open
 * tag and preamble, blanks allowed between tags as the grammar allows them. Only that spelling
 * is read; anything else leaves the call to come whole when the block is read.
 */
import type { CallHead, PreviousCall } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { headAfterCall } from '../../stream/head-chain.js';
import { skipBlanks } from '../shared/blanks.js';
import { startsAt } from '../../starts-at.js';
import {
  ARGUMENTS_CLOSE,
  ARGUMENTS_OPEN,
  BLOCK_OPEN,
  NAME_CLOSE,
  NAME_OPEN,
  PAYLOAD_STOPS,
  PREAMBLES,
  REQUEST_CLOSE,
  REQUEST_OPEN,
  TAG_START,
} from './tags.js';

/** A step of a head: where it goes on, `'wait'` for more text, or `undefined` (no head). */
type Step = number | 'wait' | undefined;

/**
 * Reads the head of a block's first request.
 *
 * @param text - The text seen so far.
 * @param start - Where `<|plamo:begin_tool_requests:plamo|>` occurs.
 * @returns The head, `'wait'` while more text is needed, or `undefined`.
 * @example
 * ```ts
 * readPlamo3Head(block + '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f' +
 *   '<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{', 0);
 * // { name: 'f', argumentsStart: ..., stops: [...] }
 * ```
 */
export function readPlamo3Head(text: string, start: number): CallHead | 'wait' | undefined {
  const from = start + BLOCK_OPEN.length;
  return readRequestHead(text, from, Math.min(text.length, from + HEAD_LIMIT));
}

/**
 * Reads the head of the request after one whose arguments ended where `text` starts: that
 * request's close tags, then the next request's head. None after arguments that hold a tag at
 * which the grammar ended them (the requests it reads after are not the ones written).
 *
 * @param text - The text after the previous call's arguments.
 * @param previous - The previous call.
 * @returns As {@link readPlamo3Head}.
 */
export function readNextPlamo3Head(
  text: string,
  previous: PreviousCall,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, HEAD_LIMIT);
  let at: Step = tag(text, 0, limit, ARGUMENTS_CLOSE);
  if (typeof at === 'number') at = tag(text, at, limit, REQUEST_CLOSE);
  const head = typeof at === 'number' ? readRequestHead(text, at, limit) : at;
  return headAfterCall(
    head === 'wait' ? shortAnswer(text, limit) : head,
    previous.arguments,
    PAYLOAD_STOPS,
  );
}

/** A request's head from `from`, blanks first; nothing is read past `limit`. */
function readRequestHead(text: string, from: number, limit: number): CallHead | 'wait' | undefined {
  let at: Step = tag(text, from, limit, REQUEST_OPEN);
  if (typeof at === 'number') at = tag(text, at, limit, NAME_OPEN);
  if (typeof at !== 'number') return at === 'wait' ? shortAnswer(text, limit) : undefined;
  // The name runs to the next tag of the syntax, which must be the name's close tag.
  const nameEnd = text.indexOf(TAG_START, at);
  if (nameEnd === -1 || nameEnd >= limit) return shortAnswer(text, limit);
  const name = text.slice(at, nameEnd).trim();
  let next: Step = exact(text, nameEnd, limit, NAME_CLOSE);
  if (typeof next === 'number') next = tag(text, next, limit, ARGUMENTS_OPEN);
  if (typeof next === 'number') next = preamble(text, next, limit);
  if (typeof next !== 'number') return next === 'wait' ? shortAnswer(text, limit) : undefined;
  if (name === '') return undefined;
  const argumentsStart = skipBlanks(text, next, limit);
  if (argumentsStart >= limit) return shortAnswer(text, limit);
  if (text.charCodeAt(argumentsStart) !== 0x7b) return undefined;
  return { name, argumentsStart, stops: PAYLOAD_STOPS };
}

/** `tag` after optional blanks at `from`. */
function tag(text: string, from: number, limit: number, token: string): Step {
  return exact(text, skipBlanks(text, from, limit), limit, token);
}

/** `token` at `at`: past it, `'wait'` while the text ends inside it, else `undefined`. */
function exact(text: string, at: number, limit: number, token: string): Step {
  if (at + token.length <= limit && startsAt(text, token, at)) return at + token.length;
  return mayBeToken(text, at, limit, token) ? 'wait' : undefined;
}

/** Past the arguments' preamble at `at`, if one is written there (none is also read). */
function preamble(text: string, at: number, limit: number): Step {
  for (const written of PREAMBLES) {
    const step = exact(text, at, limit, written);
    if (step !== undefined) return step;
  }
  return at;
}

/** What to answer where the text ends inside a head: wait while it still fits the limit. */
function shortAnswer(text: string, limit: number): 'wait' | undefined {
  return limit < text.length ? undefined : 'wait';
}
