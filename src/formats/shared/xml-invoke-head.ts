/**
 * The head of an invoke element (`<invoke name="f">`: minimax_m2, step3, the DeepSeek DSML
 * syntaxes), read from an incomplete section so a stream can start the call at the open tag's
 * `>` and stream its parameters as they come.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { createXmlInvokeWriter } from '../../stream/xml-invoke-writer.js';
import { OPENED, XmlTagReader } from '../../stream/xml-tag.js';
import { TAG_GOES_ON } from '../../stream/tag-text.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from './blanks.js';
import { invokeName, tagNames, type InvokeSyntax } from './xml-invoke.js';

/**
 * Reads the invoke open tag at `at` as the grammar's `InvokeOpen` reads it. A head needs a name
 * the lowering calls: a `name` attribute written once, not blank (an invoke without one, or with
 * two, is no call). Another attribute written twice still names the call, which the lowering
 * then refuses.
 *
 * @param text - The text seen so far.
 * @param at - Where the tag should start.
 * @param syntax - The format's invoke syntax (its tag prefix, for the arguments writer).
 * @returns The head (its arguments start after `>`), `'wait'` while the text ends inside a tag
 * that still fits the head's reach, or `undefined` when there is no such tag.
 * @example
 * ```ts
 * readXmlInvokeHead('<minimax:tool_call>\n<invoke name="get_weather">', 20, syntax);
 * // { name: 'get_weather', argumentsStart: 47, writer: ... }
 * ```
 */
export function readXmlInvokeHead(
  text: string,
  at: number,
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  if (at < text.length && text.charCodeAt(at) !== 0x3c) return undefined;
  const tag = readInvokeTag(
    text,
    at + 1,
    Math.min(text.length, at + HEAD_LIMIT),
    tagNames(syntax, 'invoke'),
  );
  if (tag === undefined || tag === 'wait') return tag;
  const { name } = tag;
  return {
    name,
    argumentsStart: tag.end,
    writer: (tools, limits) => createXmlInvokeWriter(tools, limits, name, syntax),
  };
}

/**
 * Reads an invoke open tag as the grammar's `InvokeOpen` does, from the unit after its `<`: a tag
 * name among `names`, attributes, `>`. The tag names a call only with a `name` attribute written
 * once and not blank (an invoke without one, or with two, is no call; another attribute written
 * twice still names the call, which the lowering then refuses).
 *
 * @param text - The text seen so far.
 * @param from - Where the tag's name should start (after the `<`).
 * @param limit - How far the head may reach (at most the text's length).
 * @param names - The invoke tag's names.
 * @returns The call's name and where the tag ends (after its `>`); `'wait'` while the text ends
 * inside what may still be such a tag within the limit; `undefined` when there is none.
 */
export function readInvokeTag(
  text: string,
  from: number,
  limit: number,
  names: readonly string[],
): { name: string; end: number } | 'wait' | undefined {
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  const reader = new XmlTagReader(names, [], []);
  reader.start();
  for (let index = from; index < limit; index += 1) {
    const read = reader.read(text.charCodeAt(index), text[index] as string);
    if (read === TAG_GOES_ON) continue;
    if (read !== OPENED) return undefined;
    const name = invokeName(reader.attributes);
    if (name === undefined || name === '') return undefined;
    return { name, end: index + 1 };
  }
  return short;
}

/**
 * Reads the head of a block of invoke elements (minimax_m2, the DSML syntaxes): the block's open
 * tag at `start`, blanks, then the first invoke's open tag.
 *
 * @param text - The text seen so far.
 * @param start - Where the block's open tag occurs.
 * @param open - The block's open tag.
 * @param syntax - The format's invoke syntax.
 * @returns As {@link readXmlInvokeHead}.
 */
export function readInvokeBlockHead(
  text: string,
  start: number,
  open: string,
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  if (!startsAt(text, open, start)) return undefined;
  return readXmlInvokeHead(text, skipBlanks(text, start + open.length), syntax);
}

/**
 * Reads the invoke after one whose arguments' writer ended at `from` (minimax_m2, the DSML
 * syntaxes): only after that invoke's own close tag (its writer also ends at a stop token, after
 * which no invoke follows in the block), then blanks, then the next open tag as
 * {@link readXmlInvokeHead} reads it.
 *
 * @param text - The text seen so far.
 * @param from - Where the previous invoke's writer stopped reading.
 * @param previousArguments - The previous invoke's arguments, as its writer read them.
 * @param syntax - The format's invoke syntax.
 * @returns As {@link readXmlInvokeHead}.
 */
export function readNextInvokeHead(
  text: string,
  from: number,
  previousArguments: string,
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  if (!closesInvoke(previousArguments, previousArguments.length, syntax)) return undefined;
  return readXmlInvokeHead(text, skipBlanks(text, from), syntax);
}

/**
 * Whether the text before `from` ends with the invoke's close tag as the grammar reads it
 * (`</`, the tag name, blanks, `>`).
 *
 * @param text - The text.
 * @param from - Where the tag should end.
 * @param syntax - The format's invoke syntax (its tag prefix).
 * @returns True when it does.
 */
export function closesInvoke(text: string, from: number, syntax: InvokeSyntax): boolean {
  if (text.charCodeAt(from - 1) !== 0x3e) return false;
  const at = text.lastIndexOf('<', from - 1);
  if (at === -1) return false;
  return tagNames(syntax, 'invoke').some((name) => {
    const close = `</${name}`;
    return startsAt(text, close, at) && skipBlanks(text, at + close.length) === from - 1;
  });
}
