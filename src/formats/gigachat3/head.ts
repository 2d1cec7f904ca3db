/**
 * The head of a gigachat3 call (`<|message_sep|>`, `function call`, `<|role_sep|>`, then the JSON
 * call object's `{"name": ..., "arguments": {`), read from an incomplete section so a stream can
 * start the call at its arguments' `{`.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken, readJsonCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';

const MESSAGE_SEP = '<|message_sep|>';
/** The header's words after the marker, each after blanks (the grammar's `Header`). */
const HEADER = ['function call', '<|role_sep|>'];

/**
 * Reads the grammar's `Header` at `start`, then the call object's head after it.
 *
 * @param text - The text seen so far.
 * @param start - Where `<|message_sep|>` occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`
 * (another role's message, or no call object there).
 * @example
 * ```ts
 * readGigaChat3Head('<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "f", "arguments": {', 0);
 * // { name: 'f', argumentsStart: 68 }
 * ```
 */
export function readGigaChat3Head(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, MESSAGE_SEP, start)) return undefined;
  const limit = start + MESSAGE_SEP.length + HEAD_LIMIT;
  let index = start + MESSAGE_SEP.length;
  for (const word of HEADER) {
    index = skipBlanks(text, index);
    // Past the head's reach nothing is read: the answer stays the same as the text grows.
    if (index + word.length > limit) return undefined;
    if (index + word.length > text.length) {
      return mayBeToken(text, index, text.length, word) ? 'wait' : undefined;
    }
    if (!startsAt(text, word, index)) return undefined;
    index += word.length;
  }
  return readJsonCallHead(text, index);
}
