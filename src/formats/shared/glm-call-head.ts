/**
 * The head of a call whose name is followed by GLM's key/value pairs inside a block of calls
 * (hy_v3's `<tool_call>NAME<tool_sep>`, k2_horizon's `<ifm|tool_call>NAME<ifm|arg_key>`), read
 * from an incomplete block so that a stream starts the call once its name has ended, and streams
 * its values with glm45's writer on the syntax's tags.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { createGlmArgumentsWriter, type GlmCallTags } from '../../stream/glm-arguments-writer.js';
import { startsAt } from '../../starts-at.js';

/** The tags of a block's calls, and the separator some syntaxes write after a call's name. */
export interface GlmBlockTags extends GlmCallTags {
  /** Written between the name and the pairs (hy_v3's `<tool_sep>`); none in k2_horizon. */
  sep?: string;
}

/**
 * Reads a call at `at` as a block's grammar reads its parts: the call's open tag, the name
 * (everything up to the next `<`, trimmed, not empty, one the syntax accepts), then the separator
 * (the arguments start after it), or, the separator left out or absent from the syntax, the first
 * key's open tag or the call's close tag (the arguments start there).
 *
 * @param text - The text seen so far.
 * @param at - Where the call's open tag should start.
 * @param tags - The block's tags.
 * @param acceptsName - Whether the lowering reads a call of this (trimmed) name from its pairs;
 * a name it refuses whatever follows gives no head (default: every name).
 * @returns The head; `'wait'` while the text ends inside what may still be one within the head's
 * reach; `undefined` when there is none.
 * @example
 * ```ts
 * readGlmBlockCallHead('<tool_call>f<tool_sep>', 0, tags)?.name; // 'f'
 * ```
 */
export function readGlmBlockCallHead(
  text: string,
  at: number,
  tags: GlmBlockTags,
  acceptsName: (name: string) => boolean = () => true,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, at + HEAD_LIMIT);
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  const { callOpen } = tags;
  if (at + callOpen.length > limit)
    return mayBeToken(text, at, limit, callOpen) ? short : undefined;
  if (!startsAt(text, callOpen, at)) return undefined;
  const from = at + callOpen.length;
  let index = from;
  while (index < limit && text.charCodeAt(index) !== 0x3c) index += 1;
  if (index >= limit) return short;
  const name = text.slice(from, index).trim();
  if (name === '' || !acceptsName(name)) return undefined;
  const ends: (readonly [string, boolean])[] = [
    [tags.keyOpen, false],
    [tags.callClose, false],
  ];
  if (tags.sep !== undefined) ends.unshift([tags.sep, true]);
  for (const [tag, after] of ends) {
    if (startsAt(text, tag, index)) {
      return {
        name,
        argumentsStart: after ? index + tag.length : index,
        writer: (tools) => createGlmArgumentsWriter(tools, name, tags),
      };
    }
  }
  const partial = ends.some(
    ([tag]) => index + tag.length > limit && mayBeToken(text, index, limit, tag),
  );
  return partial ? short : undefined;
}
