/**
 * The heads of Muse Glimmer messages, read before a message ends: the header says what the
 * message is, and a message to a tool starts its first call at its first invoke's open tag.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { isWordUnit } from '../shared/name-units.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readXmlInvokeHead } from '../shared/xml-invoke-head.js';
import { recipientKind } from './lower.js';

/** The tokens of a header. */
export const START = '<|start|>';
export const MESSAGE = '<|message|>';
export const TO = 'to=';
const ASSISTANT = 'assistant';
const BLOCK_OPEN = '<atem:function_calls>';

/** A header read whole: its recipient (`undefined`: none) and where its body starts. */
interface Header {
  recipient: string | undefined;
  bodyStart: number;
}

/** Whether a unit may be part of a recipient's name (`[A-Za-z0-9_.-]`, as the grammar's `Name`). */
export function isNameUnit(unit: number): boolean {
  return isWordUnit(unit) || unit === 0x2e || unit === 0x2d;
}

/** A header that runs past a head's reach: neither read nor provably absent. */
const FAR = 'far';

/**
 * Reads the header at `start` as the grammar's `Header` does.
 *
 * @param text - The text seen so far.
 * @param start - Where a marker occurs.
 * @returns The header; `'wait'` while the text ends inside what may still be one; `'far'` when
 * it runs past a head's reach; `undefined` where the grammar reads none, whatever follows.
 */
export function readHeader(text: string, start: number): Header | 'wait' | 'far' | undefined {
  const reach = Math.min(text.length, start + HEAD_LIMIT);
  const short = reach < text.length ? FAR : 'wait';
  let index = start;
  // A token the text ends inside: wait for the rest.
  const expect = (token: string): boolean | 'wait' => {
    if (startsAt(text, token, index)) {
      index += token.length;
      return true;
    }
    const rest = text.slice(index, index + token.length);
    return rest.length < token.length && token.startsWith(rest) ? 'wait' : false;
  };
  if (startsAt(text, START, index)) {
    index = skipBlanks(text, index + START.length, reach);
    if (index >= reach) return short;
    const role = expect(ASSISTANT);
    if (role !== true) return role === 'wait' ? 'wait' : undefined;
    while (index < reach && (text[index] === ' ' || text[index] === '\t')) index += 1;
    if (index >= reach) return short;
  }
  let recipient: string | undefined;
  if (text[index] === 't') {
    const to = expect(TO);
    if (to !== true) return to === 'wait' ? 'wait' : undefined;
    const nameStart = index;
    while (index < reach && isNameUnit(text.charCodeAt(index))) index += 1;
    if (index >= reach) return short;
    if (index === nameStart) return undefined;
    recipient = text.slice(nameStart, index);
  }
  const message = expect(MESSAGE);
  if (message !== true) return message === 'wait' ? 'wait' : undefined;
  return { recipient, bodyStart: index };
}

/**
 * Reads the head of the first call a message at `start` makes: a header naming a tool, blanks,
 * `<atem:function_calls>` (or not), blanks, and the first invoke's open tag.
 *
 * @param text - The text seen so far.
 * @param start - Where the message's marker occurs.
 * @param syntax - The format's invoke syntax.
 * @returns The head; `'wait'` while one may still come; `undefined` for a message that is no
 * call or whose first invoke cannot stream.
 * @example
 * ```ts
 * readMuseGlimmerHead('to=f<|message|><atem:function_calls><atem:invoke name="f">', 0, syntax);
 * // { name: 'f', argumentsStart: 57, writer: ... }
 * ```
 */
export function readMuseGlimmerHead(
  text: string,
  start: number,
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  const header = readHeader(text, start);
  if (header === FAR) return undefined;
  if (typeof header !== 'object') return header;
  if (recipientKind(header.recipient) !== 'tool') return undefined;
  let index = skipBlanks(text, header.bodyStart);
  if (startsAt(text, BLOCK_OPEN, index)) index = skipBlanks(text, index + BLOCK_OPEN.length);
  else if (text.length - index < BLOCK_OPEN.length && BLOCK_OPEN.startsWith(text.slice(index))) {
    return index - start < HEAD_LIMIT ? 'wait' : undefined;
  }
  if (index >= text.length) return index - start < HEAD_LIMIT ? 'wait' : undefined;
  return readXmlInvokeHead(text, index, syntax);
}

/**
 * Whether the message at `start` is provably no Muse Glimmer message, whatever follows: a
 * `<|start|>` whose header is another syntax's (harmony's `<|start|>assistant<|channel|>`), so
 * that a later format sharing the token reads its head; a `to=` in prose (`send(to=user)`), so
 * that a stream sends the text after it at once rather than at the end of the output.
 *
 * @param text - The text seen so far.
 * @param start - Where the marker occurs.
 * @returns True when the grammar reads no message there, and no cut header either.
 */
export function declinesMessage(text: string, start: number): boolean {
  return readHeader(text, start) === undefined;
}
