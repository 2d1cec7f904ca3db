/**
 * Phase 2 for one call: the fail-closed ladder every extracted or native call climbs. A call is
 * executable only when it is complete and readable, passes the fallback gates, resolves to an
 * allowlisted tool, validates, survives its sanitization profile and the caller's check. The
 * first rung it fails decides its rejection and envelope.
 */
import type { Limits } from '../options.js';
import { closestNames } from '../resolve/closest.js';
import { sanitizeArguments } from '../sanitize/apply.js';
import type {
  CallFlag,
  CallFormat,
  Issue,
  NameMatch,
  RejectedCall,
  RejectionReason,
  Repair,
  Span,
  ToolCall,
} from '../types.js';
import { cloneJson, deepFreeze } from '../validate/clone.js';
import { clip, type FieldError } from '../validate/errors.js';
import {
  ambiguousEnvelope,
  fallbackEnvelope,
  hookFailedEnvelope,
  incompleteEnvelope,
  malformedEnvelope,
  sanitizationEnvelope,
  tooLargeEnvelope,
  unknownToolEnvelope,
  validationEnvelope,
} from './envelope.js';
import type { ArgumentCheck, ArgumentVerdict } from './options.js';
import { ignoreRejection } from '../ignore-rejection.js';
import { appendAll } from '../append.js';
import type { PinnedTool, ToolRegistry } from './tools.js';

/** A call as the gate sees it: phase 1's `ExtractedCall`, or a provider-native call. */
export interface GateCall {
  name: string;
  arguments: Record<string, unknown>;
  format: CallFormat;
  span: Span;
  repairs: Repair[];
  id?: string;
  complete: boolean;
  malformed?: Issue;
  /** True when the call's syntax is a fallback for this parser. */
  fallback: boolean;
  /** True when the output shows tool intent before (or as) this call. */
  intent: boolean;
  /** Size checked against the limits; default the span's length (native calls: the arguments text). */
  size?: number;
}

/** What the gate knows of one call's neighbours. */
export interface CallPlacement {
  /** How many fallback candidates the output holds (more than one refuses them all). */
  fallbackCandidates: number;
  /** Size of this call's candidate (a fallback block of parallel calls is measured whole). */
  candidateSize: number;
  /**
   * True when the call's syntax is marked (`<tool_call>`, `[TOOL_CALLS]`): its start token shows
   * tool intent the way `TOOL_CALL` does, so a marked fallback needs no separate intent marker.
   */
  marked: boolean;
}

/** The parser-wide settings of the gate. */
export interface GateSettings {
  readonly registry: ToolRegistry | undefined;
  readonly limits: Limits;
  readonly checkArguments: ArgumentCheck | undefined;
  /** How to write a call in the primary syntax, for envelopes. */
  readonly primarySyntax: string;
  /** Words a call's format for a malformed envelope. */
  readonly describeFormat: (format: CallFormat) => string;
}

/** The verdict on one call, with what telemetry needs. */
export type CallVerdict = (
  { accepted: true; call: ToolCall } | { accepted: false; rejection: RejectedCall }
) & {
  id: string;
  tool: string | undefined;
  nameMatch: NameMatch;
  schemaVersion: string | undefined;
  validation: { status: 'pass' | 'fail' | 'skipped'; reason?: string };
};

/**
 * Decides one call.
 *
 * @param call - The call.
 * @param placement - Its candidate's size and the output's fallback candidate count.
 * @param settings - The parser's gate settings.
 * @param context - The caller's session context, handed to `checkArguments`.
 * @param id - The call's id (the format's own, or a generated one).
 * @returns The verdict. Never throws: a throwing hook is a `hook-failed` rejection.
 * @example
 * ```ts
 * const verdict = decideCall(call, { fallbackCandidates: 0, candidateSize: 40, marked: true }, settings, undefined, 'call_0');
 * verdict.accepted; // true when the call may run
 * ```
 */
export function decideCall(
  call: GateCall,
  placement: CallPlacement,
  settings: GateSettings,
  context: unknown,
  id: string,
): CallVerdict {
  const written = call.name === '' ? undefined : call.name;
  // What telemetry reads from a rejection, filled in as the call climbs the ladder.
  const state: VerdictState = {
    call,
    id,
    written,
    // Every field written out, `tool` too: a field added later costs the object a second store.
    tool: undefined,
    nameMatch: 'none',
    schemaVersion: undefined,
    validation: SKIPPED,
  };

  if (!call.complete) return rejectCall(state, 'incomplete', incompleteEnvelope(written));
  const { limits } = settings;
  if (call.malformed !== undefined) {
    // Nesting past maxDepth is a limit, worded as the gate words an unreadable too-deep section.
    if (call.malformed.code === 'too-deep') {
      return rejectCall(
        state,
        'too-large',
        tooLargeEnvelope(written, limits.maxDepth, 'deeper nesting', 'nesting'),
      );
    }
    return rejectCall(
      state,
      'malformed',
      malformedEnvelope(written, settings.describeFormat(call.format), call.malformed.message),
    );
  }
  // The JSON reader put a null where the model wrote no value, dropped the `...` it wrote for the
  // rest, kept the digits of a cut-off number or the argument of a function call, to read what
  // follows: running the call would act on values nobody chose (a left-out `"dry_run":` read as
  // null, falsy; `not(true)` read as true) or on part of a list.
  const invented = inventedValue(call.repairs);
  if (invented !== undefined) {
    return rejectCall(
      state,
      'malformed',
      malformedEnvelope(written, settings.describeFormat(call.format), inventedProblem(invented)),
    );
  }
  if (call.fallback) {
    if (placement.fallbackCandidates > 1) {
      return rejectCall(
        state,
        'ambiguous',
        ambiguousEnvelope(call.name, placement.fallbackCandidates, settings.primarySyntax),
      );
    }
    if (!call.intent && !placement.marked)
      return rejectCall(
        state,
        'fallback-without-intent',
        fallbackEnvelope(call.name, settings.primarySyntax),
      );
    if (placement.candidateSize > limits.maxFallbackCallSize) {
      return rejectCall(
        state,
        'too-large',
        tooLargeEnvelope(
          written,
          limits.maxFallbackCallSize,
          placement.candidateSize,
          'fallback call',
        ),
      );
    }
  }
  const size = call.size ?? call.span.end - call.span.start;
  if (size > limits.maxCallSize)
    return rejectCall(
      state,
      'too-large',
      tooLargeEnvelope(written, limits.maxCallSize, size, 'call'),
    );

  const { registry } = settings;
  if (registry === undefined) {
    // Without a manifest the parser only extracts: nothing to allowlist or validate, but the
    // caller's hook still has the last word.
    return finishCall(state, settings, context, {
      id,
      name: call.name,
      arguments: call.arguments,
      format: call.format,
      span: call.span,
      repairs: call.repairs,
      validated: false,
    });
  }

  const resolved = registry.resolve(call.name);
  if (resolved === undefined) {
    return rejectCall(
      state,
      'unknown-tool',
      unknownToolEnvelope(call.name, closestNames(call.name, registry.names())),
    );
  }
  const { tool } = resolved;
  state.tool = tool.name;
  state.nameMatch = resolved.match;
  state.schemaVersion = tool.schemaVersion;
  const repairs = call.repairs.slice();
  if (resolved.match !== 'exact') {
    repairs.push({
      kind: 'name-normalized',
      offset: call.span.start,
      detail: `${JSON.stringify(call.name)} → ${JSON.stringify(tool.name)} (${resolved.match})`,
    });
  }

  const checked = tool.validator.validate(call.arguments, call.span.start);
  if (!checked.ok) {
    state.validation = { status: 'fail', reason: describeFailure(checked.errors) };
    return rejectCall(
      state,
      'schema-violation',
      validationEnvelope(tool.name, checked.errors),
      repairs.slice(call.repairs.length),
    );
  }
  state.validation = PASSED;
  appendAll(repairs, checked.repairs);

  const sanitized = sanitize(tool, checked.value, call.span.start);
  if (!sanitized.ok)
    return rejectCall(state, 'sanitization', sanitizationEnvelope(tool.name, sanitized.refusal));
  appendAll(repairs, sanitized.repairs);

  const accepted: ToolCall = {
    id,
    name: tool.name,
    arguments: sanitized.value,
    format: call.format,
    span: call.span,
    repairs,
    validated: true,
    nameMatch: resolved.match,
    schemaVersion: tool.schemaVersion,
  };
  if (sanitized.flags.length > 0) accepted.flags = sanitized.flags;
  return finishCall(state, settings, context, accepted);
}

/** The call being decided and what its verdict reports, filled in as it climbs the ladder. */
interface VerdictState {
  readonly call: GateCall;
  readonly id: string;
  /** The name as written, `undefined` when empty. */
  readonly written: string | undefined;
  /** The allowlisted tool's name, once the name resolved. */
  tool: string | undefined;
  nameMatch: NameMatch;
  schemaVersion: string | undefined;
  validation: CallVerdict['validation'];
}

// Shared, never mutated: a verdict only replaces its `validation`, and the record copies the status.
const SKIPPED: CallVerdict['validation'] = Object.freeze({ status: 'skipped' });
const PASSED: CallVerdict['validation'] = Object.freeze({ status: 'pass' });

/** A rejection verdict: the call's repairs, then `extra` (repairs made on the way). */
function rejectCall(
  state: VerdictState,
  reason: RejectionReason,
  envelope: RejectedCall['envelope'],
  extra?: Repair[],
): CallVerdict {
  const { call, id, written } = state;
  const rejection: RejectedCall = {
    id,
    format: call.format,
    span: call.span,
    reason,
    envelope,
    repairs: extra === undefined ? call.repairs.slice() : [...call.repairs, ...extra],
    arguments: call.arguments,
  };
  if (written !== undefined) rejection.name = written;
  return {
    accepted: false,
    rejection,
    id,
    // Telemetry names the tool the call resolved to, or a bounded quote of what the model wrote:
    // an unknown name is model text, as long as the call, kept by metrics and tracing.
    tool: state.tool ?? (written === undefined ? undefined : clip(written)),
    nameMatch: state.nameMatch,
    schemaVersion: state.schemaVersion,
    validation: state.validation,
  };
}

/** The last rung: the caller's check, then the accepted verdict. */
function finishCall(
  state: VerdictState,
  settings: GateSettings,
  context: unknown,
  candidate: ToolCall,
): CallVerdict {
  const refusal = runCheck(settings.checkArguments, candidate, context);
  if (refusal === 'hook-failed')
    return rejectCall(state, 'hook-failed', hookFailedEnvelope(candidate.name));
  if (refusal !== undefined) {
    return rejectCall(
      state,
      'check-failed',
      validationEnvelope(candidate.name, [refusal], refusal.hint),
    );
  }
  return {
    accepted: true,
    call: candidate,
    id: state.id,
    tool: candidate.name,
    nameMatch: state.nameMatch,
    schemaVersion: state.schemaVersion,
    validation: state.validation,
  };
}

// Read only (spread into the call's repairs, length checked): no arrays made for a tool without a profile.
const NO_REPAIRS: Repair[] = [];
const NO_FLAGS: CallFlag[] = [];

/** Applies the tool's profile, then validates again when it changed anything (fail closed). */
function sanitize(
  tool: PinnedTool,
  value: Record<string, unknown>,
  offset: number,
):
  | { ok: true; value: Record<string, unknown>; repairs: Repair[]; flags: CallFlag[] }
  | { ok: false; refusal: FieldError } {
  if (tool.profile === undefined) return { ok: true, value, repairs: NO_REPAIRS, flags: NO_FLAGS };
  const outcome = sanitizeArguments(value, tool.profile, offset);
  if (!outcome.ok || outcome.repairs.length === 0) return outcome;
  const again = tool.validator.validate(outcome.value, offset);
  if (!again.ok) {
    const first = again.errors[0] as FieldError;
    return { ok: false, refusal: { ...first, expected: `${first.expected} (after sanitization)` } };
  }
  return outcome;
}

/**
 * Runs the caller's hook on a frozen copy; a throw or a promise means `hook-failed`. A promise is
 * dropped, so it gets a rejection handler: an async hook that rejects must not crash the process.
 */
function runCheck(
  check: ArgumentCheck | undefined,
  call: ToolCall,
  context: unknown,
): (FieldError & { hint?: string }) | 'hook-failed' | undefined {
  if (check === undefined) return undefined;
  let answer: unknown;
  try {
    // A copy, frozen: the hook may read the call but never change what runs. Reading the verdict
    // is inside the try too: a getter or a Proxy in it may throw.
    answer = check(deepFreeze(cloneJson(call)), context);
    const verdict = readVerdict(answer as ArgumentVerdict);
    if (verdict === 'hook-failed') ignoreRejection(answer);
    return verdict;
  } catch {
    ignoreRejection(answer);
    return 'hook-failed';
  }
}

/** What a hook's answer means: pass, a refusal, or `hook-failed` for a promise. */
function readVerdict(
  verdict: ArgumentVerdict,
): (FieldError & { hint?: string }) | 'hook-failed' | undefined {
  if (verdict === undefined || verdict === true) return undefined;
  if (verdict === false)
    return {
      field: '',
      expected: 'arguments this session allows',
      received: 'arguments refused by the session check',
    };
  if (typeof verdict === 'string')
    return { field: '', expected: verdict, received: 'arguments refused by the session check' };
  if (
    typeof verdict === 'object' &&
    verdict !== null &&
    typeof (verdict as { then?: unknown }).then !== 'function'
  ) {
    const refusal: FieldError & { hint?: string } = {
      field: verdict.field ?? '',
      expected: verdict.expected ?? 'arguments this session allows',
      received: verdict.received ?? 'arguments refused by the session check',
    };
    if (verdict.hint !== undefined) refusal.hint = verdict.hint;
    return refusal;
  }
  // A promise (an async hook) cannot be awaited by a synchronous parse: fail closed.
  return 'hook-failed';
}

function describeFailure(errors: readonly FieldError[]): string {
  const first = errors[0];
  return first === undefined
    ? 'invalid arguments'
    : `${first.field || '/'}: expected ${first.expected}, received ${first.received}`;
}

/** The first repair of a call that stands in for a value the model did not write, if any. */
function inventedValue(repairs: readonly Repair[]): Repair | undefined {
  // Most calls have no repairs at all.
  if (repairs.length === 0) return undefined;
  return repairs.find((repair) => INVENTING_REPAIRS.has(repair.kind));
}

/** Repairs that stand in a value for one the model did not write: a call holding one is refused. */
const INVENTING_REPAIRS: ReadonlySet<Repair['kind']> = new Set([
  'missing-value',
  'elided',
  'cut-off-number',
  'expression',
  'guessed-string-end',
]);

/** What the malformed envelope says of a repair that stood in a value. */
function inventedProblem(repair: Repair): string {
  switch (repair.kind) {
    case 'elided':
      return `"..." written in place of values (at offset ${repair.offset}); write every value out`;
    case 'cut-off-number':
      return `${repair.detail ?? 'a number is cut off'}; write the whole number`;
    case 'expression':
      return `${repair.detail ?? 'a function call'}, not a value; write the value itself`;
    case 'guessed-string-end':
      return `${repair.detail ?? 'a string is left open'}; write the whole string and close it`;
    default:
      return `${repair.detail ?? 'a value is missing'} (read as null); write every value`;
  }
}
