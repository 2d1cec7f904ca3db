/**
 * The head of an lfm2 section's first call (`<|tool_call_start|>`, blanks, `[`, blanks, then
 * `NAME(`), read from an incomplete section so a stream can start the call at its `(` and stream
 * its arguments as they are written.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { readPythonCallHead } from '../shared/python-call-head.js';

const OPEN = '<|tool_call_start|>';

/**
 * Reads the grammar's `CallList` up to its first `Call`'s `(`.
 *
 * @param text - The text seen so far.
 * @param start - Where `<|tool_call_start|>` occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`
 * (a JSON list, or no call there).
 * @example
 * ```ts
 * readLfm2Head('<|tool_call_start|>[get_weather(city="Paris"', 0); // { name: 'get_weather', argumentsStart: 32, ... }
 * ```
 */
export function readLfm2Head(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, OPEN, start)) return undefined;
  const limit = Math.min(text.length, start + OPEN.length + HEAD_LIMIT);
  let index = skipBlanks(text, start + OPEN.length, limit);
  if (index >= limit) return limit < text.length ? undefined : 'wait';
  if (text.charCodeAt(index) !== 0x5b) return undefined;
  index = skipBlanks(text, index + 1, limit);
  return readPythonCallHead(text, index, limit);
}
