/**
 * The heads of hy_v3 calls, read from an incomplete block so that a stream starts each call at
 * its `<tool_sep>` and streams its values as they are written, with glm45's writer given the
 * block's tags (their suffix included).
 */
import type { CallHead, PreviousCall } from '../format.js';
import { mayBeToken } from '../../stream/call-head.js';
import { readGlmBlockCallHead, type GlmBlockTags } from '../shared/glm-call-head.js';
import { skipBlanks } from '../shared/blanks.js';
import { isWordUnit } from '../shared/name-units.js';
import { startsAt } from '../../starts-at.js';

/** The tags of a block, all carrying its suffix. */
export interface HyV3Tags extends GlmBlockTags {
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
 * @returns As `readGlmBlockCallHead`.
 */
export function readHyV3Head(text: string, start: number): CallHead | 'wait' | undefined {
  const open = readBlockOpen(text, start);
  if (open === undefined || open === 'wait') return open;
  return readGlmBlockCallHead(text, skipBlanks(text, open.end), tagsOf(open.suffix));
}

/**
 * Reads the head of the call after one whose writer read its arguments to its `</tool_call>`
 * (the writer is done only there): blanks, then the next call.
 *
 * @param text - The text after the previous call's arguments.
 * @param previous - The previous call and the block's opening (its open tag says the suffix).
 * @returns As `readGlmBlockCallHead`.
 */
export function readNextHyV3Head(
  text: string,
  previous: PreviousCall,
): CallHead | 'wait' | undefined {
  const open = readBlockOpen(previous.opening, 0);
  if (open === undefined || open === 'wait') return undefined;
  return readGlmBlockCallHead(text, skipBlanks(text, 0), tagsOf(open.suffix));
}
