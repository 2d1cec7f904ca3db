/**
 * Phase 2 for a stream: the parser's gate, asked one call at a time for primary calls (their
 * verdict depends only on the call), one section at a time for sections that could not be read
 * (given the text around the issue, where the gate names the section's format), and once at the
 * end for fallback calls (the gate counts fallback candidates over the output, fail closed). Ids
 * are drawn in output order as the gate draws them (`src/policy/gate.ts`): a call's when it is
 * decided or kept, an unreadable section's when it closes, so a call started from its head whose
 * section then could not be read ends, right then, with the id it started with.
 */
import { claimOwnId } from '../ids.js';
import { issueKey, standsForUnreadSection } from '../policy/gate.js';
import type { ExtractedCall } from '../pipeline/extract.js';
import { isCallSeparator } from '../policy/candidates.js';
import type { Issue, RejectedCall, StreamEvent, ToolCall } from '../types.js';
import type { IdPool, Verdict } from './calls.js';

/** What the parser's gate returns for a batch. */
export interface GateBatch {
  calls: ToolCall[];
  rejected: RejectedCall[];
}

/**
 * The parser's gate over a batch, drawing generated ids from the function it was built with.
 * `text` may be a window of the output starting at absolute `textStart`.
 */
export type Decider = (input: {
  text: string;
  textStart?: number;
  calls: readonly ExtractedCall[];
  issues: readonly Issue[];
}) => GateBatch;

/** A stream's phase 2; see {@link createStreamPhase2}. */
export interface StreamPhase2 {
  /** Decides a primary call now. */
  decide(call: ExtractedCall): Verdict;
  /**
   * Keeps a fallback call for the end.
   *
   * @param call - The call.
   * @param sectionText - Its section's held text, starting at absolute `sectionStart`.
   * @param sectionStart - Where that text starts.
   */
  defer(call: ExtractedCall, sectionText: string, sectionStart: number): void;
  /** Sees output text (absolute `offset`): is there more than separators after a fallback call? */
  observe(text: string, offset: number): void;
  /**
   * True while {@link observe} has work (a fallback call was kept and only separators followed
   * it so far): the stream's per-push path reads this field rather than making the call.
   */
  readonly watching: boolean;
  /**
   * Counts a section's issues as the gate picks the sections it rejects.
   *
   * @param issues - The section's issues.
   * @param calls - The section's calls (an issue one of them carries is not a section's).
   * @param around - The output text around an offset, at its absolute offset (the gate names the
   * format of an unreadable section by the marker nearest before its issue).
   * @returns The issues to {@link reject} now, in output order, each where it stands among the
   * section's calls; the rare rest (after an issue without an offset) is decided at the end.
   */
  note(
    issues: readonly Issue[],
    calls: readonly ExtractedCall[],
    around: (offset: number) => { at: number; text: string },
  ): readonly (Issue & { offset: number })[];
  /**
   * Rejects an unreadable section that {@link note} returned: draws its id, asks the gate and
   * sends the end event.
   *
   * @param issue - The section's issue.
   * @param window - The output text around it, at its absolute offset.
   * @param eventId - The id of a call started from the section's head, whose end this is; else
   * the rejection's id.
   * @param out - The event goes here.
   */
  reject(
    issue: Issue & { offset: number },
    window: { at: number; text: string },
    eventId: string | undefined,
    out: StreamEvent[],
  ): void;
  /**
   * False once a call started from its head could not end as `parse` ends it should its section
   * turn out unreadable: the gate makes no rejection of sections past `maxCalls` of them, and after
   * a section whose issue has no offset it draws the ids of later sections after every call's.
   */
  readonly startsEarly: boolean;
  /** Decides what was kept and sends its events. */
  finish(index: number, out: StreamEvent[]): void;
  /**
   * The stream stopped reading (the output outgrew `maxOutputSize`): forgets what it kept for
   * the end, which will not come.
   */
  abandon(): void;
}

/**
 * Creates a stream's phase 2.
 *
 * @param createDecider - Builds the parser's gate over an id source.
 * @param ids - The stream's id pool.
 * @returns The stream's phase 2.
 * @example
 * ```ts
 * const phase2 = createStreamPhase2((createId) => (input) => gate(input, createId), ids);
 * phase2.decide(call); // { accepted: true, call: { id: 'call_0', ... } }
 * ```
 */
export function createStreamPhase2(
  createDecider: (createId: () => string) => Decider,
  ids: IdPool,
  maxCalls: number,
): StreamPhase2 {
  // Ids taken, in output order, for fallback calls without one of their own, which the gate
  // decides at the end. Parse draws every id in output order, so a call after one of these takes
  // the id after it; the gate's batch at the end draws them in the same order, from
  // `reservedNext` on.
  const reserved: string[] = [];
  let reservedNext = 0;
  let finishing = false;
  const decider = createDecider(() =>
    finishing && reservedNext < reserved.length ? (reserved[reservedNext++] as string) : ids.take(),
  );
  // Fallback calls kept for the end, whether only separators precede each since the last, and the
  // id reserved for one without its own.
  const deferred: { call: ExtractedCall; joins: boolean; id: string | undefined }[] = [];
  // Unreadable sections the gate will reject so far (it rejects the first `maxCalls`).
  let rejectedSections = 0;
  // An issue without an offset will be rejected: the gate draws its id after every call's, so it
  // and every later section are decided at the end.
  let drawAtEnd = false;
  // After the last deferred call: from where, and the first unit that is not a separator.
  let gapFrom = -1;
  let gapText = -1;
  // Sections decided at the end (after an issue without an offset), with the text around each;
  // and the keys of issues calls already carry.
  const issues: Issue[] = [];
  const pieces: { at: number; text: string }[] = [];
  const carried = new Set<string>();

  /** Notes the first unit after the last deferred call that is not a separator, if in `text`. */
  function watchGap(text: string, offset: number): void {
    for (let index = Math.max(0, gapFrom - offset); index < text.length; index += 1) {
      if (!isCallSeparator(text.charCodeAt(index))) {
        gapText = offset + index;
        phase2.watching = false;
        return;
      }
    }
  }

  const phase2 = {
    watching: false,
    startsEarly: true,
    decide(call: ExtractedCall): Verdict {
      const batch = decider({ text: '', calls: [claimOwnId(call, ids.own)], issues: [] });
      const accepted = batch.calls[0];
      if (accepted !== undefined) return { accepted: true, call: accepted };
      return { accepted: false, rejection: batch.rejected[0] as RejectedCall };
    },
    defer(call: ExtractedCall, sectionText: string, sectionStart: number): void {
      this.observe(sectionText, sectionStart);
      const joins = gapFrom !== -1 && (gapText === -1 || gapText >= call.span.start);
      // Claimed now, in output order: parse claims a fallback call's id among the primary ones,
      // and draws one for a call without its own there too.
      const id = call.id === undefined ? ids.take() : undefined;
      deferred.push({ call: claimOwnId(call, ids.own), joins, id });
      if (id !== undefined) reserved.push(id);
      gapFrom = call.span.end;
      gapText = -1;
      phase2.watching = true;
      this.observe(sectionText, sectionStart);
    },
    observe(text: string, offset: number): void {
      if (phase2.watching) watchGap(text, offset);
    },
    note(
      sectionIssues: readonly Issue[],
      calls: readonly ExtractedCall[],
      around: (offset: number) => { at: number; text: string },
    ): readonly (Issue & { offset: number })[] {
      for (const call of calls)
        if (call.malformed !== undefined) carried.add(issueKey(call.malformed));
      let rejectedNow: (Issue & { offset: number })[] | undefined;
      for (const issue of sectionIssues) {
        // As the gate picks the sections it rejects (`unreadSections`).
        if (!standsForUnreadSection(issue, carried) || rejectedSections >= maxCalls) continue;
        rejectedSections += 1;
        if (issue.offset === undefined) drawAtEnd = true;
        if (!drawAtEnd) {
          (rejectedNow ??= []).push(issue as Issue & { offset: number });
          continue;
        }
        issues.push(issue);
        if (issue.offset !== undefined) pieces.push(around(issue.offset));
      }
      phase2.startsEarly = rejectedSections < maxCalls && !drawAtEnd;
      return rejectedNow ?? NO_ISSUES;
    },
    reject(
      issue: Issue & { offset: number },
      window: { at: number; text: string },
      eventId: string | undefined,
      out: StreamEvent[],
    ): void {
      // The gate draws the section's id now, where it stands among the calls.
      const batch = decider({
        text: window.text,
        textStart: window.at,
        calls: [],
        issues: [issue],
      });
      // The gate rejects every section handed to it alone (one issue, within `maxCalls`).
      const rejection = batch.rejected[0] as RejectedCall;
      out.push({ type: 'tool-call-end', id: eventId ?? rejection.id ?? '', rejection });
    },
    abandon(): void {
      deferred.length = 0;
      reserved.length = 0;
      issues.length = 0;
      pieces.length = 0;
    },
    finish(index: number, out: StreamEvent[]): void {
      const readable = issues.filter((issue) => !carried.has(issueKey(issue)));
      if (deferred.length === 0 && readable.length === 0) return;
      finishing = true;
      const batch = decider({
        text: standInText(deferred, pieces),
        calls: deferred.map((entry) => entry.call),
        issues: readable,
      });
      finishing = false;
      let next = index;
      for (const { call, id: reservedId } of deferred) {
        const id = call.id ?? reservedId;
        const accepted = batch.calls.find((candidate) => candidate.id === id);
        const rejection = batch.rejected.find((candidate) => candidate.id === id);
        const argumentsValue = accepted?.arguments ?? call.arguments;
        const eventId = id ?? '';
        out.push({ type: 'tool-call-start', id: eventId, index: next++, name: call.name });
        out.push({
          type: 'tool-call-delta',
          id: eventId,
          argumentsDelta: JSON.stringify(argumentsValue),
        });
        if (accepted !== undefined)
          out.push({ type: 'tool-call-end', id: eventId, call: accepted });
        else if (rejection !== undefined)
          out.push({ type: 'tool-call-end', id: eventId, rejection });
      }
      // Sections that could not be read: a rejection without a call to start.
      const own = new Set(deferred.map(({ call, id }) => call.id ?? id));
      for (const rejection of batch.rejected) {
        if (rejection.id !== undefined && own.has(rejection.id)) continue;
        out.push({ type: 'tool-call-end', id: rejection.id ?? '', rejection });
      }
    },
  };
  return phase2;
}

const NO_ISSUES: readonly (Issue & { offset: number })[] = [];

/**
 * A stand-in for the output, as far as the gate reads it: the text around unreadable sections
 * (where it names their format), and between fallback calls only whether they join (only
 * separators between them, which the stream watched for as the text went by).
 */
function standInText(
  deferred: readonly { call: ExtractedCall; joins: boolean }[],
  pieces: readonly { at: number; text: string }[],
): string {
  const all = [...pieces];
  for (let index = 1; index < deferred.length; index += 1) {
    const previous = deferred[index - 1];
    const current = deferred[index];
    if (previous === undefined || current === undefined || current.joins) continue;
    if (previous.call.span.end < current.call.span.start)
      all.push({ at: previous.call.span.end, text: 'x' });
  }
  all.sort((left, right) => left.at - right.at);
  const parts: string[] = [];
  let length = 0;
  for (const piece of all) {
    if (piece.at + piece.text.length <= length) continue;
    if (piece.at > length) parts.push(' '.repeat(piece.at - length));
    const from = Math.max(0, length - piece.at);
    parts.push(piece.text.slice(from));
    length = piece.at + piece.text.length;
  }
  const end = deferred.reduce((last, { call }) => Math.max(last, call.span.end), 0);
  if (end > length) parts.push(' '.repeat(end - length));
  return parts.join('');
}
