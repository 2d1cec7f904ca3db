/**
 * The heads of Inkling blocks, read before a block ends so that a stream sends it as the model
 * writes it: the kind token (after the message's header, which holds no token) says what the
 * block is. A call's head is its object's `{"name": "f", "args": {`; a text or thinking block's
 * text head is its body's start.
 */
import type { CallHead, TextHead } from '../format.js';
import { HEAD_LIMIT, readJsonCallHeadBefore } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { INKLING_HEAD_KEYS } from './call.js';
import {
  CONTENT_INVOKE_TOOL_JSON,
  CONTENT_THINKING,
  END_TOKENS,
  MESSAGE_MODEL,
  TEXT_KINDS,
  TOKENS,
} from './tokens.js';

/** The token that says what the section at a marker is, and where its body starts. */
interface Kind {
  token: string;
  bodyStart: number;
}

/**
 * Reads the token after the marker at `start`: the marker itself when it is a kind token, else
 * the first token after the message's header (the grammar's header ends there too). The header
 * is looked through within a head's reach only, so a longer text gives the same answer.
 */
function readKind(text: string, start: number): Kind | 'wait' | undefined {
  if (!startsAt(text, MESSAGE_MODEL, start)) {
    const token = TOKENS.find((candidate) => startsAt(text, candidate, start));
    return token === undefined ? undefined : { token, bodyStart: start + token.length };
  }
  const headerStart = start + MESSAGE_MODEL.length;
  const reach = Math.min(text.length, headerStart + HEAD_LIMIT);
  const header = text.slice(headerStart, reach);
  let firstAt = -1;
  let firstToken = '';
  for (const token of TOKENS) {
    const at = header.indexOf(token);
    if (at !== -1 && (firstAt === -1 || at < firstAt)) {
      firstAt = at;
      firstToken = token;
    }
  }
  if (firstAt !== -1)
    return { token: firstToken, bodyStart: headerStart + firstAt + firstToken.length };
  return reach < text.length ? undefined : 'wait';
}

/**
 * Reads the head of the call an Inkling block at `start` makes: its kind token (after the
 * message's header), then the call object's name and the `{` of its `args`.
 *
 * @param text - The text seen so far.
 * @param start - Where the marker (`<|message_model|>` or the kind token) occurs.
 * @returns The head; `'wait'` while the text ends inside what may still be one; `undefined` for a
 * block that is no call, or a call object that does not open with its name and `args`.
 * @example
 * ```ts
 * readInklingHead('<|content_invoke_tool_json|>{"name": "f", "args": {"a"', 0);
 * // { name: 'f', argumentsStart: 46, stops: [...] }
 * ```
 */
export function readInklingHead(text: string, start: number): CallHead | 'wait' | undefined {
  const kind = readKind(text, start);
  if (typeof kind !== 'object') return kind;
  if (kind.token !== CONTENT_INVOKE_TOOL_JSON) return undefined;
  // The body ends at the first token, wherever it is: a string open there never closed.
  return readJsonCallHeadBefore(text, kind.bodyStart, TOKENS, INKLING_HEAD_KEYS);
}

/**
 * Reads where the text of an Inkling text or thinking block at `start` starts: a text block (and
 * a raw tool or tool-error block, shown as text) is content up to the next token, a thinking
 * block reasoning up to its end token.
 *
 * @param text - The text seen so far.
 * @param start - Where the marker occurs.
 * @returns The head; `'wait'` while the header may still come; `undefined` for a call, a header
 * no block follows, or a header longer than a head's reach.
 * @example
 * ```ts
 * readInklingTextHead('<|message_model|><|content_thinking|>Hm', 0);
 * // { kind: 'reasoning', start: 37, stops: ['<|end_message|>', '<|content_model_end_sampling|>'] }
 * ```
 */
export function readInklingTextHead(text: string, start: number): TextHead | 'wait' | undefined {
  const kind = readKind(text, start);
  if (typeof kind !== 'object') return kind;
  if (kind.token === CONTENT_THINKING) {
    return { kind: 'reasoning', start: kind.bodyStart, stops: END_TOKENS };
  }
  if (TEXT_KINDS.includes(kind.token)) {
    return { kind: 'content', start: kind.bodyStart, stops: TOKENS };
  }
  return undefined;
}
