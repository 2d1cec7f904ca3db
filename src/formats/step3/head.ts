/**
 * The head of a step3 section's first call (`<｜tool_calls_begin｜><｜tool_call_begin｜>`, the
 * optional `function<｜tool_sep｜>`, then `<steptml:invoke name="f">`), read from an incomplete
 * section so a stream can start the call at the invoke's `>`.
 */
import type { CallHead } from '../format.js';
import { mayBeToken } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { closesInvoke, readXmlInvokeHead } from '../shared/xml-invoke-head.js';

const CALLS_BEGIN = '<｜tool_calls_begin｜>';
const CALL_BEGIN = '<｜tool_call_begin｜>';
const CALL_END = '<｜tool_call_end｜>';
const CALL_TYPE = 'function';
const SEPARATOR = '<｜tool_sep｜>';

/**
 * Reads the grammar's `Section` up to its first `Call`'s invoke open tag: blanks may sit between
 * the tokens, and `function` counts as the call's type only with its separator after it (else it
 * is the start of stray text, and no call).
 *
 * @param text - The text seen so far.
 * @param start - Where `<｜tool_calls_begin｜>` occurs.
 * @param syntax - step3's invoke syntax.
 * @returns The head, `'wait'` while the text ends inside one, or `undefined` when there is none.
 */
export function readStep3Head(
  text: string,
  start: number,
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  if (!startsAt(text, CALLS_BEGIN, start)) return undefined;
  return readCall(text, skipBlanks(text, start + CALLS_BEGIN.length), syntax);
}

/**
 * Reads the head of the call after one whose invoke's writer ended at `from`: after that
 * invoke's close tag, its `<｜tool_call_end｜>` and `<｜tool_sep｜>` if written (blanks around
 * them), the next `<｜tool_call_begin｜>` as {@link readStep3Head} reads the first.
 *
 * @param text - The text seen so far.
 * @param from - Where the previous invoke's writer stopped reading.
 * @param previousArguments - The previous invoke's arguments, as its writer read them.
 * @param syntax - step3's invoke syntax.
 * @returns As {@link readStep3Head}.
 */
export function readStep3NextHead(
  text: string,
  from: number,
  previousArguments: string,
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  if (!closesInvoke(previousArguments, previousArguments.length, syntax)) return undefined;
  let index = skipBlanks(text, from);
  // The grammar's `_ CallEnd? (_ "<｜tool_sep｜>")?` after the body, then `_` before the next call.
  for (const optional of [CALL_END, SEPARATOR]) {
    const token = readToken(text, index, optional);
    if (token === 'wait') return 'wait';
    if (token === true) index = skipBlanks(text, index + optional.length);
  }
  return readCall(text, index, syntax);
}

/** A call from its `<｜tool_call_begin｜>` at `at` up to its invoke's open tag. */
function readCall(text: string, at: number, syntax: InvokeSyntax): CallHead | 'wait' | undefined {
  let index = at;
  const token = readToken(text, index, CALL_BEGIN);
  if (token !== true) return token;
  index = skipBlanks(text, index + CALL_BEGIN.length);
  if (index >= text.length) return 'wait';
  if (text.charCodeAt(index) !== 0x3c) {
    const type = readToken(text, index, CALL_TYPE);
    if (type !== true) return type;
    const separatorAt = skipBlanks(text, index + CALL_TYPE.length);
    const separator = readToken(text, separatorAt, SEPARATOR);
    if (separator !== true) return separator;
    index = skipBlanks(text, separatorAt + SEPARATOR.length);
  }
  return readXmlInvokeHead(text, index, syntax);
}

/** Whether `token` is at `index`: true, `'wait'` while the text ends inside it, else undefined. */
function readToken(text: string, index: number, token: string): true | 'wait' | undefined {
  if (index + token.length > text.length) {
    return mayBeToken(text, index, text.length, token) ? 'wait' : undefined;
  }
  return startsAt(text, token, index) ? true : undefined;
}
