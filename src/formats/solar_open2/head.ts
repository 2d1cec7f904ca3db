/**
 * The head of a solar_open2 call (`<|tool_call:start|>NAME` and the line break after the name),
 * read from an incomplete call so a stream can start the call there and stream its values with
 * glm45's writer on Solar's tokens.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { createGlmArgumentsWriter, type GlmCallTags } from '../../stream/glm-arguments-writer.js';
import { startsAt } from '../../starts-at.js';

/** The token that starts a call, and the section. */
export const CALL_START = '<|tool_call:start|>';
/** The token that ends a call. */
export const CALL_END = '<|tool_call:end|>';
/** The token that starts a pair. */
export const ARG_START = '<|tool_arg:start|>';
/** The token that ends a pair. */
export const ARG_END = '<|tool_arg:end|>';

/**
 * Solar's tokens as glm45's writer and pair reader name them: `<|tool_arg:value|>` closes the key
 * and opens its value; a key stops at `<|tool_arg:end|>` too, and a value at the next pair's or
 * call's start token (both slips vLLM reads: the writer stalls there and the stream reads the
 * rest from the section). One object, so that the writer builds its tables once.
 */
export const SOLAR_TAGS: GlmCallTags = {
  keyOpen: ARG_START,
  keyClose: '<|tool_arg:value|>',
  valueOpen: '<|tool_arg:value|>',
  valueClose: ARG_END,
  callOpen: CALL_START,
  callClose: CALL_END,
  keyOpensValue: true,
  stops: [ARG_END, ARG_START, CALL_START],
};

const LESS_THAN = 0x3c;
const BAR = 0x7c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Reads `<|tool_call:start|>`, the name (the rest of its line, up to a line break or a `<|`),
 * then the line break (`\n` or `\r\n`): the arguments start after it. A name that a token ends
 * before any line break gives no head: the grammar refuses that call, and it comes whole.
 *
 * @param text - The text seen so far.
 * @param start - Where `<|tool_call:start|>` occurs.
 * @returns The head, `'wait'` while the text ends inside a head that still fits, or `undefined`
 * when there is none.
 * @example
 * ```ts
 * readSolarOpen2Head('<|tool_call:start|>get_weather\n<|tool_arg:start|>', 0);
 * // { name: 'get_weather', argumentsStart: 31, writer: ... }
 * ```
 */
export function readSolarOpen2Head(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, CALL_START, start)) return undefined;
  const from = start + CALL_START.length;
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  let index = from;
  for (; index < limit; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === LF || unit === CR) break;
    if (unit !== LESS_THAN) continue;
    if (index + 1 >= limit) return short;
    if (text.charCodeAt(index + 1) === BAR) return undefined;
  }
  if (index >= limit) return short;
  let argumentsStart = index + 1;
  if (text.charCodeAt(index) === CR) {
    if (index + 1 >= limit) return short;
    if (text.charCodeAt(index + 1) !== LF) return undefined;
    argumentsStart += 1;
  }
  const name = text.slice(from, index).trim();
  if (name === '') return undefined;
  return {
    name,
    argumentsStart,
    writer: (tools) => createGlmArgumentsWriter(tools, name, SOLAR_TAGS),
  };
}
