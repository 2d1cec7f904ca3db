/**
 * An Inkling call block's payload, `{"name": "get_weather", "args": {"city": "Antwerp"}}`, lowered
 * to one call: the arguments sit under `args` (left out, there are none), and the name the
 * message's header gives, if any, must be the payload's.
 */
import type { Issue, Span } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { isPlainObject, readCallObject, type CallFieldNames } from '../shared/call-object.js';
import { malformed } from '../shared/issues.js';
import { itemComplete, readJsonPayload } from '../shared/json-payload.js';
import { payloadIssueCode } from '../shared/json-calls.js';
import { refusedCall } from '../shared/refused-call.js';
import { callHeadKeys, readJsonCallHead, type CallHeadKeys } from '../../stream/call-head.js';

/** The keys of Inkling's call object: `name`, and `args` for the arguments (not `arguments`). */
export const INKLING_FIELDS: CallFieldNames = { name: ['name'], arguments: ['args'] };

/** The head a stream reads, `{"name": "f", "args": {`. */
export const INKLING_HEAD_KEYS: CallHeadKeys = callHeadKeys(INKLING_FIELDS);

/** Where a call block is, and what its message's header says. */
export interface InklingCallSource {
  /** The section (role token, header, kind token, body, end token). */
  span: Span;
  /** The block's body, between its kind token and the token that ended it. */
  payload: Span;
  /** True when the block's end token came (not another token, nor the end of the output). */
  closed: boolean;
  /** The header, trimmed: a tool's name, or empty. */
  headerName: string;
}

/**
 * Lowers a call block's payload.
 *
 * @param context - The output, schemas and limits.
 * @param source - Where the block and its payload are.
 * @returns The call (refused by name as `malformed` where it cannot run), or the issue alone when
 * no name can be told.
 * @example
 * ```ts
 * lowerInklingCall(context, { span, payload, closed: true, headerName: 'get_weather' });
 * ```
 */
export function lowerInklingCall(
  context: FormatContext,
  source: InklingCallSource,
): { calls: RawCall[]; issues: Issue[] } {
  const at = source.payload.start;
  // The name a stream started the call by, read as it reads it: a refused call carries it.
  const head = readJsonCallHead(context.text.slice(0, source.payload.end), at, INKLING_HEAD_KEYS);
  const headName = typeof head === 'object' ? head.name : undefined;
  const refuse = (issue: Issue, name?: string) => {
    const named = headName ?? name ?? (source.headerName === '' ? undefined : source.headerName);
    if (named === undefined) return { calls: [], issues: [issue] };
    return { calls: [refusedCall(named, 'inkling', source.span, issue)], issues: [issue] };
  };
  const payload = readJsonPayload(context, at, source.payload.end, { callObjects: 'calls' });
  if (!payload.ok) return refuse({ ...payload.issue, code: payloadIssueCode(payload.issue) });
  if (payload.values.length !== 1) {
    const message = `the call block holds ${payload.values.length} JSON values; write one call object per block`;
    return refuse(malformed(message, at));
  }
  const [value] = payload.values;
  // `args` written as anything but an object (a string holding JSON, null, a list) is no
  // arguments object: vLLM refuses it too, and a string read as JSON would be a guess.
  if (isPlainObject(value) && Object.hasOwn(value, 'args') && !isPlainObject(value['args'])) {
    const name = typeof value['name'] === 'string' ? value['name'] : undefined;
    const message = `the "args" of ${name === undefined ? 'the call' : JSON.stringify(name)} are not a JSON object`;
    return refuse(malformed(message, at), name);
  }
  const read = readCallObject(value, at, INKLING_FIELDS);
  if (!read.ok) return refuse(read.issue, read.name);
  const complete = itemComplete(payload, payload.repairs, source.payload.end, source.closed);
  // The header names the tool the block calls (SGLang's detector refuses a payload naming
  // another): which of the two the model meant is a guess. A name the output cut off
  // (`{"name": "book_ta`) is no other name: the call, never run, goes by the header's.
  const cutName = !complete && headName === undefined && source.headerName.startsWith(read.name);
  if (source.headerName !== '' && source.headerName !== read.name && !cutName) {
    const message = `the message's header names ${JSON.stringify(source.headerName)} but its call object names ${JSON.stringify(read.name)}; name one tool in both`;
    return refuse(malformed(message, at), read.name);
  }
  const repairs = [...payload.repairs, ...read.repairs];
  // Left out, the end token is implied by the next token or the end of the output.
  if (!source.closed) repairs.push({ kind: 'missing-end-marker', offset: source.span.end });
  const call: RawCall = {
    name: cutName ? source.headerName : read.name,
    arguments: read.arguments,
    format: 'inkling',
    span: source.span,
    repairs,
    complete,
  };
  if (read.id !== undefined) call.id = read.id;
  return { calls: [call], issues: [] };
}
