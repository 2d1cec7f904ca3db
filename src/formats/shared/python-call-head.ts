/**
 * The head of a Python-style call (`NAME(`, `grammar/python_call.peggy`), read from an incomplete
 * section so a stream can start the call at its `(` and stream its keyword arguments (lfm2,
 * olmo3).
 */
import type { CallHead } from '../format.js';
import { createPythonCallWriter } from '../../stream/python-call-writer.js';
import { skipBlanks } from './blanks.js';
import { isNameStartUnit, isWordUnit } from './name-units.js';

/**
 * Reads the grammar's `CallName`, blanks and `(` at `at`: the name is dotted segments of letters,
 * digits, `_` and `-`, each starting with a letter or `_`.
 *
 * @param text - The text seen so far.
 * @param at - Where the name should start.
 * @param limit - The head's reach: past it nothing is read.
 * @returns The head (its arguments start after `(`), `'wait'` while the text ends inside one
 * within the reach, or `undefined` when there is none.
 * @example
 * ```ts
 * readPythonCallHead('[get_weather(city=', 1, 100); // { name: 'get_weather', argumentsStart: 13, ... }
 * ```
 */
export function readPythonCallHead(
  text: string,
  at: number,
  limit: number,
): CallHead | 'wait' | undefined {
  const end = Math.min(text.length, limit);
  const short = end < text.length ? undefined : 'wait';
  let index = at;
  // Segments of the name, each starting with a letter or `_`, joined by dots.
  let segmentStart = true;
  for (; index < end; index += 1) {
    const unit = text.charCodeAt(index);
    if (segmentStart) {
      if (!isNameStartUnit(unit)) return undefined;
      segmentStart = false;
    } else if (unit === 0x2e) segmentStart = true;
    else if (!isNamePart(unit)) break;
  }
  if (index >= end) return short;
  // A name ending in a dot is no name: the grammar's `CallName` stops before it.
  if (segmentStart) return undefined;
  const name = text.slice(at, index);
  index = skipBlanks(text, index, end);
  if (index >= end) return short;
  if (text.charCodeAt(index) !== 0x28) return undefined;
  return {
    name,
    argumentsStart: index + 1,
    writer: (_tools, limits) => createPythonCallWriter(limits),
  };
}

/** The grammar's `NameSegment` goes on with `-` too. */
function isNamePart(unit: number): boolean {
  return isWordUnit(unit) || unit === 0x2d;
}
