/**
 * Lowering shared by the syntaxes whose payload is JSON call objects between delimiters
 * (hermes, longcat, jamba, granite, ...): payload to values, values to calls.
 */
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { FormatContext, RawCall } from '../format.js';
import { markWithinDepth } from '../../pipeline/argument-depth.js';
import {
  isPlainObject,
  readCallObject,
  type CallFieldNames,
  COMMON_CALL_FIELDS,
} from './call-object.js';
import { itemComplete, readJsonPayload, splitRepairs } from './json-payload.js';
import { refusedByNames, refusedCall } from './refused-call.js';
import {
  afterFenceOpener,
  readJsonCallHead,
  readJsonListCallHead,
  readJsonListHeadNames,
} from '../../stream/call-head.js';
import {
  ARGUMENTS_NOT_JSON,
  limitPlainDepth,
  readPlainCall,
  type PlainCall,
} from './plain-call.js';
import { append } from '../../append.js';

/** A delimited JSON payload as a grammar found it. */
export interface JsonCallsSource {
  format: FormatId;
  /** The whole section (markers included). */
  span: Span;
  /** The payload between the markers. */
  payload: Span;
  /** False when the output ended before the closing marker. */
  closed: boolean;
  /** Read a top-level JSON list as several calls (granite, jamba, mistral). */
  unpackList?: boolean;
  /**
   * The payload's closing tag, set where a stream starts each call of the list from its head
   * (`Format.readNextCallHead`; those heads stop at the tag). The section's calls then begin
   * with the calls those heads name, in order, refused by name where the list cannot be read
   * call by call (see {@link readJsonListHeadNames}).
   */
  streamedList?: string;
  /**
   * The payload may open with a markdown fence that a stream's head reader passes (hermes):
   * the heads that name refused calls are read after it, where the stream read them.
   */
  fenced?: boolean;
  fields?: CallFieldNames;
  /**
   * The section's opening marker, which a model sometimes writes again inside the section (a
   * second `<tool_call>` for its next call, the first never closed): read as a bare value between
   * call objects, it is dropped with a repair rather than refused as a call that is no object,
   * whose envelope would ask the model to fix a call it never made.
   */
  opener?: string;
}

/** Calls read from a payload, and the issues met. */
export interface LoweredCalls {
  calls: RawCall[];
  issues: Issue[];
}

/**
 * Lowers a delimited JSON payload to calls.
 *
 * @param context - The output, schemas and limits.
 * @param source - Where the section and payload are.
 * @returns One call per call object; a payload that is not JSON gives a `malformed-tool-call` issue
 * (the section's text is still consumed: it was tool syntax, not content). A refused call object
 * whose name can be told is also a call, named, refused as `malformed` (see {@link refusedName}).
 */
export function lowerJsonCalls(context: FormatContext, source: JsonCallsSource): LoweredCalls {
  const plain =
    source.fields === undefined || source.fields === COMMON_CALL_FIELDS
      ? readPlainCall(context.text, source.payload.start, source.payload.end)
      : undefined;
  if (typeof plain === 'object') return lowerPlainCall(plain, context, source);
  // A call object that writes a key twice is refused: JSON.parse keeps the last value, another
  // reader (or a stream that announced the first name) the first (see src/json/repeated-keys.ts).
  const payload = readJsonPayload(context, source.payload.start, source.payload.end, {
    callObjects: 'calls',
    notNative: plain === ARGUMENTS_NOT_JSON,
  });
  // The names a stream may have started the list's calls by, read only where the reading below
  // may disagree with them (a list read natively, every item a call, agrees with its own text).
  let heads: readonly string[] | undefined;
  const headNames = (): readonly string[] => (heads ??= streamedHeads(context, source));
  if (!payload.ok) {
    const names = headNames();
    return names.length > 1
      ? refusedByNames(names, source.format, source.span, payloadRefusal(payload.issue))
      : refusedPayload(payload.issue, source, refusedName(context, source, true));
  }
  const endRepair = endRepairOf(source);
  const listed =
    source.unpackList === true && payload.values.length === 1 && Array.isArray(payload.values[0]);
  const values = listed ? (payload.values[0] as unknown[]) : payload.values;
  // Each call's part of the payload's repairs, where they can be told apart.
  const split = splitRepairs(payload, values.length);
  // Made at their first item (see append.ts).
  let calls: RawCall[] | undefined;
  let issues: Issue[] | undefined;
  // The arguments lie inside the payload, one level down at least: within maxDepth when the
  // payload is within one more. Noted only where the section check would otherwise walk them.
  const measured =
    payload.depthAtMost !== undefined && argumentsMeasured(payload.depthAtMost, context, source);
  // Repairs of stray openers dropped since the last call: they go to the call that follows.
  let dropped: Repair[] | undefined;
  const strays = countStrays(values, source.opener);
  // Values that are no object and name no tool (a payload of XML tags or prose read leniently, a
  // list of numbers) are refused once for the payload: one envelope per value, five for the five
  // lines of one `<function=...>` call, asked the model to fix calls it never wrote.
  let notObjectIssue = -1;
  let notObjectsAfter = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    // Only between calls: a payload of nothing else is still refused as one that holds no call.
    if (strays < values.length && value === source.opener) {
      const at = payload.itemStarts?.[index] ?? source.payload.start;
      // How the marker itself was read (an unquoted string) gives way to its being dropped; a
      // repair made after it, in the gap before the next call, is kept.
      const after = (split?.[index] ?? []).filter((repair) => repair.offset !== at);
      dropped = [
        ...(dropped ?? []),
        { kind: 'other', offset: at, detail: `stray ${source.opener} dropped` },
        ...after,
      ];
      continue;
    }
    const call = readCallObject(value, source.payload.start, source.fields ?? COMMON_CALL_FIELDS);
    if (!call.ok) {
      const name =
        index === 0
          ? refusedName(context, source, true, call.name)
          : (headNames()[index] ?? call.name);
      if (name !== undefined) {
        issues = append(issues, call.issue);
        calls = append(calls, refusedCall(name, source.format, source.span, call.issue));
      } else if (isPlainObject(value)) {
        issues = append(issues, call.issue);
      } else if (notObjectIssue === -1) {
        issues = append(issues, call.issue);
        notObjectIssue = issues.length - 1;
      } else {
        notObjectsAfter += 1;
      }
      continue;
    }
    const own = split?.[index] ?? payload.repairs;
    const raw: RawCall = {
      name: call.name,
      arguments: call.arguments,
      format: source.format,
      span: source.span,
      repairs: callRepairs(
        dropped === undefined ? own : [...dropped, ...own],
        call.repairs,
        endRepair,
      ),
      complete: itemComplete(payload, split?.[index], source.payload.end, source.closed),
    };
    if (call.id !== undefined) raw.id = call.id;
    // Arguments given as a JSON string were read apart from the payload, by their own limit.
    if (measured && call.repairs.length === 0) markWithinDepth(call.arguments);
    calls = append(calls, raw);
    dropped = undefined;
  }
  if (notObjectsAfter > 0 && issues !== undefined) {
    const first = issues[notObjectIssue] as Issue;
    const more =
      notObjectsAfter === 1
        ? 'nor is the value after it'
        : `nor are ${notObjectsAfter} values after it`;
    issues[notObjectIssue] = { ...first, message: `${first.message} (${more})` };
  }
  // Strays after the last call go to it.
  const last = calls?.[calls.length - 1];
  if (dropped !== undefined && last !== undefined) last.repairs = [...last.repairs, ...dropped];
  if (
    source.streamedList !== undefined &&
    (!listed || payload.repairs.length > 0 || issues !== undefined) &&
    !beginsWith(calls, headNames())
  ) {
    return refusedByNames(headNames(), source.format, source.span, unreadList(source));
  }
  return { calls: calls ?? [], issues: issues ?? [] };
}

/** How many of the values are the section's opener written again (none without an opener). */
function countStrays(values: readonly unknown[], opener: string | undefined): number {
  if (opener === undefined) return 0;
  let count = 0;
  for (const value of values) if (value === opener) count += 1;
  return count;
}

/**
 * The names {@link readJsonListHeadNames} reads in a streamed list's payload (none for other
 * payloads).
 */
function streamedHeads(context: FormatContext, source: JsonCallsSource): readonly string[] {
  if (source.streamedList === undefined) return NO_NAMES;
  const text = context.text.slice(0, source.payload.end);
  return readJsonListHeadNames(text, headStart(text, source), source.streamedList);
}

/** Where a stream reads the payload's first head: past a fence opening it, if `fenced`. */
function headStart(text: string, source: JsonCallsSource): number {
  const { start } = source.payload;
  if (source.fenced !== true) return start;
  const from = afterFenceOpener(text, start);
  return typeof from === 'number' ? from : start;
}

const NO_NAMES: readonly string[] = [];

/**
 * Whether the calls begin with calls named `names`, in order: what a stream that started them
 * from their heads promised. A lone head may also end as the section's refusal with no call.
 */
function beginsWith(calls: readonly RawCall[] | undefined, names: readonly string[]): boolean {
  if (calls === undefined) return names.length <= 1;
  for (let index = 0; index < names.length; index += 1) {
    if (calls[index]?.name !== names[index]) return false;
  }
  return true;
}

/** The issue of a streamed list whose calls, as read, are not the ones its heads name. */
function unreadList(source: JsonCallsSource): Issue {
  return {
    code: 'malformed-tool-call',
    message: 'the list of calls could not be read call by call',
    offset: source.payload.start,
  };
}

/**
 * The call of a payload {@link readPlainCall} read (the usual one), as the general reader lowers
 * it: no repairs, complete, its arguments' nesting bounded the same way (past the reader's limit,
 * the issue it gives).
 */
function lowerPlainCall(
  plain: PlainCall,
  context: FormatContext,
  source: JsonCallsSource,
): LoweredCalls {
  const tooDeepIssue = limitPlainDepth(plain, context, source.payload.start, source.payload.end);
  if (tooDeepIssue !== undefined) return refusedPayload(tooDeepIssue, source, plain.name);
  const call: RawCall = {
    name: plain.name,
    arguments: plain.arguments,
    format: source.format,
    span: source.span,
    repairs: callRepairs(NO_REPAIRS, NO_REPAIRS, endRepairOf(source)),
    complete: true,
  };
  return { calls: [call], issues: [] };
}

/**
 * Whether a payload's nesting bound, as its native reading measured it, keeps the arguments inside
 * within `maxDepth` (one level down at least), on a payload long enough for the section's check to
 * walk them otherwise.
 */
function argumentsMeasured(
  depthAtMost: number,
  context: FormatContext,
  source: JsonCallsSource,
): boolean {
  const { maxDepth } = context.limits;
  return depthAtMost <= maxDepth + 1 && source.payload.end - source.payload.start > maxDepth;
}

/** The repair of a section whose closing marker never came, or undefined. */
function endRepairOf(source: JsonCallsSource): Repair | undefined {
  return source.closed ? undefined : { kind: 'missing-end-marker', offset: source.span.end };
}

const NO_REPAIRS: readonly Repair[] = [];

/**
 * A call's repairs: the payload's, the call object's, then the missing end marker's. Each call
 * gets a list of its own; most have none, made without the spread of three empty lists (a
 * spread of an empty list costs as much as making one).
 */
function callRepairs(
  payload: readonly Repair[],
  call: readonly Repair[],
  end: Repair | undefined,
): Repair[] {
  if (payload.length === 0 && call.length === 0) return end === undefined ? [] : [end];
  const repairs = [...payload, ...call];
  if (end !== undefined) repairs.push(end);
  return repairs;
}

/**
 * A payload that gave no values: its issue, `too-deep` as it is, else a malformed call; and the
 * call it refuses, when its head named one.
 */
function refusedPayload(
  issue: Issue,
  source: JsonCallsSource,
  name: string | undefined,
): LoweredCalls {
  const refusal = payloadRefusal(issue);
  const calls = name === undefined ? [] : [refusedCall(name, source.format, source.span, refusal)];
  return { calls, issues: [refusal] };
}

/** A payload's issue as the refusal of its calls (see {@link payloadIssueCode}). */
function payloadRefusal(issue: Issue): Issue {
  return { ...issue, code: payloadIssueCode(issue) };
}

/**
 * The name a refused call object is rejected under, when one can be told. The first object's
 * is the name its head spells (`{"name": "f", "arguments": {` at the payload's start, the name as
 * first written), which is how a stream announced the call before the object was refused (a key
 * written twice, a second name, a stray key...): its rejection names that call, and the section's
 * first call is still the one the stream started (see `Format.readCallHead`). Later objects, and
 * a first one with no such head, use the name the object reading found, if any.
 *
 * @param context - The output.
 * @param source - Where the payload is.
 * @param first - The object is the payload's first value.
 * @param read - The name the call object reading found.
 * @returns The name, or undefined when the object names no tool it can be told by.
 */
function refusedName(
  context: FormatContext,
  source: JsonCallsSource,
  first: boolean,
  read?: string,
): string | undefined {
  if (first) {
    // Bounded by the payload's end: a head is never read across the section's closing marker.
    const text = context.text.slice(0, source.payload.end);
    const start = headStart(text, source);
    // A list of calls (jamba, granite's tagged form): its first object's head, after the `[`.
    const head =
      (source.unpackList === true ? readJsonListCallHead(text, start) : undefined) ??
      readJsonCallHead(text, start);
    if (typeof head === 'object') return head.name;
  }
  return read;
}

/**
 * The code of a payload's issue once it refuses a call: `too-deep` as it is, any other failure
 * to read the payload a malformed call (which the gate answers with an envelope).
 *
 * @param issue - The payload's issue.
 * @returns The issue code to report.
 * @example
 * ```ts
 * payloadIssueCode({ code: 'invalid-json', message: '...' }); // 'malformed-tool-call'
 * ```
 */
export function payloadIssueCode(issue: Issue): Issue['code'] {
  return issue.code === 'too-deep' ? 'too-deep' : 'malformed-tool-call';
}
