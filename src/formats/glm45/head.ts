/**
 * The head of a glm45 call (`<tool_call>NAME` and its first `<arg_key>`), read from an incomplete
 * section so a stream can start the call there and stream its values as they come.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { createGlmArgumentsWriter } from '../../stream/glm-arguments-writer.js';
import { skipBlanks } from '../shared/blanks.js';
import { startsAt } from '../../starts-at.js';

const TOOL_CALL_OPEN = '<tool_call>';
const KEY_OPEN = '<arg_key>';

/**
 * Reads `<tool_call>`, blanks, the name (the grammar's `Name`: no blank, `<`, `>`, bracket,
 * quote or backslash), separators (blanks or a literal `\n`), then `<arg_key>`. A call with no
 * pair (`<tool_call>NAME</tool_call>`) gets no head: its end comes with it.
 *
 * @param text - The text seen so far.
 * @param start - Where `<tool_call>` occurs.
 * @returns The head (its arguments start at `<arg_key>`), `'wait'` while the text ends inside
 * a head that still fits, or `undefined` when there is none.
 * @example
 * ```ts
 * readGlmHead('<tool_call>get_weather\n<arg_key>city', 0);
 * // { name: 'get_weather', argumentsStart: 23, writer: ... }
 * ```
 */
export function readGlmHead(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, TOOL_CALL_OPEN, start)) return undefined;
  const from = skipBlanks(text, start + TOOL_CALL_OPEN.length);
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  let index = from;
  while (index < limit && isNameUnit(text.charCodeAt(index))) index += 1;
  if (index >= limit) return short;
  const name = text.slice(from, index).trim();
  if (name === '') return undefined;
  // Separators: blanks, or a backslash-n written as two characters.
  for (;;) {
    index = skipBlanks(text, index, limit);
    if (
      index + 1 < limit &&
      text.charCodeAt(index) === 0x5c &&
      text.charCodeAt(index + 1) === 0x6e
    ) {
      index += 2;
    } else break;
  }
  if (index >= limit) return short;
  if (text.charCodeAt(index) === 0x5c) return index + 1 >= limit ? short : undefined;
  if (index + KEY_OPEN.length > limit)
    return mayBeToken(text, index, limit, KEY_OPEN) ? short : undefined;
  if (!startsAt(text, KEY_OPEN, index)) return undefined;
  return {
    name,
    argumentsStart: index,
    writer: (tools) => createGlmArgumentsWriter(tools, name),
  };
}

/** A unit of the grammar's `Name`: anything but blanks, `<`, `>`, brackets, quotes and `\`. */
function isNameUnit(unit: number): boolean {
  switch (unit) {
    case 0x20: // space
    case 0x09:
    case 0x0d:
    case 0x0a:
    case 0x3c: // <
    case 0x3e: // >
    case 0x7b: // {
    case 0x7d: // }
    case 0x5b: // [
    case 0x5d: // ]
    case 0x22: // "
    case 0x27: // '
    case 0x60: // `
    case 0x5c: // \
      return false;
    default:
      return true;
  }
}
