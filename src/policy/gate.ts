/**
 * The execution gate over one output: every call decided (see `decide.ts`), tool syntax that could
 * not be read turned into rejections the model can act on, telemetry emitted, and the ds2api
 * summary fields computed. `parse` and `fromNative` both end here, so text and native calls meet
 * the same rules.
 *
 * Issues become rejections as follows: phase 1 reports a section it could not read as an issue
 * (`malformed-tool-call`, `too-deep`, `too-many-calls`) rather than as a call. Each such issue,
 * unless a call already carries it, becomes a `RejectedCall` without a name, at the issue's offset
 * (an empty span), in the format whose marker opened it, so the model is told to re-emit. The
 * issue also stays in `result.issues`.
 *
 * Ids follow the output: calls and unreadable sections take theirs in the order they stand, so a
 * stream, which names a call when its head arrives, names it as `parse` does even when its
 * section then turns out unreadable.
 */
import type { Format } from '../formats/format.js';
import type { Limits } from '../options.js';
import type { CallFormat, Issue, RejectedCall, Span, TelemetryRecord, ToolCall } from '../types.js';
import { claimOwnId, createOwnIds, drawUnique, type OwnIds } from '../ids.js';
import { createTelemetryRecord } from '../telemetry/record.js';
import { createFormatNear, groupCandidates } from './candidates.js';
import {
  decideCall,
  type CallPlacement,
  type CallVerdict,
  type GateCall,
  type GateSettings,
} from './decide.js';
import {
  describeSyntax,
  malformedEnvelope,
  tooLargeEnvelope,
  tooManyCallsEnvelope,
} from './envelope.js';
import type { ResolvedPolicy } from './options.js';
import type { ToolRegistry } from './tools.js';
import { now } from '../clock.js';
import { append } from '../append.js';
import { issueFormat } from '../pipeline/issue-format.js';

/** What the gate decides over: one output's calls and issues. */
export interface GateInput {
  /** The output the calls were read from (`''` for native calls), or a window of it. */
  text: string;
  /**
   * Where `text` starts in the output when it is a window of it (default 0): a stream decides an
   * unreadable section when it closes, and hands over only the text around its issue, where the
   * gate names the section's format. Spans and offsets stay those of the whole output.
   */
  textStart?: number;
  calls: readonly GateCall[];
  issues: readonly Issue[];
  /** The caller's session context for `checkArguments`. */
  context: unknown;
  /** Time phase 1 took, for telemetry. */
  extractMs: number;
  /**
   * When phase 1 ended (`now()` of src/clock.ts), if the caller just read the clock: the first call's
   * decision is timed from there rather than from a second reading moments later.
   */
  extractEnd?: number;
}

/** The gate's verdicts on one output. */
export interface GateOutput {
  calls: ToolCall[];
  rejected: RejectedCall[];
  telemetry: TelemetryRecord[];
  rejectedToolNames: string[];
  rejectedByPolicy: boolean;
}

/** Everything the gate is built from, fixed for the parser's life. */
export interface GateOptions {
  registry: ToolRegistry | undefined;
  limits: Limits;
  policy: ResolvedPolicy;
  /** The parser's formats, in priority order. */
  formats: readonly Format[];
  /** The formats that count as primary. */
  primary: ReadonlySet<Format>;
  auto: boolean;
  createId: () => string;
  /**
   * Receives each record (already guarded against a throwing callback), with the call when it was
   * accepted (the parser's ledger keeps the two for `recordToolResult`).
   */
  emit: (record: TelemetryRecord, call: ToolCall | undefined) => void;
}

/** Decides outputs. */
export interface Gate {
  decide(input: GateInput): GateOutput;
}

/** Issue codes that stand for a call the model tried to make and that could not be read. */
export const CALL_ISSUES: ReadonlySet<Issue['code']> = new Set<Issue['code']>([
  'malformed-tool-call',
  'too-deep',
  'too-many-calls',
]);

/**
 * Creates the gate of one parser.
 *
 * @param options - Registry, limits, policy, formats and their roles, id maker, telemetry sink.
 * @returns The gate.
 * @example
 * ```ts
 * const gate = createGate({ registry: undefined, limits: DEFAULT_LIMITS, policy, formats: [hermes], primary: new Set([hermes]), auto: false, createId, emit });
 * gate.decide({ text, calls: extraction.calls, issues: extraction.issues, context: undefined, extractMs: 0 }).calls;
 * ```
 */
export function createGate(options: GateOptions): Gate {
  const firstPrimary = options.formats.find((format) => options.primary.has(format));
  const formatNear = createFormatNear(options.formats);
  const primaryWords =
    firstPrimary === undefined
      ? 'the primary syntax'
      : describeSyntax(firstPrimary.id, firstPrimary.markers[0]);
  // Worded once per format: every unreadable section's envelope names its format.
  const descriptions = new Map<CallFormat, string>();
  const describeFormat = (id: CallFormat): string => {
    let description = descriptions.get(id);
    if (description === undefined) {
      const format = options.formats.find((candidate) => candidate.id === id);
      description = describeSyntax(id, format?.markers[0]);
      descriptions.set(id, description);
    }
    return description;
  };
  // A marked syntax announces a call with its own start token: that token is tool intent.
  const marked = new Set<CallFormat>(
    options.formats.filter((format) => format.syntax === 'marked').map((format) => format.id),
  );
  const settings: GateSettings = {
    registry: options.registry,
    limits: options.limits,
    checkArguments: options.policy.checkArguments,
    primarySyntax: options.auto ? `a marked syntax such as ${primaryWords}` : primaryWords,
    describeFormat,
  };

  return {
    decide(input) {
      const { text, calls } = input;
      const fallbackGroups = groupCandidates(text, fallbackSpans(calls));
      const readable = unreadSections(calls, input.issues, options.limits.maxCalls);
      // Every call read and every section that could not be read was one candidate.
      const candidateCount = calls.length + readable.length;

      // Made at their first item (see append.ts): most outputs fill two of these with one item.
      let accepted: ToolCall[] | undefined;
      let rejected: RejectedCall[] | undefined;
      let telemetry: TelemetryRecord[] | undefined;
      let fallbackIndex = 0;
      // A model may write one id on several calls, or one a generated id also is; a stream hands
      // its calls over already renamed, and its ids drawn around the written ones. An output
      // whose calls carry no id of their own needs no ledger.
      const ownIds = calls.some(carriesOwnId) ? createOwnIds() : undefined;
      // Ids follow the output: an unreadable section takes its id where it stands among the calls,
      // as a stream must name a call it started before its section turned out unreadable.
      const ordered =
        readable.length === 0
          ? undefined
          : idsInOutputOrder(calls, readable, () => generatedId(options.createId, ownIds), ownIds);
      // With unreadable sections, what stands at one offset is ordered as a stream can send it.
      const ranks = ordered === undefined ? undefined : new Map<RejectedCall, number>();
      for (let index = 0; index < calls.length; index += 1) {
        const written = calls[index] as GateCall;
        const call =
          ordered !== undefined
            ? (ordered.calls[index] as GateCall)
            : written.id === undefined
              ? written
              : claimOwnId(written, ownIds as OwnIds);
        const started = takeStart(input, telemetry === undefined);
        const group = call.fallback
          ? fallbackGroups.candidates[fallbackGroups.of[fallbackIndex++] as number]
          : undefined;
        const verdict = decideCall(
          call,
          group === undefined && fallbackGroups.candidates.length === 0
            ? marked.has(call.format)
              ? MARKED_ALONE
              : BARE_ALONE
            : {
                fallbackCandidates: fallbackGroups.candidates.length,
                candidateSize: group === undefined ? 0 : group.span.end - group.span.start,
                marked: marked.has(call.format),
              },
          settings,
          input.context,
          call.id ?? ordered?.callIds[index] ?? generatedId(options.createId, ownIds),
        );
        if (verdict.accepted) accepted = append(accepted, verdict.call);
        else {
          rejected = append(rejected, verdict.rejection);
          ranks?.set(verdict.rejection, call.fallback ? RANK_FALLBACK_CALL : RANK_CALL);
        }
        telemetry = append(
          telemetry,
          record(options, verdict, call.format, call.fallback, candidateCount, input, started),
        );
      }
      for (let index = 0; index < readable.length; index += 1) {
        const issue = readable[index] as Issue;
        const started = takeStart(input, telemetry === undefined);
        // The format that read the section, else the one whose marker is nearest before it. An
        // issue of native calls is tagged with the provider's format, which no parser lists.
        const tagged = issueFormat(issue);
        const listed =
          tagged === undefined
            ? undefined
            : options.formats.find((candidate) => candidate.id === tagged);
        const native = tagged !== undefined && listed === undefined;
        const format = native
          ? undefined
          : (listed ??
            formatNear(text, (issue.offset ?? 0) - (input.textStart ?? 0)) ??
            firstPrimary);
        const formatId: CallFormat =
          format?.id ?? (native ? tagged : undefined) ?? options.formats[0]?.id ?? 'hermes';
        const id = ordered?.issueIds[index] ?? generatedId(options.createId, ownIds);
        const rejection = issueRejection(issue, formatId, id, options.limits, describeFormat);
        rejected = append(rejected, rejection);
        ranks?.set(rejection, issue.code === 'too-many-calls' ? RANK_CALLS_NOT_READ : RANK_SECTION);
        telemetry = append(
          telemetry,
          record(
            options,
            {
              accepted: false,
              rejection,
              id,
              tool: undefined,
              nameMatch: 'none',
              schemaVersion: undefined,
              validation: { status: 'skipped' },
            },
            formatId,
            format !== undefined && !options.primary.has(format),
            candidateCount,
            input,
            started,
          ),
        );
      }
      const rejections = rejected ?? [];
      // Calls and unreadable sections come back in the order they appear in the output.
      if (rejections.length > 1)
        rejections.sort(ranks === undefined ? byStart : byStartThenRank(ranks));
      const rejectedToolNames = unknownToolNames(rejections);
      const callsAccepted = accepted ?? [];
      return {
        calls: callsAccepted,
        rejected: rejections,
        telemetry: telemetry ?? [],
        rejectedToolNames,
        rejectedByPolicy: rejectedToolNames.length > 0 && callsAccepted.length === 0,
      };
    },
  };
}

// The placement of a call with no fallback candidate in the output (the usual case), shared.
const MARKED_ALONE: CallPlacement = Object.freeze({
  fallbackCandidates: 0,
  candidateSize: 0,
  marked: true,
});
const BARE_ALONE: CallPlacement = Object.freeze({
  fallbackCandidates: 0,
  candidateSize: 0,
  marked: false,
});

/** Builds a verdict's telemetry record and hands it to the sink. */
function record(
  options: GateOptions,
  verdict: CallVerdict,
  format: CallFormat,
  fallback: boolean,
  candidateCount: number,
  input: GateInput,
  started: number,
): TelemetryRecord {
  const telemetry = createTelemetryRecord(verdict, {
    format,
    fallback,
    candidateCount,
    extractMs: input.extractMs,
    decideMs: now() - started,
  });
  options.emit(telemetry, verdict.accepted ? verdict.call : undefined);
  return telemetry;
}

function carriesOwnId(call: GateCall): boolean {
  return call.id !== undefined;
}

/** A generated id, drawn around the ids the output's calls wrote when they wrote any. */
function generatedId(next: () => string, ownIds: OwnIds | undefined): string {
  return ownIds === undefined ? next() : drawUnique(next, ownIds);
}

/**
 * Ids in output order, for an output with unreadable sections: each call's written id claimed, or
 * an id drawn, and each section's id drawn, in the order they stand (see {@link issuePosition}).
 *
 * @param calls - The output's calls, in output order.
 * @param issues - The sections that become rejections, in output order.
 * @param draw - Draws a generated id.
 * @param ownIds - The output's ledger of written ids, when a call wrote one.
 * @returns The calls as claimed (a duplicate written id renamed), a drawn id per call that wrote
 * none (undefined for the others), and an id per issue.
 */
function idsInOutputOrder(
  calls: readonly GateCall[],
  issues: readonly Issue[],
  draw: () => string,
  ownIds: OwnIds | undefined,
): { calls: GateCall[]; callIds: (string | undefined)[]; issueIds: string[] } {
  const claimed: GateCall[] = [];
  const callIds: (string | undefined)[] = [];
  const issueIds: string[] = [];
  let next = 0;
  for (const issue of issues) {
    const at = issuePosition(issue);
    for (let call = calls[next]; call !== undefined && call.span.start < at; call = calls[next]) {
      claimed.push(call.id === undefined ? call : claimOwnId(call, ownIds as OwnIds));
      callIds.push(call.id === undefined ? draw() : undefined);
      next += 1;
    }
    issueIds.push(draw());
  }
  for (const call of calls.slice(next)) {
    claimed.push(call.id === undefined ? call : claimOwnId(call, ownIds as OwnIds));
    callIds.push(call.id === undefined ? draw() : undefined);
  }
  return { calls: claimed, callIds, issueIds };
}

/**
 * Where an unreadable section stands among the calls, for the order of ids: at its issue's offset,
 * before a call that starts there (a section that is only its marker reports the issue at its end,
 * where the next section's call may start). Calls past `maxCalls`, and an issue without an offset,
 * stand after every call: phase 1 read no call after them, and the calls of one section may all
 * start where the first unread one does.
 *
 * @param issue - An issue the gate turns into a rejection.
 * @returns The position; `Infinity` for after every call.
 */
export function issuePosition(issue: Issue): number {
  return issue.code === 'too-many-calls' || issue.offset === undefined
    ? Number.POSITIVE_INFINITY
    : issue.offset;
}

/** When the next decision starts: the end of phase 1 for the first one, if known, else now. */
function takeStart(input: GateInput, first: boolean): number {
  return first && input.extractEnd !== undefined ? input.extractEnd : now();
}

/**
 * The names of unknown tools the rejections hold, each once, in order. A set, not `includes` on
 * the list: with `maxCalls` raised, 40,000 calls of distinct unknown names took 3.4 s.
 */
function unknownToolNames(rejected: readonly RejectedCall[]): string[] {
  const names = new Set<string>();
  for (const rejection of rejected) {
    if (rejection.reason === 'unknown-tool' && rejection.name !== undefined) {
      names.add(rejection.name);
    }
  }
  return [...names];
}

function byStart(left: RejectedCall, right: RejectedCall): number {
  return left.span.start - right.span.start;
}

// The order of rejections that start at one offset, as a stream sends them: an unreadable
// section's when its section closes, before a call that starts where its issue is (a section that
// is only its marker reports its issue where the next one starts); a primary call's when it is
// read; calls past `maxCalls` once the section that reached the limit closes, after the calls it
// read; a fallback call's at the end of the output (the gate counts fallback candidates over it).
const RANK_SECTION = 0;
const RANK_CALL = 1;
const RANK_CALLS_NOT_READ = 2;
const RANK_FALLBACK_CALL = 3;

function byStartThenRank(
  ranks: ReadonlyMap<RejectedCall, number>,
): (left: RejectedCall, right: RejectedCall) => number {
  return (left, right) =>
    left.span.start - right.span.start ||
    (ranks.get(left) as number) - (ranks.get(right) as number);
}

const NO_SPANS: readonly Span[] = [];
const NO_ISSUES: readonly Issue[] = [];

/** The spans of the fallback calls, in order (none allocated for the usual all-primary output). */
function fallbackSpans(calls: readonly GateCall[]): readonly Span[] {
  let spans: Span[] | undefined;
  for (const call of calls) if (call.fallback) (spans ??= []).push(call.span);
  return spans ?? NO_SPANS;
}

/**
 * The issues that stand for a section that could not be read, unless a call already carries
 * them; bounded like calls are, so a flood of broken sections is not a flood of records.
 */
function unreadSections(
  calls: readonly GateCall[],
  issues: readonly Issue[],
  maxCalls: number,
): readonly Issue[] {
  if (issues.length === 0 || !issues.some((issue) => CALL_ISSUES.has(issue.code))) return NO_ISSUES;
  const carried = new Set(calls.map((call) => issueKey(call.malformed)));
  return issues.filter((issue) => standsForUnreadSection(issue, carried)).slice(0, maxCalls);
}

/**
 * Whether an issue stands for a section that could not be read: a call issue no call carries.
 * The gate rejects the first `maxCalls` of these (a stream counts them as its sections close).
 *
 * @param issue - An issue of the output.
 * @param carried - The {@link issueKey} of each call's own issue.
 * @returns True when the gate turns it into a rejection of its own (within `maxCalls`).
 */
export function standsForUnreadSection(issue: Issue, carried: ReadonlySet<string>): boolean {
  return CALL_ISSUES.has(issue.code) && !carried.has(issueKey(issue));
}

/** Identifies an issue by where it is and what it says (a call may carry a copy of it). */
export function issueKey(issue: Issue | undefined): string {
  return issue === undefined ? '' : `${issue.offset ?? ''}|${issue.message}`;
}

function issueRejection(
  issue: Issue,
  format: CallFormat,
  id: string,
  limits: Limits,
  describeFormat: (format: CallFormat) => string,
): RejectedCall {
  const offset = issue.offset ?? 0;
  // One literal, not a spread of shared fields into each case: an output of many unreadable
  // sections made the spread's copy a tenth of its parse.
  let reason: RejectedCall['reason'];
  let envelope: RejectedCall['envelope'];
  switch (issue.code) {
    case 'too-deep':
      reason = 'too-large';
      envelope = tooLargeEnvelope(undefined, limits.maxDepth, 'deeper nesting', 'nesting');
      break;
    case 'too-many-calls':
      reason = 'too-many-calls';
      envelope = tooManyCallsEnvelope(limits.maxCalls);
      break;
    default:
      reason = 'malformed';
      envelope = malformedEnvelope(undefined, describeFormat(format), issue.message);
  }
  return { id, format, span: { start: offset, end: offset }, repairs: [], reason, envelope };
}
