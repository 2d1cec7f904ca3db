/**
 * The tokens of kimi_k3's tags, and one tag read alone, as `grammar/kimi_k3.peggy` reads it inside
 * a tools channel: the stream's head reader and arguments writer read each call and argument tag
 * so, and the lowering tells the tags apart with the same tests.
 */
import { parse } from '../../generated/kimi_k3.js';
import { readWhole } from '../shared/run-grammar.js';
import type { KimiK3CloseTag, KimiK3OpenTag, KimiK3Part, KimiK3Section } from './ast.js';

/** The token that opens a tag. */
export const OPEN = '<|open|>';
/** The token that starts a close tag. */
export const CLOSE = '<|close|>';
/** The token that ends a tag. */
export const SEP = '<|sep|>';
/** What opens the tools channel, as the renderer writes it. */
export const TOOLS_OPEN = `${OPEN}tools${SEP}`;

/**
 * The tag `text` is, whole: read after the tools channel's own tag, it must be the channel's one
 * piece.
 *
 * @param text - A tag's text, from its token to its `<|sep|>`.
 * @returns The open or close tag; `undefined` when the text is not one tag (a lone token, a
 * channel's tag, text).
 * @example
 * ```ts
 * readTag('<|open|>call tool="f" index="1"<|sep|>')?.name; // 'call'
 * ```
 */
export function readTag(text: string): KimiK3OpenTag | KimiK3CloseTag | undefined {
  const read = readWhole<KimiK3Section>(parse, TOOLS_OPEN + text, 'Section');
  if (read?.type !== 'kimi-k3-tools' || read.parts.length !== 1) return undefined;
  const [tag] = read.parts;
  return tag?.type === 'kimi-k3-open' || tag?.type === 'kimi-k3-close' ? tag : undefined;
}

/**
 * Whether a piece is the open tag named `name`.
 *
 * @param part - A piece of a tools channel.
 * @param name - The tag's name (`call`, `argument`).
 * @returns True for `<|open|>NAME ...<|sep|>`.
 */
export function isOpenTag(part: KimiK3Part, name: string): part is KimiK3OpenTag {
  return part.type === 'kimi-k3-open' && part.name === name;
}

/**
 * Whether a piece is the close tag named `name`.
 *
 * @param part - A piece of a tools channel.
 * @param name - The tag's name (`call`, `argument`).
 * @returns True for `<|close|>NAME<|sep|>`.
 */
export function isCloseTag(part: KimiK3Part, name: string): part is KimiK3CloseTag {
  return part.type === 'kimi-k3-close' && part.name === name;
}
