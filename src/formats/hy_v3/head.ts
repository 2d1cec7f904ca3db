/**
 * The heads of hy_v3 calls, read from an incomplete block so that a stream starts each call at
 * its `<tool_sep>` and streams its values as they are written, with glm45's writer given the
 * block's tags (their suffix included).
 */
import type { CallHead, PreviousCall } from '../format.js';
import { HEAD_LIMIT, mayBeToken } from '../../stream/call-head.js';
import { createGlmArgumentsWriter, type GlmCallTags } from '../../stream/glm-arguments-writer.js';
import { skipBlanks } from '../shared/blanks.js';
import { isWordUnit } from '../shared/name-units.js';
import { startsAt } from '../../starts-at.js';

/** The tags of a block, all carrying its suffix. */
export interface HyV3Tags extends GlmCallTags {
  sep: string;
  blockClose: string;
}

/** The block's open tag without its suffix and `>`: both markers start so. */
export const BLOCK_OPEN_NAME = '<tool_calls';

/**
 * Reads the block's open tag at `start` as the grammar's `BlockOpen` does: `<tool_calls`, then
 * optionally `:` and a label of letters, digits, `_` and `-`, then `>`.
 *
 * @param text - The text seen so far.
 * @param start - Where the tag starts.
 * @returns The suffix and where the tag ends; `'wait'` while the text ends inside what may still
 * be one; `undefined` when there is none.
 * @example
 * ```ts
 * readBlockOpen('<tool_calls:opensource>', 0); // { suffix: ':opensource', end: 23 }
 * ```
 */
export function readBlockOpen(
  text: string,
  start: number,
): { suffix: string; end: number } | 'wait' | undefined {
  const from = start + BLOCK_OPEN_NAME.length;
  if (!startsAt(text, BLOCK_OPEN_NAME, start)) {
    return mayBeToken(text, start, text.length, BLOCK_OPEN_NAME) ? 'wait' : undefined;
  }
  let index = from;
  if (index < text.length && text.charCodeAt(index) === 0x3a) {
    index += 1;
    // Unbounded, as in the grammar: a stream reads a head again only on a delta holding `{`, `>`
    // or `(`, which ends the label.
    while (index < text.length && isLabelUnit(text.charCodeAt(index))) index += 1;
    if (index === from + 1) return index < text.length ? undefined : 'wait';
  }
  if (index >= text.length) return 'wait';
  if (text.charCodeAt(index) !== 0x3e) return undefined;
  return { suffix: text.slice(from, index), end: index + 1 };
}

/** A unit of a suffix's label: an ASCII letter or digit, `_` or `-`. */
function isLabelUnit(unit: number): boolean {
  return isWordUnit(unit) || unit === 0x2d;
}

/** The tags of the last few suffixes seen (a writer's tag tables are built once per object). */
const TAGS = new Map<string, HyV3Tags>();

/**
 * The tags of a block with this suffix.
 *
 * @param suffix - The suffix (`:opensource`), `''` for none.
 * @returns The tags, the same object for the same suffix while it is remembered.
 */
export function tagsOf(suffix: string): HyV3Tags {
  let tags = TAGS.get(suffix);
  if (tags === undefined) {
    const tag = (name: string): string => `<${name}${suffix}>`;
    tags = {
      keyOpen: tag('arg_key'),
      keyClose: tag('/arg_key'),
      valueOpen: tag('arg_value'),
      valueClose: tag('/arg_value'),
      callOpen: tag('tool_call'),
      callClose: tag('/tool_call'),
      sep: tag('tool_sep'),
      blockClose: tag('/tool_calls'),
    };
    // Suffixes are the model's text: remember a few, not every one a hostile output spells.
    if (TAGS.size >= 8) TAGS.clear();
    TAGS.set(suffix, tags);
  }
  return tags;
}

/**
 * Reads the head of a block's first call: the block's open tag at `start`, blanks, then a call.
 *
 * @param text - The text seen so far.
 * @param start - Where the block's open tag occurs.
 * @returns As {@link readCallAt}.
 */
export function readHyV3Head(text: string, start: number): CallHead | 'wait' | undefined {
  const open = readBlockOpen(text, start);
  if (open === undefined || open === 'wait') return open;
  return readCallAt(text, skipBlanks(text, open.end), tagsOf(open.suffix));
}

/**
 * Reads the head of the call after one whose writer read its arguments to its `</tool_call>`
 * (the writer is done only there): blanks, then the next call.
 *
 * @param text - The text after the previous call's arguments.
 * @param previous - The previous call and the block's opening (its open tag says the suffix).
 * @returns As {@link readCallAt}.
 */
export function readNextHyV3Head(
  text: string,
  previous: PreviousCall,
): CallHead | 'wait' | undefined {
  const open = readBlockOpen(previous.opening, 0);
  if (open === undefined || open === 'wait') return undefined;
  return readCallAt(text, skipBlanks(text, 0), tagsOf(open.suffix));
}

/**
 * Reads a call at `at` as the grammar reads its parts: `<tool_call>`, the name (everything up to
 * the next `<`, trimmed, not empty), then `<tool_sep>` (the arguments start after it), or, the
 * separator left out, `<arg_key>` or `</tool_call>` (the arguments start there).
 *
 * @param text - The text seen so far.
 * @param at - Where the call's open tag should start.
 * @param tags - The block's tags.
 * @returns The head; `'wait'` while the text ends inside what may still be one within the head's
 * reach; `undefined` when there is none.
 */
function readCallAt(text: string, at: number, tags: HyV3Tags): CallHead | 'wait' | undefined {
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
  if (name === '') return undefined;
  for (const [tag, after] of [
    [tags.sep, true],
    [tags.keyOpen, false],
    [tags.callClose, false],
  ] as const) {
    if (startsAt(text, tag, index)) {
      return {
        name,
        argumentsStart: after ? index + tag.length : index,
        writer: (tools) => createGlmArgumentsWriter(tools, name, tags),
      };
    }
  }
  const partial = [tags.sep, tags.keyOpen, tags.callClose].some(
    (tag) => index + tag.length > limit && mayBeToken(text, index, limit, tag),
  );
  return partial ? short : undefined;
}
