/**
 * The head of a Python-style call (`NAME(`, `grammar/python_call.peggy`), read from an incomplete
 * section so a stream can start the call at its `(` and stream its keyword arguments (lfm2,
 * olmo3, whose blocks hold a Python call list, or olmo3's calls one a line).
 */
import type { CallHead, ParseLimits } from '../format.js';
import { createPythonCallWriter } from '../../stream/python-call-writer.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { argumentsEnd, chainedHeadNames, headAfterCall } from '../../stream/head-chain.js';
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

/**
 * The head of a block's first Python call: its open token at `start`, blanks, the list's `[` and
 * blanks (lfm2 always writes the list; olmo3 may write the calls one a line instead), then
 * {@link readPythonCallHead}.
 *
 * @param text - The text seen so far.
 * @param start - Where the open token occurs.
 * @param open - The open token (`<|tool_call_start|>`, `<function_calls>`).
 * @param list - Whether the calls must be a `[...]` list.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 * @example
 * ```ts
 * readPythonBlockHead('<function_calls>get_weather(city=', 0, '<function_calls>', 'optional');
 * // { name: 'get_weather', argumentsStart: 28, ... }
 * ```
 */
export function readPythonBlockHead(
  text: string,
  start: number,
  open: string,
  list: 'required' | 'optional',
): CallHead | 'wait' | undefined {
  if (!startsAt(text, open, start)) return undefined;
  const limit = Math.min(text.length, start + open.length + HEAD_LIMIT);
  let index = skipBlanks(text, start + open.length, limit);
  if (index >= limit) return limit < text.length ? undefined : 'wait';
  if (text.charCodeAt(index) === 0x5b) index = skipBlanks(text, index + 1, limit);
  else if (list === 'required') return undefined;
  return readPythonCallHead(text, index, limit);
}

/** A block of Python calls: its open and end tokens, and whether its calls are in a list. */
export interface PythonBlock {
  open: string;
  stop: string;
  /** `required`: `[...]` always (lfm2); `optional`: a list or calls one a line (olmo3). */
  list: 'required' | 'optional';
}

/**
 * Whether a block's calls are one a line: a block that may write them so, whose first unit after
 * its open token (and blanks) is not the list's `[`.
 *
 * @param text - The text.
 * @param start - Where the open token occurs.
 * @param block - The block's syntax.
 * @returns True when its calls are separated as the grammar's `CallLines` separates them.
 */
export function callsOneALine(text: string, start: number, block: PythonBlock): boolean {
  return (
    block.list === 'optional' &&
    text.charCodeAt(skipBlanks(text, start + block.open.length)) !== 0x5b
  );
}

/**
 * The head of the call after one in a block of Python calls, read where that call's `)` was
 * (`from`, just past it): in a list, blanks, `,`, blanks (the grammar's `Calls`); one a line,
 * spaces, a line break or `,`, blanks (its `CallBreak`); then {@link readPythonCallHead}. A call
 * whose arguments hold `stop` (in a string) ends the chain (see `headAfterCall`).
 *
 * @param text - The text seen so far.
 * @param from - Where the previous call ended, just past its `)`.
 * @param previousArguments - The previous call's arguments (looked through for `stop`).
 * @param stop - The block's end token.
 * @param lines - The calls are one a line (see {@link callsOneALine}).
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 * @example
 * ```ts
 * const text = '<|tool_call_start|>[f(a=1), g(';
 * readNextPythonListHead(text, 26, 'a=1)', '<|tool_call_end|>', false);
 * // { name: 'g', argumentsStart: 30, ... }
 * ```
 */
export function readNextPythonListHead(
  text: string,
  from: number,
  previousArguments: string,
  stop: string,
  lines: boolean,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  let index = lines ? skipSpaces(text, from, limit) : skipBlanks(text, from, limit);
  if (index >= limit) return limit < text.length ? undefined : 'wait';
  const unit = text.charCodeAt(index);
  if (unit !== 0x2c && !(lines && (unit === 0x0a || unit === 0x0d))) return undefined;
  index = skipBlanks(text, index + 1, limit);
  return headAfterCall(readPythonCallHead(text, index, limit), previousArguments, stop);
}

/** Skips spaces and tabs (the grammar's `[ \t]*` before a line break). */
function skipSpaces(text: string, from: number, limit: number): number {
  let index = from;
  while (index < limit && (text.charCodeAt(index) === 0x20 || text.charCodeAt(index) === 0x09)) {
    index += 1;
  }
  return index;
}

/**
 * The names of a block's Python calls that a stream may start from their heads, in order: the
 * first call's head ({@link readPythonBlockHead}), then, while a call's arguments are written
 * whole by the stream's own writer, the next one's ({@link readNextPythonListHead} where that
 * writer stopped). A lowering that cannot read the block names its refused calls by these.
 *
 * @param text - The text, ending where the block does (a head is never read past it).
 * @param start - Where the open token occurs.
 * @param block - The block's syntax.
 * @param limits - The parser's limits (the writer reads values with them).
 * @returns The names, possibly none.
 */
export function readPythonListHeadNames(
  text: string,
  start: number,
  block: PythonBlock,
  limits: ParseLimits,
): string[] {
  const lines = callsOneALine(text, start, block);
  return chainedHeadNames(
    readPythonBlockHead(text, start, block.open, block.list),
    (head) => argumentsEnd(createPythonCallWriter(limits), text, head.argumentsStart),
    (from, previous) =>
      readNextPythonListHead(text, from, text.slice(previous, from), block.stop, lines),
  );
}
