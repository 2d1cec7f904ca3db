/**
 * The heads of kimi_k3 channels, read before a channel closes so that a stream sends it as the
 * model writes it: a `think` or `response` channel's text streams from its tag's `<|sep|>`; each
 * call of the tools channel starts at its call tag's `<|sep|>`, and its arguments stream from there
 * (see `src/stream/kimi-k3-arguments-writer.ts`). Every tag is read by the format's
 * own grammar, so the heads and the grammar cannot disagree about one.
 */
import { parse } from '../../generated/kimi_k3.js';
import type { CallHead, TextHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { createKimiK3ArgumentsWriter } from '../../stream/kimi-k3-arguments-writer.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { KimiK3Section } from './ast.js';
import { callName } from './lower.js';
import { CLOSE, isOpenTag, OPEN, readTag, SEP } from './tag.js';

/** Where a text channel's text ends: the next token that opens or closes a tag. */
const TEXT_STOPS: readonly string[] = [OPEN, CLOSE];

/**
 * The end of the tag that starts at `at` (its `<|sep|>`'s end): `'wait'` while the text ends
 * before one within a head's reach, `undefined` past that reach.
 */
function tagEnd(text: string, at: number): number | 'wait' | undefined {
  const reach = Math.min(text.length, at + HEAD_LIMIT);
  const found = text.slice(at, reach).indexOf(SEP);
  if (found !== -1) return at + found + SEP.length;
  return reach < text.length ? undefined : 'wait';
}

/**
 * Reads the channel tag at `start`, alone, as the grammar reads it with the text after it (the
 * channel it opens, with nothing in it yet).
 *
 * @returns The channel and where its tag ends; `undefined` when no channel opens there; `'wait'`
 * as {@link tagEnd} says.
 */
function readChannelTag(
  text: string,
  start: number,
): { channel: KimiK3Section; end: number } | 'wait' | undefined {
  const end = tagEnd(text, start);
  if (typeof end !== 'number') return end;
  const read = runGrammar<KimiK3Section>(parse, text.slice(0, end), start, 'Section');
  return read === undefined ? undefined : { channel: read.node, end };
}

/**
 * Reads where the text of a `think` (reasoning) or `response` (content) channel at `start` starts.
 *
 * @param text - The text seen so far.
 * @param start - Where the channel's `<|open|>` occurs.
 * @returns The head; `'wait'` while its tag may still come; `undefined` for another channel.
 * @example
 * ```ts
 * readKimiK3TextHead('<|open|>think<|sep|>The user', 0);
 * // { kind: 'reasoning', start: 20, stops: ['<|open|>', '<|close|>'] }
 * ```
 */
export function readKimiK3TextHead(text: string, start: number): TextHead | 'wait' | undefined {
  const read = readChannelTag(text, start);
  if (typeof read !== 'object') return read;
  if (read.channel.type !== 'kimi-k3-text-channel') return undefined;
  const kind = read.channel.channel === 'think' ? 'reasoning' : 'content';
  return { kind, start: read.end, stops: TEXT_STOPS };
}

/**
 * Reads the head of the tools channel's first call: the channel's tag at `start`, blanks, then a
 * call tag naming its tool once.
 *
 * @param text - The text seen so far.
 * @param start - Where the channel's `<|open|>` occurs.
 * @returns As {@link readCallTag}; `undefined` for another channel.
 */
export function readKimiK3Head(text: string, start: number): CallHead | 'wait' | undefined {
  const read = readChannelTag(text, start);
  if (typeof read !== 'object') return read;
  if (read.channel.type !== 'kimi-k3-tools') return undefined;
  return readCallTag(text, skipBlanks(text, read.end));
}

/**
 * Reads the head of the call after one whose writer read its arguments to its close tag: blanks,
 * then the next call tag.
 *
 * @param text - The text after the previous call's close tag.
 * @returns As {@link readCallTag}.
 */
export function readNextKimiK3Head(text: string): CallHead | 'wait' | undefined {
  return readCallTag(text, skipBlanks(text, 0));
}

/**
 * Reads a call tag at `at`, as the grammar reads it in a tools channel.
 *
 * @param text - The text seen so far.
 * @param at - Where the tag should start.
 * @returns The head (the arguments start after the tag's `<|sep|>`), `'wait'` while the text ends
 * inside what may still be one within a head's reach, or `undefined` when there is none (or it
 * names no tool, or names it twice).
 */
function readCallTag(text: string, at: number): CallHead | 'wait' | undefined {
  const written = Math.min(text.length - at, OPEN.length);
  if (!startsAt(text, OPEN.slice(0, written), at)) return undefined;
  if (written < OPEN.length) return 'wait';
  const end = tagEnd(text, at);
  if (typeof end !== 'number') return end;
  const tag = readTag(text.slice(at, end));
  if (tag === undefined || !isOpenTag(tag, 'call')) return undefined;
  const name = callName(tag.attributes);
  if (name === undefined || name === '') return undefined;
  return {
    name,
    argumentsStart: end,
    writer: (tools, limits) => createKimiK3ArgumentsWriter(tools, limits, name),
  };
}
