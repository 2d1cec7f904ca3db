/**
 * The head of a Gemma call block's first call (the open token, blanks, `call:`, blanks, the name,
 * blanks, `{`), read from an incomplete block so a stream can start the call at its `{` and
 * stream its arguments as they are written; and the heads of the block's later calls.
 */
import type { CallHead, FormatContext, ParseLimits } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { createGemmaCallWriter } from '../../stream/gemma-call-writer.js';
import { startsAt } from '../../starts-at.js';
import { argumentsEnd, chainedHeadNames, headAfterCall } from '../../stream/head-chain.js';
import { skipBlanks } from './blanks.js';
import type { GemmaCallSyntax } from './gemma-call.js';
import { isNameStartUnit, isWordUnit } from './name-units.js';

const CALL = 'call:';

/**
 * Reads the format grammar's block up to its first `Call`'s `{`: the name is a `Name` (a letter
 * or `_`, then letters, digits, `_`, `.` and `-`).
 *
 * @param syntax - The format's tokens.
 * @param text - The text seen so far.
 * @param start - Where the open token occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 * @example
 * ```ts
 * readGemmaHead(GEMMA4_SYNTAX, '<|tool_call>call:get_weather{city:', 0); // { name: 'get_weather', argumentsStart: 29, ... }
 * ```
 */
export function readGemmaHead(
  syntax: GemmaCallSyntax,
  text: string,
  start: number,
): CallHead | 'wait' | undefined {
  if (!startsAt(text, syntax.open, start)) return undefined;
  const limit = Math.min(text.length, start + syntax.open.length + HEAD_LIMIT);
  return readCallHead(syntax, text, skipBlanks(text, start + syntax.open.length, limit), limit);
}

/**
 * The grammar's `Call` up to its `{` at `index`: `call:`, blanks, the name, blanks, `{`.
 *
 * @param syntax - The format's tokens.
 * @param text - The text seen so far.
 * @param index - Where `call:` should start.
 * @param limit - The head's reach.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 */
function readCallHead(
  syntax: GemmaCallSyntax,
  text: string,
  index: number,
  limit: number,
): CallHead | 'wait' | undefined {
  const short = limit < text.length ? undefined : 'wait';
  if (index + CALL.length > limit) return mayBeToken(text, index, limit, CALL) ? short : undefined;
  if (!startsAt(text, CALL, index)) return undefined;
  let at = skipBlanks(text, index + CALL.length, limit);
  const nameStart = at;
  if (at >= limit) return short;
  if (!isNameStartUnit(text.charCodeAt(at))) return undefined;
  while (at < limit && isNamePart(text.charCodeAt(at))) at += 1;
  if (at >= limit) return short;
  const name = text.slice(nameStart, at);
  at = skipBlanks(text, at, limit);
  if (at >= limit) return short;
  if (text.charCodeAt(at) !== 0x7b) return undefined;
  return {
    name,
    argumentsStart: at + 1,
    writer: (tools, limits) => createGemmaCallWriter(syntax, tools, limits, name),
  };
}

/**
 * The head of a block's next call, read where the call before ended (`from`, just past its `}`):
 * blanks, an optional `,`, blanks, then `call:NAME{` as the grammar's `Calls` reads them. A call
 * whose text holds the close token (inside a quoted string) ends the chain: a block the grammar
 * cannot read ends at the first one, so calls after it may not be the block's.
 *
 * @param syntax - The format's tokens.
 * @param text - The text seen so far, from the open token.
 * @param from - Where the previous call ended.
 * @param previousArguments - Its arguments (looked through for the close token).
 * @returns The head, `'wait'`, or `undefined`.
 * @example
 * ```ts
 * readNextGemmaHead(GEMMA4_SYNTAX, '<|tool_call>call:f{a:1},call:g{', 23, 'a:1}'); // { name: 'g', ... }
 * ```
 */
export function readNextGemmaHead(
  syntax: GemmaCallSyntax,
  text: string,
  from: number,
  previousArguments: string,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  let index = skipBlanks(text, from, limit);
  if (index < limit && text.charCodeAt(index) === 0x2c) index = skipBlanks(text, index + 1, limit);
  if (index >= limit) return limit < text.length ? undefined : 'wait';
  return headAfterCall(readCallHead(syntax, text, index, limit), previousArguments, syntax.close);
}

/**
 * The names of a block's calls that a stream may start from their heads, in order: the first
 * call's head, then, while a call's arguments are written whole by the stream's own writer, the
 * next one's where that writer stopped. A lowering that cannot read the block names its refused
 * calls by these.
 *
 * @param syntax - The format's tokens.
 * @param text - The text, ending where the block does (a head is never read past it).
 * @param start - Where the open token occurs.
 * @param tools - The parser's schemas (the writer types bare values by them).
 * @param limits - The parser's limits.
 * @returns The names, possibly none.
 */
export function readGemmaHeadNames(
  syntax: GemmaCallSyntax,
  text: string,
  start: number,
  tools: FormatContext['tools'],
  limits: ParseLimits,
): string[] {
  return chainedHeadNames(
    readGemmaHead(syntax, text, start),
    (head) =>
      argumentsEnd(
        createGemmaCallWriter(syntax, tools, limits, head.name),
        text,
        head.argumentsStart,
      ),
    (from, previous) => readNextGemmaHead(syntax, text, from, text.slice(previous, from)),
  );
}

/** The grammar's `Name` goes on with `.` and `-` too. */
function isNamePart(unit: number): boolean {
  return isWordUnit(unit) || unit === 0x2e || unit === 0x2d;
}
