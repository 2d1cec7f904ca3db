/**
 * A payload that is the arguments object itself (the name came from elsewhere: an attribute, a
 * token before it), lowered to one call.
 */
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { isPlainObject } from './call-object.js';
import { itemComplete, readJsonPayload } from './json-payload.js';
import { payloadIssueCode } from './json-calls.js';
import { malformed } from './issues.js';
import { refusedCall } from './refused-call.js';

/** Where the name and the arguments of one call are. */
export interface ArgumentsSource {
  format: FormatId;
  name: string;
  span: Span;
  payload: Span;
  /** False when the output ended before the section's closing marker. */
  closed: boolean;
  id?: string;
}

/**
 * Reads an arguments payload: empty means `{}`, otherwise a JSON object.
 *
 * @param context - The output, schemas and limits.
 * @param source - The call's name and where its payload is.
 * @returns The call, or the issue that kept it from being one. Arguments that cannot be read
 * give the call, named, carrying the issue as `malformed`, and the issue: phase 2 rejects it with
 * an envelope naming the tool, and under the model's own call id when it wrote one.
 * @example
 * ```ts
 * readArgumentsPayload(context, { format: 'tag_attr', name: 'search', span, payload, closed: true });
 * ```
 */
export function readArgumentsPayload(
  context: FormatContext,
  source: ArgumentsSource,
): { call: RawCall; issue?: Issue } | { issue: Issue } {
  if (source.name.trim() === '') {
    return {
      issue: {
        code: 'malformed-tool-call',
        message: 'the call has no tool name',
        offset: source.span.start,
      },
    };
  }
  const endRepairs = source.closed
    ? []
    : [{ kind: 'missing-end-marker' as const, offset: source.span.end }];
  if (context.text.slice(source.payload.start, source.payload.end).trim() === '') {
    // Empty arguments between closed markers mean "no arguments"; cut off by the end of the
    // output, the arguments may simply not have been written yet (fail closed).
    return { call: rawCall(source, {}, endRepairs, source.closed) };
  }
  const payload = readJsonPayload(context, source.payload.start, source.payload.end);
  // Left an invalid-json issue, the call vanished: no rejection, no envelope for the model.
  if (!payload.ok)
    return refused(source, { ...payload.issue, code: payloadIssueCode(payload.issue) });
  const value = payload.values.length === 1 ? payload.values[0] : undefined;
  if (!isPlainObject(value)) {
    const message = `the arguments of "${source.name}" are not a JSON object`;
    return refused(source, malformed(message, source.payload.start));
  }
  const repairs = [...payload.repairs, ...endRepairs];
  // An object missing only its own last `}` before the end marker came is whole (see itemComplete).
  const complete = itemComplete(payload, payload.repairs, source.payload.end, source.closed);
  return { call: rawCall(source, value, repairs, complete) };
}

/** The named call refused as `malformed` by `issue`, and the issue. */
function refused(source: ArgumentsSource, issue: Issue): { call: RawCall; issue: Issue } {
  const call = refusedCall(source.name, source.format, source.span, issue);
  if (source.id !== undefined) call.id = source.id;
  return { call, issue };
}

/**
 * The call, written as one literal in RawCall's field order: built by spreading a base object
 * (the name, format and span) it had a shape of its own, and reading it into the extracted call
 * was a tenth of reading a small kimi_k2 call.
 */
function rawCall(
  source: ArgumentsSource,
  argumentsValue: Record<string, unknown>,
  repairs: Repair[],
  complete: boolean,
): RawCall {
  const call: RawCall = {
    name: source.name,
    arguments: argumentsValue,
    format: source.format,
    span: source.span,
    repairs,
    complete,
  };
  if (source.id !== undefined) call.id = source.id;
  return call;
}
