/**
 * The head of a harmony call message, read before the message ends so that a stream starts the
 * call and streams its arguments as gpt-oss writes them: the header up to `<|message|>`, read
 * by the format's own grammar, names the tool; the body's `{` starts the arguments.
 */
import { parse } from '../../generated/harmony.js';
import type { CallHead } from '../format.js';
import { HEAD_LIMIT } from '../../stream/call-head.js';
import { skipBlanks } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import { OPEN_BRACE } from '../../json/char-codes.js';
import type { HarmonySection } from './ast.js';
import { calledTool, readHeader } from './lower.js';

const MESSAGE = '<|message|>';

/**
 * The tokens at which the grammar ends a message's body (its `Stop`), wherever they are: a
 * string of the arguments still open there never closed.
 */
const BODY_STOPS: readonly string[] = [
  '<|end|>',
  '<|call|>',
  '<|return|>',
  '<|start|>',
  '<|channel|>',
];

/**
 * Reads the head of the call a harmony message at `start` makes: its header (which cannot hold
 * `<|`, so it ends at the first `<|message|>`) read by the grammar exactly as the section will be,
 * then blanks and the `{` of the arguments. A message that is no call (reasoning, content, a
 * tool's result, no tool name) gives no head.
 *
 * @param text - The text seen so far.
 * @param start - Where the message's first header token occurs.
 * @returns The head; `'wait'` while the text ends inside what may still be one; `undefined`
 * where none will come (or past a head's reach).
 * @example
 * ```ts
 * readHarmonyHead('<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a"', 0);
 * // { name: 'f', argumentsStart: 66, stops: [...] }
 * ```
 */
export function readHarmonyHead(text: string, start: number): CallHead | 'wait' | undefined {
  const reach = Math.min(text.length, start + HEAD_LIMIT);
  const short = reach < text.length ? undefined : 'wait';
  const found = text.slice(start, reach).indexOf(MESSAGE);
  if (found === -1) return short;
  const bodyStart = start + found + MESSAGE.length;
  // The header alone, then `<|message|>` and nothing: the grammar reads it as it reads the whole
  // message (the body's end token, whichever comes, does not change the header).
  const header = runGrammar<HarmonySection>(parse, text.slice(0, bodyStart), start, 'Section');
  if (header === undefined) return undefined;
  const name = calledTool(readHeader(header.node.parts, text));
  if (name === undefined || name.trim() === '') return undefined;
  const index = skipBlanks(text, bodyStart, reach);
  if (index >= reach) return short;
  if (text.charCodeAt(index) !== OPEN_BRACE) return undefined;
  return { name, argumentsStart: index, stops: BODY_STOPS };
}
