/**
 * Lowering shared by the syntaxes that write the tool name in their own tokens and only the
 * arguments as JSON (kimi_k2 `functions.NAME:0<|tool_call_argument_begin|>{...}`, DeepSeek
 * `NAME<｜tool▁sep｜>{...}`, harmony `to=functions.NAME ... <|message|>{...}`).
 */
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { isPlainObject } from './call-object.js';
import { readJsonPayload } from './json-payload.js';

/** One call as a grammar delimited it: the name's text and the arguments' span. */
export interface NamedArgumentsSource {
  format: FormatId;
  /** The tool name, already cut out of the format's header (e.g. without `functions.`). */
  name: string;
  /** The format's own call id, when it writes one. */
  id?: string;
  /** The whole call, markers included. */
  span: Span;
  /** The JSON arguments between the markers. */
  payload: Span;
  /** False when the output ended before the call's closing marker. */
  closed: boolean;
}

/** At most one call, or the issue that kept it from being read. */
export interface NamedArgumentsCall {
  call?: RawCall;
  issue?: Issue;
}

/**
 * Reads one call whose name is known and whose arguments are a JSON object.
 *
 * An empty payload between closed markers is a call without arguments (`{}`); an empty payload
 * cut off by the end of the output is an incomplete call. A payload that is not one JSON object
 * gives a `malformed-tool-call` issue and no call; so does an empty name.
 *
 * @param context - The output, schemas and limits.
 * @param source - The call's name, id and spans.
 * @returns The call, or an issue.
 * @example
 * ```ts
 * lowerNamedArguments(context, {
 *   format: 'kimi_k2', name: 'get_weather', id: 'functions.get_weather:0',
 *   span: { start: 0, end: 120 }, payload: { start: 80, end: 98 }, closed: true,
 * }); // { call: { name: 'get_weather', arguments: { city: 'Paris' }, complete: true, ... } }
 * ```
 */
export function lowerNamedArguments(
  context: FormatContext,
  source: NamedArgumentsSource,
): NamedArgumentsCall {
  const offset = source.payload.start;
  if (source.name === '') {
    return {
      issue: malformed(
        `the ${source.format} call at ${source.span.start} has no tool name`,
        offset,
      ),
    };
  }
  const endRepairs: Repair[] = source.closed
    ? []
    : [{ kind: 'missing-end-marker', offset: source.span.end }];
  const text = context.text.slice(source.payload.start, source.payload.end);
  if (text.trim() === '') {
    return { call: rawCall(source, {}, endRepairs, source.closed) };
  }
  const payload = readJsonPayload(context, source.payload.start, source.payload.end);
  if (!payload.ok) {
    const code = payload.issue.code === 'too-deep' ? 'too-deep' : 'malformed-tool-call';
    return {
      issue: {
        ...payload.issue,
        code,
        message: `the arguments of "${source.name}" are not readable JSON: ${payload.issue.message}`,
      },
    };
  }
  const [value] = payload.values;
  if (payload.values.length !== 1 || !isPlainObject(value)) {
    return { issue: malformed(`the arguments of "${source.name}" are not a JSON object`, offset) };
  }
  return {
    call: rawCall(source, value, [...payload.repairs, ...endRepairs], payload.complete),
  };
}

function rawCall(
  source: NamedArgumentsSource,
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

function malformed(message: string, offset: number): Issue {
  return { code: 'malformed-tool-call', message, offset };
}
