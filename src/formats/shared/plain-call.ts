/**
 * The usual call object, `{"name": "f", "arguments": {...}}`, read in front of the general reader.
 * Its head is read as a stream reads it to start the call early (`readJsonCallHead`), the members
 * after the arguments (ids, a type: scalars only) from the end, and only the arguments object goes
 * through `JSON.parse`.
 *
 * Read this way the payload is proved to be one JSON object whose keys are all different: the
 * general reader could not tell (`JSON.parse` keeps the last of two equal keys) without a pass
 * over the raw text (see `src/json/repeated-keys.ts`), which this spares the usual call.
 */
import { isBlank } from './blanks.js';
import { isCallMetaKey } from './call-object.js';
import { readJsonCallHead } from '../../stream/call-head.js';
import { nativeParse } from '../../json/index.js';
import { BACKSLASH, CLOSE_BRACE, COLON, COMMA, QUOTE } from '../../json/char-codes.js';
import { depthBound, tooDeep } from '../../json/index.js';
import { markWithinDepth, WRAPPER_LEVELS } from '../../pipeline/argument-depth.js';
import type { Issue } from '../../types.js';
import type { FormatContext } from '../format.js';
import { tooDeepWording } from './json-payload.js';

/** A payload read by {@link readPlainCall}. */
export interface PlainCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/**
 * What {@link readPlainCall} gives for a payload that opens with a call head a stream would start
 * the call from, but is not otherwise the usual shape.
 */
export const HEAD_ONLY = 'head-only';

/**
 * What {@link readPlainCall} gives for a payload of the usual shape whose arguments `JSON.parse`
 * refuses: they need a repair, and the payload is read by the lenient readers without trying
 * `JSON.parse` on it again (a refusal costs a `SyntaxError`, the largest part of reading a small
 * repaired call). Should the payload be valid JSON all the same (a member after the arguments
 * that was not read as one), the lenient readers read it as `JSON.parse` does.
 */
export const ARGUMENTS_NOT_JSON = 'arguments-not-json';

/** A JSON number or literal, as written. */
const SCALAR = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

/**
 * Reads `text.slice(start, end)` when it is, in strict JSON, `{"name": "<name>", "<arguments key>":
 * {...}` followed by no member or only by ids, a type, an index or a status with scalar values,
 * each written once (`, "id": "call_1"}`), the head as `readJsonCallHead` reads it.
 *
 * @param text - The whole output.
 * @param start - Payload start.
 * @param end - Payload end (exclusive).
 * @returns The name and the arguments, as the general reader gives them for the same payload (an
 * id written after the arguments is not the call's); {@link HEAD_ONLY} when the payload opens with
 * that head but goes on otherwise, {@link ARGUMENTS_NOT_JSON} when it has the usual shape but its
 * arguments are not JSON; `undefined` when it does not open with that head.
 * @example
 * ```ts
 * readPlainCall('{"name": "f", "arguments": {"a": 1}}', 0, 36); // { name: 'f', arguments: { a: 1 } }
 * readPlainCall('{"name": "f", "arguments": {}, "x": [1]}', 0, 40); // 'head-only'
 * ```
 */
export function readPlainCall(
  text: string,
  start: number,
  end: number,
): PlainCall | typeof HEAD_ONLY | typeof ARGUMENTS_NOT_JSON | undefined {
  const head = readJsonCallHead(text, start);
  if (head === undefined || head === 'wait' || head.argumentsStart >= end) return undefined;
  const argumentsStart = head.argumentsStart;
  // From the end: the call object's `}`, the members after the arguments, the arguments' `}`.
  let last = lastUnit(text, end - 1, argumentsStart);
  if (text.charCodeAt(last) !== CLOSE_BRACE) return HEAD_ONLY;
  last = lastUnit(text, last - 1, argumentsStart);
  let after: string[] | undefined;
  while (text.charCodeAt(last) !== CLOSE_BRACE) {
    const member = memberBefore(text, last, argumentsStart);
    if (member === undefined || after?.includes(member.key) === true) return HEAD_ONLY;
    (after ??= []).push(member.key);
    last = member.start;
  }
  if (last === argumentsStart) return HEAD_ONLY;
  // What lies between is one JSON value, or JSON.parse refuses it: it needs a repair, or it is
  // not one value (`{"a": 1}, "x": {"b": 2}`), and the general reader decides.
  const decoded = nativeParse(text.slice(argumentsStart, last + 1));
  return decoded.ok
    ? { name: head.name, arguments: decoded.value as Record<string, unknown> }
    : ARGUMENTS_NOT_JSON;
}

/**
 * Bounds the nesting of a call {@link readPlainCall} read as `parseJson` bounds a payload it read
 * natively (the call object around the arguments allowed its levels), and marks arguments within
 * `maxDepth` so that the section's check does not walk them again. Every reader of the usual call
 * (a delimited payload, a list item) holds its call to this.
 *
 * @param plain - The call read.
 * @param context - The output and its limits.
 * @param start - Where the call object starts.
 * @param end - Where it ends (exclusive).
 * @returns The `too-deep` issue, worded with the caller's `maxDepth`, or `undefined`.
 */
export function limitPlainDepth(
  plain: PlainCall,
  context: FormatContext,
  start: number,
  end: number,
): Issue | undefined {
  const { maxDepth } = context.limits;
  const limit = maxDepth + WRAPPER_LEVELS;
  const depthAtMost = depthBound(plain.arguments, end - start, limit, 1);
  if (depthAtMost > limit) return tooDeepWording(tooDeep(limit, start), maxDepth).issue;
  // Within maxDepth one level down; a call no longer than maxDepth is never walked anyway.
  if (depthAtMost <= maxDepth + 1 && end - start > maxDepth) markWithinDepth(plain.arguments);
  return undefined;
}

/** The last non-blank unit at or before `at`, not before `floor`. */
function lastUnit(text: string, at: number, floor: number): number {
  let index = at;
  while (index > floor && isBlank(text.charCodeAt(index))) index -= 1;
  return index;
}

/**
 * The member `, "<meta key>": <scalar>` ending at `last` (its value's last unit), read backwards:
 * its key and the last unit before its comma; `undefined` for anything else.
 */
function memberBefore(
  text: string,
  last: number,
  floor: number,
): { key: string; start: number } | undefined {
  const valueStart = scalarStart(text, last, floor);
  if (valueStart === -1) return undefined;
  let at = lastUnit(text, valueStart - 1, floor);
  if (text.charCodeAt(at) !== COLON) return undefined;
  at = lastUnit(text, at - 1, floor);
  const keyStart = stringStart(text, at, floor);
  if (keyStart === -1) return undefined;
  const key = text.slice(keyStart + 1, at);
  if (!isCallMetaKey(key)) return undefined;
  at = lastUnit(text, keyStart - 1, floor);
  if (text.charCodeAt(at) !== COMMA) return undefined;
  return { key, start: lastUnit(text, at - 1, floor) };
}

/** Where the scalar ending at `last` starts: a string without escapes, a number or a literal. */
function scalarStart(text: string, last: number, floor: number): number {
  if (text.charCodeAt(last) === QUOTE) return stringStart(text, last, floor);
  let at = last;
  while (at > floor && isScalarUnit(text.charCodeAt(at))) at -= 1;
  return at < last && SCALAR.test(text.slice(at + 1, last + 1)) ? at + 1 : -1;
}

function isScalarUnit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2e ||
    code === 0x2d ||
    code === 0x2b ||
    code === 0x45
  );
}

/**
 * Where the string whose closing quote is at `close` opens, when it holds no escape and no control
 * unit (a backslash could escape the quote found); else -1.
 */
function stringStart(text: string, close: number, floor: number): number {
  if (text.charCodeAt(close) !== QUOTE) return -1;
  for (let at = close - 1; at > floor; at -= 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return at;
    if (code === BACKSLASH || code < 0x20) return -1;
  }
  return -1;
}
