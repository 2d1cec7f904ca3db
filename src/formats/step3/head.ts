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
import { readXmlInvokeHead } from '../shared/xml-invoke-head.js';

const CALLS_BEGIN = '<｜tool_calls_begin｜>';
const CALL_BEGIN = '<｜tool_call_begin｜>';
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
  let index = skipBlanks(text, start + CALLS_BEGIN.length);
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
