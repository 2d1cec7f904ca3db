/**
 * The call body both GigaChat syntaxes write after their header (`function call<|role_sep|>` in
 * GigaChat 3, `<|function_call|>` in 3.1): one JSON object `{"name": ..., "arguments": {...}}`
 * that no end marker delimits, so its extent comes from a balanced scan.
 */
import type { FormatId, Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readCallObject } from './call-object.js';
import { readJsonValueAt } from './json-value-at.js';
import { malformed } from './issues.js';
import { trailerMayFollow } from './blanks.js';

/** GigaChat's call object: exactly `name` and `arguments`, as the reference parsers read it. */
const GIGACHAT_FIELDS = { name: ['name'], arguments: ['arguments'] } as const;

/** The call read after a GigaChat header, and where its JSON ended. */
export interface GigaChatBody {
  /** End of the JSON object, or `start` when no object followed the header. */
  end: number;
  /** True when the JSON object found its closing brace. */
  closed: boolean;
  call?: RawCall;
  issue?: Issue;
}

/**
 * Reads the JSON call object starting at `start`.
 *
 * The object needs a non-empty `name` and an `arguments` member holding an object (or a JSON
 * string of one): a call without `arguments` is malformed, as GigaChat always writes them.
 *
 * @param context - The output, schemas and limits.
 * @param format - `gigachat3` or `gigachat31`.
 * @param sectionStart - Where the header started (the call's span starts there).
 * @param start - Where the JSON should start, just after the header.
 * @returns The call or an issue, and where the JSON ended.
 * @example
 * ```ts
 * readGigaChatBody(context, 'gigachat31', 0, 17); // { end: 60, closed: true, call: { name: 'f', ... } }
 * ```
 */
export function readGigaChatBody(
  context: FormatContext,
  format: FormatId,
  sectionStart: number,
  start: number,
): GigaChatBody {
  if (context.text[start] !== '{') {
    return {
      end: start,
      closed: false,
      issue: malformed(`the ${format} call is not followed by a JSON object`, start),
    };
  }
  const json = readJsonValueAt(context, start, { callObjects: 'calls' });
  const { end, closed } = json;
  if (!json.payload.ok) {
    const code = json.payload.issue.code === 'too-deep' ? 'too-deep' : 'malformed-tool-call';
    return { end, closed, issue: { ...json.payload.issue, code } };
  }
  const [value] = json.payload.values;
  if (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !Object.hasOwn(value, 'arguments')
  ) {
    return {
      end,
      closed,
      issue: malformed(`the ${format} call has no "arguments"`, start),
    };
  }
  const read = readCallObject(value, start, GIGACHAT_FIELDS);
  if (!read.ok) return { end, closed, issue: read.issue };
  const call: RawCall = {
    name: read.name,
    arguments: read.arguments,
    format,
    span: { start: sectionStart, end },
    repairs: [...json.payload.repairs, ...read.repairs],
    complete: closed && json.payload.complete,
  };
  return { end, closed, call };
}

/**
 * Builds a GigaChat section: the header, the call body after it, and an optional trailer
 * (`</s>`) that the format's own grammar reads where the body closed.
 *
 * @param context - The output, schemas and limits.
 * @param format - `gigachat3` or `gigachat31`.
 * @param header - Where the header starts and ends.
 * @param readTrailer - Reads the trailer at an offset; its end, or `undefined` when none is there.
 * @returns The section with its call or issue.
 */
export function gigaChatSection(
  context: FormatContext,
  format: FormatId,
  header: { start: number; end: number },
  readTrailer: (at: number) => number | undefined,
): Section {
  const body = readGigaChatBody(context, format, header.start, header.end);
  const trailerEnd = body.closed ? readTrailer(body.end) : undefined;
  return {
    start: header.start,
    end: trailerEnd ?? body.end,
    calls: body.call === undefined ? [] : [body.call],
    issues: body.issue === undefined ? [] : [body.issue],
    open: mayGoOn(context.text, header.end, body, trailerEnd),
  };
}

/** The trailer both grammars read after the call object, past any blanks. */
const TRAILER = '</s>';

/**
 * Whether more text could change the section (`Section.open`, which lets a stream settle it as
 * soon as it is closed rather than on a margin of text after it): while only blanks follow the
 * header (a `{` may come), while the call object is open, and while only blanks, or blanks and
 * the start of `</s>`, follow it.
 */
function mayGoOn(
  text: string,
  headerEnd: number,
  body: GigaChatBody,
  trailerEnd: number | undefined,
): boolean {
  if (body.end === headerEnd && !body.closed) return headerEnd === text.length;
  if (!body.closed) return true;
  return trailerEnd === undefined && trailerMayFollow(text, body.end, TRAILER);
}
