/**
 * The head of a gemma4 block's first call (`<|tool_call>`, blanks, `call:`, blanks, the name,
 * blanks, `{`), read from an incomplete block so a stream can start the call at its `{` and
 * stream its arguments as they are written.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { createGemma4ArgumentsWriter } from '../../stream/gemma4-arguments-writer.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { isNameStartUnit, isWordUnit } from '../shared/name-units.js';

const OPEN = '<|tool_call>';
const CALL = 'call:';

/**
 * Reads the grammar's `ToolCallBlock` up to its first `Call`'s `{`: the name is a `Name`
 * (a letter or `_`, then letters, digits, `_`, `.` and `-`).
 *
 * @param text - The text seen so far.
 * @param start - Where `<|tool_call>` occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 * @example
 * ```ts
 * readGemma4Head('<|tool_call>call:get_weather{city:', 0); // { name: 'get_weather', argumentsStart: 29, ... }
 * ```
 */
export function readGemma4Head(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, OPEN, start)) return undefined;
  const limit = Math.min(text.length, start + OPEN.length + HEAD_LIMIT);
  const short = limit < text.length ? undefined : 'wait';
  let index = skipBlanks(text, start + OPEN.length, limit);
  if (index + CALL.length > limit) return mayBeToken(text, index, limit, CALL) ? short : undefined;
  if (!startsAt(text, CALL, index)) return undefined;
  index = skipBlanks(text, index + CALL.length, limit);
  const nameStart = index;
  if (index >= limit) return short;
  if (!isNameStartUnit(text.charCodeAt(index))) return undefined;
  while (index < limit && isNamePart(text.charCodeAt(index))) index += 1;
  if (index >= limit) return short;
  const name = text.slice(nameStart, index);
  index = skipBlanks(text, index, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== 0x7b) return undefined;
  return {
    name,
    argumentsStart: index + 1,
    writer: (tools, limits) => createGemma4ArgumentsWriter(tools, limits, name),
  };
}

/** The grammar's `Name` goes on with `.` and `-` too. */
function isNamePart(unit: number): boolean {
  return isWordUnit(unit) || unit === 0x2e || unit === 0x2d;
}
