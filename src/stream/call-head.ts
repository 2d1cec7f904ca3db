/**
 * The head of a JSON call object (`{"name": "f", "arguments": {`), read from an incomplete
 * section so a stream can start the call before its arguments are complete. Only the plainest
 * spelling is read (`name` first, then an arguments field holding an object): anything else
 * waits for the grammar at the section's end.
 */
import type { CallHead } from '../formats/format.js';
import { COMMON_CALL_FIELDS } from '../formats/shared/call-object.js';
import { skipBlanks } from '../formats/shared/blanks.js';

/** How far past `from` a head may end; a longer head is read at section end instead. */
const HEAD_LIMIT = 1024;

/**
 * Reads `{"name": <string>, <arguments field>: {` starting at `from` (leading whitespace allowed).
 *
 * @param text - The text seen so far.
 * @param from - Where the call object should start.
 * @returns The head (its `argumentsStart` is the offset of the arguments' `{`), `'wait'` while
 * the text ends inside a head that still fits, or `undefined` when the text is not such a head.
 * @example
 * ```ts
 * readJsonCallHead('<tool_call>{"name": "f", "arguments": {"a"', 11);
 * // { name: 'f', argumentsStart: 38 }
 * ```
 */
export function readJsonCallHead(text: string, from: number): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  let index = skipBlanks(text, from, limit);
  if (index >= limit) return waitOrGiveUp(text, limit);
  if (text[index] !== '{') return undefined;
  const nameKey = readString(text, skipBlanks(text, index + 1, limit), limit);
  if (nameKey === 'wait') return waitOrGiveUp(text, limit);
  if (nameKey === undefined || nameKey.value !== 'name') return undefined;
  index = skipBlanks(text, nameKey.end, limit);
  if (index >= limit) return waitOrGiveUp(text, limit);
  if (text[index] !== ':') return undefined;
  const name = readString(text, skipBlanks(text, index + 1, limit), limit);
  if (name === 'wait') return waitOrGiveUp(text, limit);
  if (name === undefined || name.value.trim() === '') return undefined;
  index = skipBlanks(text, name.end, limit);
  if (index >= limit) return waitOrGiveUp(text, limit);
  if (text[index] !== ',') return undefined;
  const argumentsKey = readString(text, skipBlanks(text, index + 1, limit), limit);
  if (argumentsKey === 'wait') return waitOrGiveUp(text, limit);
  if (argumentsKey === undefined || !COMMON_CALL_FIELDS.arguments.includes(argumentsKey.value)) {
    return undefined;
  }
  index = skipBlanks(text, argumentsKey.end, limit);
  if (index >= limit) return waitOrGiveUp(text, limit);
  if (text[index] !== ':') return undefined;
  index = skipBlanks(text, index + 1, limit);
  if (index >= limit) return waitOrGiveUp(text, limit);
  return text[index] === '{' ? { name: name.value, argumentsStart: index } : undefined;

  function waitOrGiveUp(whole: string, end: number): 'wait' | undefined {
    return end < whole.length ? undefined : 'wait';
  }
}

/**
 * A strict JSON string at `from`. A string with no escape and no control unit is its own text
 * (what `JSON.parse` gives for it); only the others are decoded with `JSON.parse`. The head is
 * read again on every push until it is complete, so its keys are read many times.
 */
function readString(
  text: string,
  from: number,
  limit: number,
): { value: string; end: number } | 'wait' | undefined {
  if (from >= limit) return 'wait';
  if (text.charCodeAt(from) !== 0x22) return undefined;
  let plain = true;
  for (let index = from + 1; index < limit; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x5c) {
      plain = false;
      index += 1;
    } else if (unit === 0x22) {
      if (plain) return { value: text.slice(from + 1, index), end: index + 1 };
      try {
        return { value: JSON.parse(text.slice(from, index + 1)) as string, end: index + 1 };
      } catch {
        return undefined;
      }
    } else if (unit < 0x20) plain = false;
  }
  return 'wait';
}
