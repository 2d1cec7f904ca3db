/**
 * The heads of minimax_m3 calls, read from an incomplete block so that a stream starts each call
 * at its invoke tag's `>`; its arguments come when the invoke closes (see
 * `src/stream/minimax-m3-arguments-writer.ts`).
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { createMinimaxM3ArgumentsWriter } from '../../stream/minimax-m3-arguments-writer.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { readInvokeTag } from '../shared/xml-invoke-head.js';
import { NAMESPACE, TOOL_CALL_OPEN } from './lower.js';

const INVOKE = ['invoke'];

/**
 * Reads the head of a block's first call: the block's open tag at `start`, blanks, then an invoke
 * tag.
 *
 * @param text - The text seen so far.
 * @param start - Where the block's open tag occurs.
 * @returns As {@link readInvokeHead}.
 */
export function readMinimaxM3Head(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, TOOL_CALL_OPEN, start)) return undefined;
  return readInvokeHead(text, skipBlanks(text, start + TOOL_CALL_OPEN.length));
}

/**
 * Reads the head of the call after one whose writer read its arguments to the invoke's close tag
 * (the writer is done only there): blanks, then the next invoke tag.
 *
 * @param text - The text after the previous call's arguments.
 * @returns As {@link readInvokeHead}.
 */
export function readNextMinimaxM3Head(text: string): CallHead | 'wait' | undefined {
  return readInvokeHead(text, skipBlanks(text, 0));
}

/**
 * Reads an invoke tag at `at` as the grammar's `InvokeOpen` does: the namespace token, `<` (or
 * none: the model sometimes leaves it out), then the tag as `grammar/xml_invoke.peggy` reads an
 * invoke's (see {@link readInvokeTag}).
 *
 * @param text - The text seen so far.
 * @param at - Where the tag should start.
 * @returns The head (the arguments start after `>`), `'wait'` while the text ends inside what
 * may still be such a tag within the head's reach, or `undefined` when there is none.
 */
function readInvokeHead(text: string, at: number): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, at + HEAD_LIMIT);
  const token = Math.min(limit - at, NAMESPACE.length);
  if (token < 0 || !startsAt(text, NAMESPACE.slice(0, token), at)) return undefined;
  if (token < NAMESPACE.length) return limit < text.length ? undefined : 'wait';
  let from = at + NAMESPACE.length;
  // The tag is read from the unit after a `<`: without one, from the name's first unit.
  if (from < limit && text.charCodeAt(from) === 0x3c) from += 1;
  const tag = readInvokeTag(text, from, limit, INVOKE);
  if (tag === undefined || tag === 'wait') return tag;
  const openTag = text.slice(at, tag.end);
  return {
    name: tag.name,
    argumentsStart: tag.end,
    writer: (tools, limits) => createMinimaxM3ArgumentsWriter(tools, limits, openTag),
  };
}
