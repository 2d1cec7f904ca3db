/**
 * The head of a marker_json call, read as its grammar reads the section: `TOOL_CALL`, blanks or
 * colons, an optional markdown fence (```` ```json ```` and a line break), then the call object's
 * `{"tool_name": .., "parameters": {`.
 */
import type { CallHead } from '../format.js';
import { HEAD_LIMIT, mayBeToken, readJsonCallHead } from '../../stream/call-head.js';
import { isBlank, skipBlanks } from '../shared/blanks.js';
import { BACKTICK, OPEN_BRACE } from '../../json/char-codes.js';
import { startsAt } from '../../starts-at.js';
import { MARKER_JSON_HEAD_KEYS } from './lower.js';

/** The marker. */
export const MARKER = 'TOOL_CALL';

const FENCE = '```';

/**
 * Reads the head of the call after the marker at `start`.
 *
 * @param text - The text seen so far.
 * @param start - Where `TOOL_CALL` occurs.
 * @returns The head, `'wait'` while the text ends where one may still come, or `undefined`.
 * @example
 * ```ts
 * readMarkerJsonHead('TOOL_CALL {"tool_name": "search", "parameters": {', 0);
 * // { name: 'search', argumentsStart: 48 }
 * ```
 */
export function readMarkerJsonHead(text: string, start: number): CallHead | 'wait' | undefined {
  if (!startsAt(text, MARKER, start)) return undefined;
  // Bounded, as every head: past the reach the call is left to the section's end.
  const limit = Math.min(text.length, start + MARKER.length + HEAD_LIMIT);
  const short = limit < text.length ? undefined : 'wait';
  let index = start + MARKER.length;
  while (index < limit && isSeparator(text.charCodeAt(index))) index += 1;
  if (index >= limit) return short;
  if (text.charCodeAt(index) === BACKTICK) {
    const after = afterFenceOpen(text, index, limit);
    if (after === 'wait') return short;
    if (after === undefined) return undefined;
    index = after;
  }
  return text.charCodeAt(index) === OPEN_BRACE
    ? readJsonCallHead(text, index, MARKER_JSON_HEAD_KEYS)
    : undefined;
}

/** What the grammar's `Separator` passes between the marker and the JSON: blanks and colons. */
function isSeparator(code: number): boolean {
  return isBlank(code) || code === 0x3a;
}

/**
 * Where grammar/fence.peggy's `FenceOpen` ends (three backticks, letters, spaces or tabs, a line
 * break, blanks), `'wait'` while the text (or the head's reach) ends inside it, `undefined` where
 * it cannot match.
 */
function afterFenceOpen(text: string, at: number, limit: number): number | 'wait' | undefined {
  if (!startsAt(text, FENCE, at)) return mayBeToken(text, at, limit, FENCE) ? 'wait' : undefined;
  let index = at + FENCE.length;
  while (index < limit && isLetter(text.charCodeAt(index))) index += 1;
  while (index < limit && isSpaceOrTab(text.charCodeAt(index))) index += 1;
  if (index < limit && text.charCodeAt(index) === 0x0d) index += 1;
  if (index >= limit) return 'wait';
  if (text.charCodeAt(index) !== 0x0a) return undefined;
  index = skipBlanks(text, index + 1, limit);
  return index >= limit ? 'wait' : index;
}

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}
