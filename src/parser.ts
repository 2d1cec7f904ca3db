/**
 * `createParser`: the library's front door. It checks the options once, pins the tools, builds the
 * marker table, and returns a parser whose `parse` never throws on model output.
 */
import type { FormatContext } from './formats/format.js';
import {
  checkOptionKeys,
  selectFormats,
  resolveLimits,
  resolveReasoning,
  type ParserOptions,
} from './options.js';
import { extract, type ExtractPlan } from './pipeline/extract.js';
import { reasoningEnders } from './pipeline/reasoning.js';
import { createMarkerTable } from './pipeline/marker-index.js';
import { withTagRefusals } from './pipeline/tag-refusal.js';
import { createGate } from './policy/gate.js';
import { resolvePolicy } from './policy/options.js';
import { createToolRegistry, type ToolRegistry } from './policy/tools.js';
import { readNative } from './native/from-native.js';
import { createTelemetrySink } from './telemetry/record.js';
import { createResultLedger, type ToolResultStatus } from './telemetry/results.js';
import type { ParseResult, TelemetryRecord, ToolCall } from './types.js';
import { createIdGenerator } from './ids.js';
import { now } from './clock.js';
import { createStreamParser, type StreamParser } from './stream/stream-parser.js';

/** A parser bound to one set of formats, tools and limits. */
export interface Parser {
  /**
   * Parses one complete model output.
   *
   * @param text - What the model wrote.
   * @param options - `context`: the caller's session, handed to `policy.checkArguments`.
   * @returns Calls, rejections, content, reasoning and issues. Never throws on any string.
   */
  parse(text: string, options?: ParseOptions): ParseResult;
  /**
   * Puts provider-native tool calls through the same gate as calls read from text.
   *
   * @param input - An OpenAI response, message or `tool_calls` array (arguments as JSON strings,
   * read leniently), an Anthropic message or content array, or a batch from
   * `createNativeStreamAssembler`.
   * @param options - `context` for `policy.checkArguments`.
   * @returns The same result shape as `parse`; `content` is the message's text.
   * @throws TypeError when `input` has none of the accepted shapes (a caller mistake).
   */
  fromNative(input: unknown, options?: ParseOptions): ParseResult;
  /**
   * Completes a call's telemetry record with what happened when it ran, and sends the completed
   * record to `onTelemetry` again (with `tool_result_status` set).
   *
   * @param call - The executed call, as `parse`, `fromNative` or a `tool-call-end` event gave it
   * (a copy with the same id, name and arguments will do), or its `id`. Prefer the call: a model
   * that writes its own ids may write the same one in every turn (Kimi's `functions.NAME:0`), and
   * an id then completes the most recent record with it, and forgets the older ones.
   * @param status - `'ok'`, `'empty'` (ran, returned nothing useful) or `'error'`.
   * @returns The completed record, or `undefined` when the call is unknown, already completed or
   * too old (the parser keeps the records of its last 1024 accepted calls).
   * @throws TypeError when `call` is neither a call nor an id, or `status` is none of the three.
   */
  recordToolResult(call: ToolCall | string, status: ToolResultStatus): TelemetryRecord | undefined;
  /**
   * Starts a stream over one output: `push(delta)` and `end()` return events whose fold is
   * `parse(text)` for any chunking.
   *
   * @param options - `context` for `policy.checkArguments`, handed to every call of this stream.
   * @returns A new stream (one per output).
   * @throws TypeError when `options` holds anything but `context` (a caller mistake).
   */
  stream(options?: ParseOptions): StreamParser;
}

/** Per-call options of `parse`, `fromNative` and `stream`. */
export interface ParseOptions {
  /** The caller's session (tenant, user...), handed to `policy.checkArguments` untouched. */
  context?: unknown;
}

/**
 * Creates a parser.
 *
 * @param options - Formats (default `'auto'`), tools (the allowlist), limits, telemetry, ids.
 * @returns A parser; creating one is the costly step (schemas compiled), parsing is cheap.
 * @throws TypeError for caller mistakes: an unknown option or format id, a schema ajv refuses, a bad
 * limit.
 * @example
 * ```ts
 * const parser = createParser({ formats: ['hermes'] });
 * parser.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>').calls[0]?.name; // 'f'
 * ```
 */
export function createParser(options: ParserOptions = {}): Parser {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    // An array would pass as an object with no keys, and every default would be taken in silence.
    throw new TypeError(
      `createParser: options must be an object such as { formats: ["hermes"] }; got ${Array.isArray(options) ? 'an array' : String(options)}`,
    );
  }
  checkOptionKeys(options);
  const selection = selectFormats(options.formats);
  const limits = resolveLimits(options.limits);
  const reasoning = resolveReasoning(options.reasoning);
  const policy = resolvePolicy(options.policy);
  const registry: ToolRegistry | undefined =
    options.tools === undefined
      ? undefined
      : createToolRegistry(options.tools, policy.nameMatching);
  // A shared tag (`<tool_call>`) none of the formats reads is refused, not left in the content.
  const scanned = withTagRefusals(selection.formats);
  const plan: ExtractPlan = {
    table: createMarkerTable(scanned.formats),
    // A refusal reads no call: as primary, a stream settles it without waiting for intent.
    primary:
      scanned.refusals.length === 0
        ? selection.primary
        : new Set([...selection.primary, ...scanned.refusals]),
    auto: selection.auto,
    maxCalls: limits.maxCalls,
    maxIssues: limits.maxIssues,
    reasoningStartsInside: reasoning.startsInside,
    reasoningInContent: reasoning.keepInContent,
    reasoningPrefilled: reasoning.prefilled,
    reasoningEnders: reasoningEnders(selection.formats),
  };
  const nextId = createIdGenerator(options.ids ?? 'random');
  const emit = createTelemetrySink(options.onTelemetry);
  const ledger = createResultLedger();
  const gate = createGate({
    registry,
    limits,
    policy,
    formats: selection.formats,
    primary: selection.primary,
    auto: selection.auto,
    createId: nextId,
    emit: (record, call) => {
      if (call !== undefined) ledger.remember(record, call);
      emit(record);
    },
  });

  return {
    parse(text, parseOptions) {
      if (typeof text !== 'string') {
        throw new TypeError(
          `parser.parse: expected the model output as a string, got ${typeof text}`,
        );
      }
      if (text.length > limits.maxOutputSize) return tooLarge(text, limits.maxOutputSize);
      const context: FormatContext = { text, tools: registry?.schemas, limits };
      const started = now();
      const extraction = extract(context, plan);
      const extractEnd = now();
      const decision = gate.decide({
        text,
        calls: extraction.calls,
        issues: extraction.issues.kept,
        context: contextOf(parseOptions, 'parse'),
        extractMs: extractEnd - started,
        extractEnd,
      });
      return {
        calls: decision.calls,
        rejected: decision.rejected,
        content: extraction.content,
        reasoning: extraction.reasoning,
        issues: extraction.issues.list(),
        syntaxSeen: extraction.syntaxSeen,
        rejectedByPolicy: decision.rejectedByPolicy,
        rejectedToolNames: decision.rejectedToolNames,
        telemetry: decision.telemetry,
      };
    },
    fromNative(input, parseOptions) {
      const started = now();
      const reading = readNative(input, limits);
      const decision = gate.decide({
        text: '',
        calls: reading.calls,
        issues: reading.issues,
        context: contextOf(parseOptions, 'fromNative'),
        extractMs: now() - started,
      });
      return {
        calls: decision.calls,
        rejected: decision.rejected,
        content: reading.content,
        reasoning: '',
        issues: reading.issues,
        syntaxSeen: reading.calls.length > 0,
        rejectedByPolicy: decision.rejectedByPolicy,
        rejectedToolNames: decision.rejectedToolNames,
        telemetry: decision.telemetry,
      };
    },
    stream(streamOptions) {
      // Read once, when the stream starts: every call of this output is checked in one session.
      const context = contextOf(streamOptions, 'stream');
      return createStreamParser({
        settings: { plan, tools: registry?.schemas, limits },
        maxOutputSize: limits.maxOutputSize,
        nextId,
        createDecider(createId) {
          const streamGate = createGate({
            registry,
            limits,
            policy,
            formats: selection.formats,
            primary: selection.primary,
            auto: selection.auto,
            createId,
            emit: (record, call) => {
              if (call !== undefined) ledger.remember(record, call);
              emit(record);
            },
          });
          return ({ text, textStart = 0, calls, issues }) =>
            streamGate.decide({ text, textStart, calls, issues, context, extractMs: 0 });
        },
      });
    },
    recordToolResult(call, status) {
      const completed = ledger.complete(call, status);
      if (completed !== undefined) emit(completed);
      return completed;
    },
  };
}

/**
 * The caller's context from per-call options, which must hold nothing else: a misspelt
 * `{ contxt: session }` would hand `checkArguments` no session, and a hook that reads a missing
 * tenant as "no restriction" would let the call through.
 */
function contextOf(options: ParseOptions | undefined, method: string): unknown {
  if (options === undefined) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`parser.${method}: options must be an object such as { context: session }`);
  }
  for (const key in options) {
    if (key !== 'context') {
      throw new TypeError(
        `parser.${method}: unknown option "${key}"; the only per-call option is "context"`,
      );
    }
  }
  return options.context;
}

function tooLarge(text: string, limit: number): ParseResult {
  return {
    calls: [],
    rejected: [],
    content: '',
    reasoning: '',
    issues: [
      {
        code: 'too-large',
        message: `the output is ${text.length} units long, over the maxOutputSize limit of ${limit}; nothing was parsed`,
      },
    ],
    syntaxSeen: false,
    rejectedByPolicy: false,
    rejectedToolNames: [],
    telemetry: [],
  };
}
