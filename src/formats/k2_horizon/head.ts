/**
 * The heads of k2_horizon calls, read from an incomplete group so that a stream starts each call
 * of the plain and typed modes once its name has ended (at its first `<ifm|arg_key>`, or its
 * close tag) and streams its values with glm45's writer on the group's tags. A typed pair stalls
 * that writer, and the call's arguments then come whole when the group is read; a JSON-mode call
 * gives no head and comes whole.
 */
import type { CallHead } from '../format.js';
import { skipBlanks } from '../shared/blanks.js';
import { readGlmBlockCallHead, type GlmBlockTags } from '../shared/glm-call-head.js';
import { startsAt } from '../../starts-at.js';
import { GROUP_CLOSE, GROUP_OPEN } from './lower.js';
import { isPlainName } from './pair-call.js';

/** The group's tags, one object for every call (the writer builds its tables once per object). */
export const K2_HORIZON_TAGS: GlmBlockTags = {
  keyOpen: '<ifm|arg_key>',
  keyClose: '</ifm|arg_key>',
  valueOpen: '<ifm|arg_value>',
  valueClose: '</ifm|arg_value>',
  callOpen: '<ifm|tool_call>',
  callClose: '</ifm|tool_call>',
  blockClose: GROUP_CLOSE,
};

/**
 * Reads the head of a group's first call: the group's open tag at `start`, blanks, then a call.
 *
 * @param text - The text seen so far.
 * @param start - Where the group's open tag occurs.
 * @returns As `readGlmBlockCallHead`.
 * @example
 * ```ts
 * readK2HorizonHead('<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>', 0)?.name; // 'f'
 * ```
 */
export function readK2HorizonHead(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, GROUP_OPEN, start)) return undefined;
  const at = skipBlanks(text, start + GROUP_OPEN.length);
  return readGlmBlockCallHead(text, at, K2_HORIZON_TAGS, isPlainName);
}

/**
 * Reads the head of the call after one whose writer read its arguments to its
 * `</ifm|tool_call>` (the writer is done only there): blanks, then the next call.
 *
 * @param text - The text after the previous call's arguments.
 * @returns As `readGlmBlockCallHead`.
 */
export function readNextK2HorizonHead(text: string): CallHead | 'wait' | undefined {
  return readGlmBlockCallHead(text, skipBlanks(text, 0), K2_HORIZON_TAGS, isPlainName);
}
