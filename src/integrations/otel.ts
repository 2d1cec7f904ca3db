/**
 * `tool-call-parser/otel`: OpenTelemetry spans for each parse, through `@opentelemetry/api` (an
 * optional peer dependency; without an SDK registered its tracer does nothing). A traced parse
 * gives one `tool_call_parser.parse` span with an `extract` child (phase 1) and, per extracted
 * call, a `validate` child (allowlist and schema) and a `sanitize` child, carrying the tool,
 * format, schema version, repairs and verdict as attributes. A traced stream gives one
 * `tool_call_parser.stream` span, from `stream()` to `end()`, with a `decide` child per call at
 * the moment it was decided.
 *
 * @packageDocumentation
 */
import {
  context as otelContext,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Tracer,
} from '@opentelemetry/api';
import type { ParseOptions, Parser } from '../parser.js';
import type { StreamParser } from '../stream/stream-parser.js';
import type {
  ParseResult,
  RejectedCall,
  StreamEvent,
  TelemetryRecord,
  ToolCall,
} from '../types.js';

/** Attribute names, under the `tool_call_parser.` prefix. */
export const ATTRIBUTES = {
  tool: 'tool_call_parser.tool',
  format: 'tool_call_parser.format',
  schemaVersion: 'tool_call_parser.schema_version',
  repairs: 'tool_call_parser.repairs',
  verdict: 'tool_call_parser.verdict',
  nameMatch: 'tool_call_parser.name_match',
  fallback: 'tool_call_parser.fallback_used',
  schemaValidation: 'tool_call_parser.schema_validation',
  flags: 'tool_call_parser.flags',
  calls: 'tool_call_parser.calls',
  rejected: 'tool_call_parser.rejected',
  candidates: 'tool_call_parser.candidate_count',
  syntaxSeen: 'tool_call_parser.syntax_seen',
  issues: 'tool_call_parser.issues',
  outputLength: 'tool_call_parser.output_length',
} as const;

/** Options of {@link traceParser}. */
export interface TraceOptions {
  /** The tracer to use; default `trace.getTracer('tool-call-parser')` from the global provider. */
  tracer?: Tracer;
  /** The context the parse span is a child of; default the active context. */
  context?: () => Context;
}

/**
 * Wraps a parser so that each `parse` and `fromNative` records spans. Phase 1 is timed as a
 * whole (`extract`); phase 2 is timed per call, and its `validate` span holds that time, with
 * `sanitize` closing at its end. The result is the parser's own, untouched.
 *
 * Each `stream()` records a `tool_call_parser.stream` span that ends with the stream's `end()`
 * (a stream never ended leaves it open), holding the output's length and its counts of calls
 * and refusals. Its calls are decided inside the pushes, between the text around them, so each
 * gets a `tool_call_parser.decide` child of no duration at the moment its `tool-call-end` came
 * out, with the attributes a `validate` span carries (but the fallback and schema-validation
 * ones, which events do not hold); a refused call's span is an error. The events are the
 * stream's own, untouched.
 *
 * @param parser - A parser from `createParser`.
 * @param options - The tracer and parent context.
 * @returns A parser with the same methods, traced.
 * @example
 * ```ts
 * import { traceParser } from 'tool-call-parser/otel';
 *
 * const parser = traceParser(createParser({ tools }));
 * parser.parse(text); // spans: tool_call_parser.parse > extract, validate, sanitize
 * ```
 */
export function traceParser(parser: Parser, options: TraceOptions = {}): Parser {
  const tracer = options.tracer ?? trace.getTracer('tool-call-parser');
  const parent = options.context ?? (() => otelContext.active());
  const traced =
    (run: (text: string, parseOptions?: ParseOptions) => ParseResult, name: string) =>
    (input: string, parseOptions?: ParseOptions): ParseResult => {
      const start = now();
      const result = run(input, parseOptions);
      const end = now();
      recordSpans(tracer, parent(), name, result, input, start, end);
      return result;
    };
  return {
    ...parser,
    parse: traced(
      (text, parseOptions) => parser.parse(text, parseOptions),
      'tool_call_parser.parse',
    ),
    fromNative: traced(
      (input, parseOptions) => parser.fromNative(input, parseOptions),
      'tool_call_parser.from_native',
    ) as Parser['fromNative'],
    stream: (streamOptions) => tracedStream(parser.stream(streamOptions), tracer, parent()),
  };
}

/** A stream whose span starts now and ends at its first `end()`; see {@link traceParser}. */
function tracedStream(inner: StreamParser, tracer: Tracer, parent: Context): StreamParser {
  const root = tracer.startSpan('tool_call_parser.stream', { startTime: now() }, parent);
  const inside = trace.setSpan(parent, root);
  let length = 0;
  let calls = 0;
  let rejected = 0;
  let ended = false;
  // The clock is read only for a decided call: a push of one unit costs less than two readings.
  const observe = (events: StreamEvent[]): StreamEvent[] => {
    for (const event of events) {
      if (event.type !== 'tool-call-end') continue;
      if ('call' in event) calls += 1;
      else rejected += 1;
      decideSpan(tracer, inside, 'call' in event ? event.call : event.rejection, now());
    }
    return events;
  };
  return {
    push(delta) {
      const events = inner.push(delta);
      length += delta.length;
      return observe(events);
    },
    end() {
      const events = observe(inner.end());
      if (!ended) {
        ended = true;
        root.setAttributes({
          [ATTRIBUTES.calls]: calls,
          [ATTRIBUTES.rejected]: rejected,
          [ATTRIBUTES.outputLength]: length,
        });
        root.end(now());
      }
      return events;
    },
    get held() {
      return inner.held;
    },
    get inSection() {
      return inner.inSection;
    },
  };
}

/** The `decide` span of one streamed call, accepted or refused, at `at`. */
function decideSpan(
  tracer: Tracer,
  parent: Context,
  decided: ToolCall | RejectedCall,
  at: number,
): void {
  const accepted = !('reason' in decided);
  const attributes: Attributes = {
    [ATTRIBUTES.format]: decided.format,
    [ATTRIBUTES.repairs]: decided.repairs.map((repair) => repair.kind),
    [ATTRIBUTES.verdict]: accepted ? 'accepted' : decided.reason,
  };
  if (decided.name !== undefined) attributes[ATTRIBUTES.tool] = decided.name;
  if (accepted) {
    if (decided.nameMatch !== undefined) attributes[ATTRIBUTES.nameMatch] = decided.nameMatch;
    if (decided.schemaVersion !== undefined)
      attributes[ATTRIBUTES.schemaVersion] = decided.schemaVersion;
    if (decided.flags !== undefined)
      attributes[ATTRIBUTES.flags] = decided.flags.map((flag) => flag.code);
  }
  const span = tracer.startSpan('tool_call_parser.decide', { startTime: at, attributes }, parent);
  if (!accepted) span.setStatus({ code: SpanStatusCode.ERROR, message: decided.reason });
  span.end(at);
}

function recordSpans(
  tracer: Tracer,
  parent: Context,
  name: string,
  result: ParseResult,
  input: unknown,
  start: number,
  end: number,
): void {
  const root = tracer.startSpan(
    name,
    {
      startTime: start,
      attributes: {
        [ATTRIBUTES.calls]: result.calls.length,
        [ATTRIBUTES.rejected]: result.rejected.length,
        [ATTRIBUTES.syntaxSeen]: result.syntaxSeen,
        [ATTRIBUTES.issues]: result.issues.map((issue) => issue.code),
        ...(typeof input === 'string' ? { [ATTRIBUTES.outputLength]: input.length } : {}),
      },
    },
    parent,
  );
  const inside = trace.setSpan(parent, root);
  const records = result.telemetry;
  const extractEnd = Math.min(end, start + (records[0]?.timings.extractMs ?? end - start));
  const formats = [...new Set(records.map((record) => record.parse_mode))];
  tracer
    .startSpan(
      'tool_call_parser.extract',
      {
        startTime: start,
        attributes: {
          [ATTRIBUTES.candidates]: records[0]?.candidate_count ?? 0,
          [ATTRIBUTES.format]: formats,
          [ATTRIBUTES.syntaxSeen]: result.syntaxSeen,
        },
      },
      inside,
    )
    .end(extractEnd);
  let cursor = extractEnd;
  for (const record of records) {
    const decideEnd = Math.min(end, cursor + record.timings.decideMs);
    callSpan(
      tracer,
      inside,
      'tool_call_parser.validate',
      record,
      validateVerdict(record),
      cursor,
      decideEnd,
    );
    callSpan(
      tracer,
      inside,
      'tool_call_parser.sanitize',
      record,
      sanitizeVerdict(record),
      decideEnd,
      decideEnd,
    );
    cursor = decideEnd;
  }
  root.end(end);
}

function callSpan(
  tracer: Tracer,
  parent: Context,
  name: string,
  record: TelemetryRecord,
  verdict: { verdict: string; failed: boolean },
  start: number,
  end: number,
): void {
  const attributes: Attributes = {
    [ATTRIBUTES.format]: record.parse_mode,
    [ATTRIBUTES.repairs]: record.repairs,
    [ATTRIBUTES.verdict]: verdict.verdict,
    [ATTRIBUTES.nameMatch]: record.name_match,
    [ATTRIBUTES.fallback]: record.fallback_used,
    [ATTRIBUTES.schemaValidation]: record.schema_validation,
  };
  if (record.tool !== undefined) attributes[ATTRIBUTES.tool] = record.tool;
  if (record.schema_version !== undefined)
    attributes[ATTRIBUTES.schemaVersion] = record.schema_version;
  if (record.flags !== undefined) attributes[ATTRIBUTES.flags] = record.flags;
  const span = tracer.startSpan(name, { startTime: start, attributes }, parent);
  if (verdict.failed) span.setStatus({ code: SpanStatusCode.ERROR, message: record.outcome });
  span.end(end);
}

/** The validate span's verdict: the call's outcome, a failure when phase 2 refused it there. */
function validateVerdict(record: TelemetryRecord): { verdict: string; failed: boolean } {
  return {
    verdict: record.outcome,
    failed: record.outcome !== 'accepted' && record.outcome !== 'sanitization',
  };
}

/** The sanitize span's verdict: refused, flagged, changed, passed, or not reached. */
function sanitizeVerdict(record: TelemetryRecord): { verdict: string; failed: boolean } {
  if (record.outcome === 'sanitization') return { verdict: 'refused', failed: true };
  if (record.schema_validation !== 'pass' && record.outcome !== 'accepted') {
    return { verdict: 'not-reached', failed: false };
  }
  if ((record.flags?.length ?? 0) > 0) return { verdict: 'flagged', failed: false };
  if (record.repairs.includes('sanitized')) return { verdict: 'changed', failed: false };
  return { verdict: 'pass', failed: false };
}

function now(): number {
  return performance.timeOrigin + performance.now();
}
