/**
 * The head of the first call in a section of special tokens (kimi_k2, deepseek_v31): the token
 * that opens a call, the name (kimi_k2: an id holding it) up to the next special token, a
 * separator token, then the JSON arguments. Read so a stream can start the call before its section
 * ends; only the plain spelling is read, anything else waits for the grammar at the section's end.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { headAfterCall } from '../../stream/head-chain.js';
import { skipBlanks } from './blanks.js';
import { startsAt } from '../../starts-at.js';

/** How one syntax writes a call, as its grammar reads the section's first one. */
export interface TokenCallSyntax {
  /** The token that opens a call (`<|tool_call_begin|>`). */
  readonly callBegin: string;
  /** The token between the name and the arguments (`<|tool_call_argument_begin|>`). */
  readonly separator: string;
  /** What every special token starts with: the name runs up to its first occurrence (`<|`). */
  readonly tokenStart: string;
  /** Tokens that end a call's arguments (`CallHead.stops`). */
  readonly argumentStops: readonly string[];
  /**
   * Tokens that end the section, or the stray text before its first call: after one, the first
   * item of the section is not a call.
   */
  readonly sectionStops: readonly string[];
  /**
   * Tokens that, written inside a call's arguments (in a string, which the stream's writer reads
   * on), cut its payload and begin another call or end the section there: the calls the grammar
   * reads after such a call are not the ones written after its arguments' end.
   */
  readonly breakChain: readonly string[];
  /**
   * The call's name (and own id) as the lowering makes them of the text between `callBegin` and
   * the separator; `undefined` when the lowering finds no name there.
   */
  nameOf(raw: string): { name: string; id?: string } | undefined;
}

/**
 * Reads the head of a section's first call, written `callBegin NAME separator {` after any
 * stray text that holds none of the section's stops.
 *
 * @param text - The text seen so far.
 * @param from - Where the section's first item may start (just past its opening token).
 * @param syntax - The syntax's tokens and its name rule.
 * @returns The head, `'wait'` while the text ends inside a head that still fits in
 * {@link HEAD_LIMIT} units, or `undefined` when the first item is not such a call.
 * @example
 * ```ts
 * readTokenCallHead('<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0' +
 *   '<|tool_call_argument_begin|>{"a"', 28, kimiSyntax);
 * // { name: 'f', id: 'functions.f:0', argumentsStart: 89 }
 * ```
 */
export function readTokenCallHead(
  text: string,
  from: number,
  syntax: TokenCallSyntax,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  const begin = indexBefore(text, syntax.callBegin, from, limit);
  const stop = firstStop(text, syntax.sectionStops, from, begin === -1 ? limit : begin);
  if (stop) return undefined;
  if (begin === -1) return short;
  const nameStart = begin + syntax.callBegin.length;
  const token = text.indexOf(syntax.tokenStart, nameStart);
  if (token === -1 || token >= limit) return short;
  if (!startsAt(text, syntax.separator, token)) {
    // A separator still arriving, or another token: the call has no arguments where it should.
    return short === 'wait' && mayBeToken(text, token, limit, syntax.separator) ? short : undefined;
  }
  const names = syntax.nameOf(text.slice(nameStart, token));
  if (names === undefined) return undefined;
  const argumentsStart = skipBlanks(text, token + syntax.separator.length, limit);
  if (argumentsStart >= limit) return short;
  if (text.charCodeAt(argumentsStart) !== 0x7b) return undefined;
  const stops = syntax.argumentStops;
  return names.id === undefined
    ? { name: names.name, argumentsStart, stops }
    : { name: names.name, id: names.id, argumentsStart, stops };
}

/**
 * Reads the head of the call after one whose arguments ended where `text` starts, as the first
 * call's: stray text between calls is dropped, and the next call begins at the next call token.
 * None is read after a call whose arguments hold one of `syntax.breakChain` (looked at once the
 * head is read: a head answers once, while the text before it may be read on every push).
 *
 * @param text - The text after the previous call's arguments.
 * @param previousArguments - The previous call's arguments (see `PreviousCall.arguments`).
 * @param syntax - The syntax's tokens and its name rule.
 * @returns As {@link readTokenCallHead}.
 * @example
 * ```ts
 * readNextTokenCallHead('<|tool_call_end|><|tool_call_begin|>functions.g:1' +
 *   '<|tool_call_argument_begin|>{', '{"a": "<|tool_calls_section_end|>"}', kimiSyntax);
 * // undefined: the grammar ended the section inside the previous call
 * ```
 */
export function readNextTokenCallHead(
  text: string,
  previousArguments: string,
  syntax: TokenCallSyntax,
): CallHead | 'wait' | undefined {
  return headAfterCall(readTokenCallHead(text, 0, syntax), previousArguments, syntax.breakChain);
}

/** The first occurrence of `needle` at or after `from` that ends by `limit`, or -1. */
function indexBefore(text: string, needle: string, from: number, limit: number): number {
  const at = text.indexOf(needle, from);
  return at === -1 || at + needle.length > limit ? -1 : at;
}

/** Whether one of `stops` starts in `[from, before)`. */
function firstStop(text: string, stops: readonly string[], from: number, before: number): boolean {
  for (const stop of stops) {
    const at = text.indexOf(stop, from);
    if (at !== -1 && at < before) return true;
  }
  return false;
}
