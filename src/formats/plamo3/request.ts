/**
 * Lowering of one PLaMo 3 request: its name, then its JSON arguments read by the shared payload
 * reader. A request is a call only when every tag of it was written; one the output cut off is
 * refused as incomplete, one with a tag left out or something else in its place as malformed,
 * by the name it wrote where that name was closed.
 */
import type { FormatContext } from '../format.js';
import type { LoweredItem } from '../shared/collect.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import { incomplete, malformed } from '../shared/issues.js';
import { refusedCall } from '../shared/refused-call.js';
import type { Plamo3Request } from './ast.js';
import { ARGUMENTS_CLOSE, ARGUMENTS_OPEN, NAME_CLOSE, REQUEST_CLOSE } from './tags.js';

/** A call, or the issue that kept it from being one. */
export type LoweredRequest = Exclude<LoweredItem, undefined>;

/**
 * The name a request wrote between its name tags, trimmed; `undefined` when it wrote none, or
 * when its close tag is not there (the name may not be whole).
 *
 * @param request - The request.
 * @param text - The output.
 * @returns The name, or `undefined`.
 */
export function requestName(request: Plamo3Request, text: string): string | undefined {
  const { name } = request;
  if (name === null || name.close !== 'closed') return undefined;
  const written = text.slice(name.text.start, name.text.end).trim();
  return written === '' ? undefined : written;
}

/**
 * Lowers one request.
 *
 * @param request - The request's AST.
 * @param context - The output, schemas and limits.
 * @returns The call (refused by name where a tag is missing, cut or unreadable), or the issue of
 * a request with no name.
 * @example
 * ```ts
 * lowerRequest(request, context); // { call: { name: 'get_weather', arguments: { city: 'Kobe' }, ... } }
 * ```
 */
export function lowerRequest(request: Plamo3Request, context: FormatContext): LoweredRequest {
  const span = { start: request.start, end: request.end };
  const name = requestName(request, context.text);
  // The grammar reads every tag after a cut one as cut too: the request's own close says it.
  const cut = request.close === 'cut';
  if (name === undefined) {
    if (cut) return { issue: incomplete(request.start) };
    const message =
      request.name?.close === 'missing'
        ? `the name of a plamo3 tool request is not closed by ${NAME_CLOSE}`
        : 'the plamo3 tool request has no name';
    return { issue: malformed(message, request.start) };
  }
  const refuse = (message: string): LoweredRequest => {
    const issue = cut ? incomplete(request.start) : malformed(message, request.start);
    return { call: refusedCall(name, 'plamo3', span, issue, [], !cut), issue };
  };
  const { arguments: args } = request;
  if (args === null) return refuse(`the plamo3 request "${name}" has no ${ARGUMENTS_OPEN}`);
  if (args.close === 'missing') {
    return refuse(`the arguments of "${name}" are not closed by ${ARGUMENTS_CLOSE}`);
  }
  const read = readArgumentsPayload(context, {
    format: 'plamo3',
    name,
    span,
    payload: args.payload,
    closed: args.close === 'closed',
  });
  if (!('call' in read)) return read;
  if (cut) {
    // The output ended inside the request: whatever its arguments read, it never ran whole.
    read.call.complete = false;
    return read;
  }
  if (request.close === 'missing' && read.call.malformed === undefined) {
    return refuse(`the plamo3 request "${name}" is not closed by ${REQUEST_CLOSE}`);
  }
  return read;
}
