/**
 * `mistral`: `[TOOL_CALLS][{"name": .., "arguments": {..}}]` (pre-v11), `[TOOL_CALLS]NAME{..}`
 * (v11) and `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{..}` (v13), reasoning in `[THINK]..[/THINK]`.
 */
import { parse } from '../../generated/mistral.js';
import type { CallHead, Format, PreviousCall } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MistralNode } from './ast.js';
import { lowerMistral, TOOL_CALLS } from './lower.js';
import {
  HEAD_LIMIT,
  mayBeToken,
  readJsonListCallHead,
  readNextJsonListCallHead,
} from '../../stream/call-head.js';
import { skipBlanks } from '../shared/blanks.js';
import { startsAt } from '../../starts-at.js';

const CALL_ID = '[CALL_ID]';
const ARGS = '[ARGS]';

/** The mistral format. */
export const mistral: Format = {
  id: 'mistral',
  syntax: 'marked',
  models: 'Mistral 7B v0.3, Mixtral, Mistral Small/Large, Nemo, Ministral, Magistral, Devstral',
  markers: [TOOL_CALLS, '[THINK]'],
  parseAt(context, start) {
    const matched = runGrammar<MistralNode>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    return lowerMistral(matched.node, matched.end, context);
  },
  // `[THINK]` reasoning is plain text up to the first `[/THINK]`, where it always stops.
  // `[TOOL_CALLS]` gets none: its JSON may hold any token. A section whose list or object closed
  // says so (`open: false`), and the text after it is dropped up to the next `[TOOL_CALLS]`.
  endMarkers: { '[THINK]': ['[/THINK]'] },
  readCallHead: (text, start) =>
    startsAt(text, TOOL_CALLS, start) ? readNamedHead(text, start + TOOL_CALLS.length) : undefined,
  readNextCallHead: readNextListHead,
};

/**
 * The head of the next call of the older list form, after `}, ` (the v11 and v13 forms write one
 * call per `[TOOL_CALLS]`). A list the grammar cannot read is claimed up to the next
 * `[TOOL_CALLS]`, where the lowering stops naming its calls: so does this, at one in the previous
 * call or in the head (the token is the list's close tag, as far as heads go).
 *
 * @param text - The text seen so far after the previous call's arguments.
 * @param previous - That call, and the section's opening (the list's `[` or not).
 * @returns The head, `'wait'`, or `undefined`.
 */
function readNextListHead(text: string, previous: PreviousCall): CallHead | 'wait' | undefined {
  const { opening } = previous;
  if (opening.charCodeAt(skipBlanks(opening, TOOL_CALLS.length)) !== 0x5b) return undefined;
  return readNextJsonListCallHead(text, 0, TOOL_CALLS, previous.arguments);
}

/**
 * The head of a v11/v13 call, `NAME[CALL_ID]ID[ARGS]{` (both bracketed tokens optional), as the
 * grammar's `Named` rule reads it, or of the first call object of the older list form
 * (`[{"name": "f", "arguments": {`). A lone object after `[TOOL_CALLS]` is not read early: it
 * waits for the section's end.
 *
 * @param text - The text seen so far.
 * @param from - Just past `[TOOL_CALLS]`.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 */
function readNamedHead(text: string, from: number): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  const short = limit < text.length ? undefined : 'wait';
  const nameStart = skipBlanks(text, from, limit);
  // The older list form: its first call object's head. A list the grammar cannot read ends at
  // the next `[TOOL_CALLS]`, so no head is read across one (nor any later head: see
  // readNextListHead), and a string holding one stops its call's writer.
  if (nameStart < limit && text.charCodeAt(nameStart) === 0x5b) {
    return readJsonListCallHead(text, nameStart, TOOL_CALLS);
  }
  const nameEnd = skipWhile(text, nameStart, limit, isNameUnit);
  if (nameEnd >= limit) return short;
  if (nameEnd === nameStart) return undefined;
  let index = nameEnd;
  let id: string | undefined;
  if (startsAt(text, CALL_ID, index)) {
    const idStart = index + CALL_ID.length;
    index = skipWhile(text, idStart, limit, isIdUnit);
    if (index >= limit) return short;
    if (index > idStart) id = text.slice(idStart, index);
  } else if (short === 'wait' && mayBeToken(text, index, limit, CALL_ID)) return short;
  if (startsAt(text, ARGS, index)) index += ARGS.length;
  else if (short === 'wait' && mayBeToken(text, index, limit, ARGS)) return short;
  index = skipBlanks(text, index, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== 0x7b) return undefined;
  const name = text.slice(nameStart, nameEnd);
  return id === undefined ? { name, argumentsStart: index } : { name, id, argumentsStart: index };
}

/** The grammar's `Name`: `[A-Za-z0-9_.:\-]`. */
function isNameUnit(code: number): boolean {
  return isIdUnit(code) || code === 0x2e || code === 0x3a;
}

/** The grammar's `CallId` units: `[A-Za-z0-9_\-]`. */
function isIdUnit(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2d
  );
}

function skipWhile(
  text: string,
  from: number,
  limit: number,
  test: (code: number) => boolean,
): number {
  let index = from;
  while (index < limit && test(text.charCodeAt(index))) index += 1;
  return index;
}
