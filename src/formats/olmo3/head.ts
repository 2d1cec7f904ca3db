/**
 * The head of an olmo3 section's first call (`<function_calls>`, blanks, a `[` and blanks if the
 * calls are a list, then `NAME(`), read from an incomplete section so a stream can start the call
 * at its `(` and stream its arguments as they are written.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { readPythonCallHead } from '../shared/python-call-head.js';

const OPEN = '<function_calls>';

/**
 * Reads the grammar's `Section` up to its first `Call`'s `(`: a `CallList` or `CallLines`.
 *
 * @param text - The text seen so far.
 * @param start - Where `<function_calls>` occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 * @example
 * ```ts
 * readOlmo3Head('<function_calls>get_weather(city=', 0); // { name: 'get_weather', argumentsStart: 28, ... }
 * ```
 */
export function readOlmo3Head(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, OPEN, start)) return undefined;
  const limit = Math.min(text.length, start + OPEN.length + HEAD_LIMIT);
  let index = skipBlanks(text, start + OPEN.length, limit);
  if (index >= limit) return limit < text.length ? undefined : 'wait';
  if (text.charCodeAt(index) === 0x5b) index = skipBlanks(text, index + 1, limit);
  return readPythonCallHead(text, index, limit);
}
