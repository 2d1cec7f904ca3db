/**
 * The head of an lfm2 section's first call (`<|tool_call_start|>`, blanks, `[`, blanks, then
 * `NAME(`), read from an incomplete section so a stream can start the call at its `(` and stream
 * its arguments as they are written.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { createPythonCallWriter } from '../../stream/python-call-writer.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';

const OPEN = '<|tool_call_start|>';

/**
 * Reads the grammar's `CallList` up to its first `Call`'s `(`: the name is a `CallName` (dotted
 * segments of letters, digits, `_` and `-`, not starting with a digit or `-`), blanks may sit
 * before the `[`, after it and before the `(`.
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
  const short = limit < text.length ? undefined : 'wait';
  let index = skipBlanks(text, start + OPEN.length, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== 0x5b) return undefined;
  index = skipBlanks(text, index + 1, limit);
  const nameStart = index;
  // Segments of the name, each starting with a letter or `_`, joined by dots.
  let segmentStart = true;
  for (; index < limit; index += 1) {
    const unit = text.charCodeAt(index);
    if (segmentStart) {
      if (!isNameStart(unit)) return undefined;
      segmentStart = false;
    } else if (unit === 0x2e) segmentStart = true;
    else if (!isNamePart(unit)) break;
  }
  if (index >= limit) return short;
  // A name ending in a dot is no name: the grammar's `CallName` stops before it.
  if (segmentStart) return undefined;
  const name = text.slice(nameStart, index);
  index = skipBlanks(text, index, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== 0x28) return undefined;
  return {
    name,
    argumentsStart: index + 1,
    writer: (_tools, limits) => createPythonCallWriter(limits),
  };
}

function isNameStart(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || unit === 0x5f;
}

function isNamePart(unit: number): boolean {
  return isNameStart(unit) || (unit >= 0x30 && unit <= 0x39) || unit === 0x2d;
}
