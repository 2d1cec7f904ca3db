/**
 * One open section of a stream: the text held from its marker, when to run its formats'
 * grammars (an end marker arrived, or a geometric retry schedule for formats without hints), the
 * call started early from its head, and the events it gives once its answer is final.
 */
import {
  endMarkersAt,
  type CallHead,
  type Format,
  type PreviousCall,
  type TextHead,
} from '../formats/format.js';
import { skipBlanks } from '../formats/shared/blanks.js';
import { extractedCall, type ExtractedCall } from '../pipeline/extract.js';
import { sectionText } from '../pipeline/reasoning.js';
import type { CallFormat, StreamEvent } from '../types.js';
import { issuePosition } from '../policy/gate.js';
import {
  abandonCall,
  emitCall,
  extendCall,
  feedCall,
  startCall,
  type IdPool,
  type StartedCall,
} from './calls.js';
import { createFinder, type Finder } from './finder.js';
import { HEAD_LIMIT } from './call-head.js';
import { createHeldText, type HeldText } from './held-text.js';
import { createSectionTextWriter, type SectionTextWriter } from './section-text.js';
import type { StreamPhase2 } from './phase2.js';
import {
  decideSection,
  marginEnd,
  type Placement,
  type SectionDecision,
  type SectionQuery,
  type SectionSettings,
} from './section.js';
import type { StreamEngine } from './stream-parser.js';

/** How the stream continues after a section. */
export interface SectionOutcome {
  /**
   * True when the call limit was reached or the section ended the turn (`Section.endsOutput`):
   * the batch scan stops reading there.
   */
  stop: boolean;
  /** Held text after the section, to scan as content. */
  rest: string;
  /** Absolute offset of `rest[0]`. */
  restStart: number;
  /** The batch cursor after the section. */
  cursor: number;
  /** The tail of the text the section consumed (what precedes the next section). */
  consumed: string;
  /** Everything the section held, from its marker on. */
  held: string;
  /** True when a format read a section at the marker (false: the marker is ordinary text). */
  claimed: boolean;
  /** The section's `dropsTextUntil`: the text after it is dropped up to this marker. */
  dropsTextUntil?: string;
}

/** An open section; see {@link createSectionState}. */
export interface SectionState {
  /**
   * Holds the next delta and streams the started call's arguments. The argument delta event is
   * returned, not pushed: the stream's hot path returns it in a one-element array literal, much
   * cheaper than growing an empty array by a push. Other events (a call started from its head)
   * go to `out`, and come before the returned one.
   *
   * @returns The started call's argument delta event, if one became certain.
   */
  append(delta: string, out: StreamEvent[]): StreamEvent | undefined;
  /**
   * Whether {@link settle} has work: an end marker arrived or a scheduled retry is due (when
   * false, settling now would give `undefined`, so the stream skips it).
   */
  due(): boolean;
  /**
   * The held length from which {@link due} is true (0 once an end marker arrived; a length no
   * text reaches when nothing is scheduled): a field, so that the stream's per-push path asks
   * without a call.
   */
  readonly dueAt: number;
  /** Runs the grammars if it is time; the outcome once the section's answer is final. */
  settle(final: boolean, out: StreamEvent[]): SectionOutcome | undefined;
  /** The text held from the marker on (its `length` is the units held, read without a call). */
  readonly held: HeldText;
  /** The calls started from their heads and not ended yet, in order (for a stream that stops). */
  openCalls(): readonly StartedCall[];
  /** The format of the section's first candidate, which names it when no call was started. */
  format(): CallFormat;
}

/** What a section starts from. */
export interface SectionSetup {
  /** Absolute offset of the marker. */
  start: number;
  /** The text held so far, from the marker on. */
  initial: string;
  markerLength: number;
  /** Candidate formats, in priority order. */
  formats: readonly Format[];
  placement: Placement;
  engine: StreamEngine;
  ids: IdPool;
  phase2: StreamPhase2;
  /**
   * Output just before the marker: all of it, or at least its last {@link LOOK_BEHIND} units
   * (only those are read).
   */
  before: string;
  /** Calls read, start events sent and sections claimed so far, shared with the stream. */
  counters: { calls: number; index: number; sections: number };
  /** One object per stream: formats key what they remember about the output by it. */
  outputKey: object;
}

/** How far before an issue the gate looks for the marker that opened its section. */
export const LOOK_BEHIND = 256;

/** Retry growth for formats without end markers: total grammar work stays within ~3x the text. */
const GROWTH = 1.5;
/** Smallest growth between retries, so tiny sections are not retried on every unit. */
const MIN_STEP = 32;
/**
 * Runs of the grammars a section gets, one per delta holding a unit that is not blank, once its
 * last call started from a head is written whole, where no end marker or trailing end token will
 * ask for them: the units that then close the section (the call object's `}`, a list's `]`, the
 * first unit after the object that does not start its trailer) come within these, and a section
 * that says it is closed (`Section.open`) settles in the push that closes it rather than when its
 * text has grown by half again. At most these per section: a constant factor of work.
 */
const EAGER_RUNS = 3;

/** A unit that is no part of a name or word (see `declineOn`). */
const ENDS_A_NAME = /[^\w.-]/;
/**
 * A `dueAt` no held text reaches (a V8 string holds at most 2^29 units), kept a small integer so
 * that the field stays one.
 */
const NEVER = 2 ** 30 - 1;
/**
 * How much text after a call a next head is first read on: a head's own reach (`HEAD_LIMIT`)
 * and as much again for what may come before it (deepseek_v3's stray text before its token).
 */
const NEXT_HEAD_WINDOW = 2 * HEAD_LIMIT;

/**
 * Opens a section at a marker.
 *
 * @param setup - Where it starts, its candidates and the stream's shared state.
 * @returns The section state.
 * @example
 * ```ts
 * const state = createSectionState({ start: 0, initial: '<tool_call>', markerLength: 11, ... });
 * state.append('{"name":"f","arguments":{}}</tool_call>', out);
 * state.settle(false, out); // { stop: false, rest: '', restStart: 50, cursor: 50, claimed: true, ... }
 * ```
 */
export function createSectionState(setup: SectionSetup): SectionState {
  return new OpenSection(setup);
}

/**
 * A class, not a closure over the section's variables: a flood of markers opens a section at
 * each, and the closures (eight functions and their context per section) were most of what a
 * section cost to open, and most of the garbage such a stream made.
 */
class OpenSection implements SectionState {
  dueAt = NEVER;
  readonly held: HeldText;
  // The formats that may still read the section: the setup's, less those whose `mayOpen` turned
  // down the first unit after the marker once it arrived.
  private candidates: readonly Format[];
  // The first unit after the marker is still to come and some candidate may turn it down.
  private narrowing: boolean;
  // Every candidate can prove that it reads nothing here (`Format.declines`): asked on deltas
  // that may settle it (see declineOn) until it proves so or the held text passes a head's reach.
  private declining = false;
  // Finds end markers in new text only; absent when no candidate promises any, and dropped after
  // the first one when some candidate promises none (the schedule runs the grammars then).
  private endFinder: Finder | undefined = undefined;
  // The unit every end marker starts with (hermes: `<`), or -1 when they differ or are absent.
  private endStart = -1;
  // The end finder has no partial match and all end markers start with `endStart`: a one-unit
  // delta of another unit cannot start or continue one, and is not fed to it. Tested before the
  // call: called on every one-unit push, the finder cost a sixth of a long call's pushes, though
  // it then only looked the unit up in a table: the calls cost, not the lookup.
  private endsIdle = false;
  // An end marker arrived since the grammars last ran.
  private endSeen = false;
  // Eager runs left (see EAGER_RUNS), -1 before the section's last started call was written whole.
  private eagerRuns = -1;
  // A delta with a unit that is not blank arrived while eager runs were left.
  private eagerDue = false;
  // The format of the call started last.
  private startedFormat: Format | undefined = undefined;
  // The end finder has not read the text the section started with yet (see the constructor).
  private endsUnfed = false;
  // Retry on a schedule: from the start when some candidate promises no end markers, else after an
  // undecided answer read at one.
  private scheduled = false;
  // Held length at which the next scheduled retry runs.
  private nextAttempt = 0;
  // 'wait' while the head may still come (some candidate reads heads, see resolveHead); undefined
  // once it came or never will.
  private headState: 'wait' | undefined = undefined;
  // The last guessed answer and the held length it was read on, confirmed by a later attempt.
  private lastGuess: { key: string; length: number } | undefined = undefined;
  // The call started from its head whose arguments are being written, until its writer is done
  // (when its format reads the next head) or the section's calls are known.
  private started: StartedCall | undefined = undefined;
  // Calls started before it whose arguments were written whole, in order (see readNextCallHead).
  private written: StartedCall[] | undefined = undefined;
  // Their ids, and how many had none of their own: counted as they come, since a section may
  // hold thousands of calls (with maxCalls raised) and each new head asks.
  private writtenIds: Set<string> | undefined = undefined;
  private writtenWithoutOwnId = 0;
  // The format that reads the next call's head once the started call is written; undefined when
  // the section's later calls come whole.
  private chain: Format | undefined = undefined;
  // Where the awaited head is read from: -1 for the section's first, else where the previous
  // call's arguments ended.
  private nextFrom = -1;
  // The section's text up to its first call's arguments, once that call started.
  private opening = '';
  // What the awaited head after a call written whole is read with (see readNextCallHead).
  private previous: PreviousCall | undefined = undefined;
  // 'wait' while the section's text head may still come (some candidate reads text heads, see
  // resolveTextHead); undefined once it came or never will.
  private textHeadState: 'wait' | undefined = undefined;
  // The section's text, sent as it is written once its head came, and which event carries it.
  private text: { writer: SectionTextWriter; type: 'text-delta' | 'reasoning-delta' } | undefined =
    undefined;

  constructor(private readonly setup: SectionSetup) {
    const { formats, markerLength, initial } = setup;
    this.held = createHeldText(initial);
    this.candidates = formats;
    this.narrowing = formats.some((format) => format.mayOpen !== undefined);
    this.useCandidates(formats);
    // The end finder reads the text held at the start when the section is first asked (the first
    // append or settle): a section read at the output's end needs no end marker, and at the end a
    // stream hands the rest of its text to each of a run of sections that turn out to be none.
    this.endsUnfed = true;
    this.endsIdle = false;
    if (this.narrowing) this.narrow(initial.slice(markerLength));
    if (this.declining) this.declineOn(initial);
  }

  append(delta: string, out: StreamEvent[]): StreamEvent | undefined {
    // Most deltas inside a call are one unit: its code is read once, here, for all three readers.
    const unit = delta.length === 1 ? delta.charCodeAt(0) : -1;
    if (!this.endsIdle || unit === -1 || unit === this.endStart) {
      this.feedEnds(delta, this.setup.start + this.held.length);
    }
    if (unit === -1) this.held.append(delta);
    else this.held.appendUnit(unit, delta);
    if (this.narrowing) this.narrow(delta);
    if (this.declining) this.declineOn(delta);
    const started = this.started;
    if (started !== undefined) {
      const event = extendCall(started, delta, unit);
      if (started.writer.state !== 'done') return event;
      // Out of line: the per-unit path stays small enough for V8 to inline into the push.
      return this.afterWritten(event, delta, out);
    }
    if (this.eagerRuns > 0) this.eagerOn(delta);
    this.headMayEnd(delta, out);
    const text = this.text;
    if (text !== undefined) pushText(out, text.type, text.writer.write(delta));
    else if (this.textHeadState === 'wait' && delta.includes('>')) this.tryTextHead(out);
    return undefined;
  }

  /**
   * A delta after the started call's arguments were written whole: the next head is read (a
   * format that reads them), or, the section's only started call written, its close awaited.
   */
  private afterWritten(
    event: StreamEvent | undefined,
    delta: string,
    out: StreamEvent[],
  ): StreamEvent | undefined {
    if (this.chain !== undefined) {
      this.callWritten(event, out);
      return undefined;
    }
    if (this.eagerRuns === -1) this.lastCallWritten(this.startedFormat as Format);
    else if (this.eagerRuns > 0) this.eagerOn(delta);
    return event;
  }

  /** A delta while eager runs are left: one that is not blank makes the grammars due. */
  private eagerOn(delta: string): void {
    if (!this.eagerDue && skipBlanks(delta, 0) < delta.length) this.runEagerly();
  }

  /**
   * Reads the section's text head (it ends at a tag's `>`, harmony's `<|message|>`) and sends
   * the text held after it.
   */
  private tryTextHead(out: StreamEvent[]): void {
    const { held, setup } = this;
    const resolved = resolveTextHead(this.candidates, held.text());
    if (resolved === 'wait') return;
    this.textHeadState = undefined;
    if (resolved === undefined) return;
    const { format, head } = resolved;
    const { plan } = setup.engine.settings;
    // Reasoning kept in content is the section's text as written, tokens included (sectionText).
    if (!plan.primary.has(format) || (head.kind === 'reasoning' && plan.reasoningInContent)) {
      return;
    }
    const writer = createSectionTextWriter(head.stops);
    this.text = { writer, type: head.kind === 'content' ? 'text-delta' : 'reasoning-delta' };
    pushText(out, this.text.type, writer.write(held.slice(head.start, held.length)));
  }

  /**
   * The started call's arguments were written whole and its format reads the next call's head:
   * its last delta goes out first, then the next head is read from where its arguments ended
   * (the rest of this delta may hold it).
   */
  private callWritten(event: StreamEvent | undefined, out: StreamEvent[]): void {
    if (event !== undefined) out.push(event);
    this.awaitNext();
    this.tryHead(out);
  }

  /** Moves the started call, written whole, to the written ones and awaits the next head. */
  private awaitNext(): void {
    const call = this.started as StartedCall;
    this.started = undefined;
    (this.written ??= []).push(call);
    (this.writtenIds ??= new Set()).add(call.id);
    if (call.ownId === undefined) this.writtenWithoutOwnId += 1;
    this.nextFrom = call.rawStart + (call.writer.readLength as number);
    // Joined once per call: the head after it may be read again on many pushes.
    this.previous = {
      arguments: this.held.slice(call.rawStart, this.nextFrom),
      opening: this.opening,
    };
    this.headState = 'wait';
  }

  /**
   * Reads the head again where a delta may have completed it. A head ends at the `{` opening its
   * arguments, at a tag's `>` (`<function=NAME>`, glm45's `<arg_key>`) or at a Python call's `(`
   * (lfm2), and a head or a
   * refusal, once read, stays (see `Format.readCallHead`): a delta without either can at most
   * make a refusal readable, which sends nothing, so the head is not read again on it (each read
   * rereads the text).
   */
  private headMayEnd(delta: string, out: StreamEvent[]): void {
    if (
      this.headState === 'wait' &&
      (delta.includes('{') ||
        delta.includes('>') ||
        delta.includes('(') ||
        this.refusalMatters(delta))
    ) {
      this.tryHead(out);
    }
  }

  /**
   * After a call written whole, in a section no end marker settles: a `]` may close the list,
   * showing that no call follows, which begins the eager runs (see EAGER_RUNS), so the head is
   * read again on it too (on that unit only: reading it on every unit between two calls cost
   * more than the calls).
   */
  private refusalMatters(delta: string): boolean {
    return this.chain !== undefined && this.scheduled && delta.includes(']');
  }

  due(): boolean {
    // settle would try the head again on the same text, with the same answer.
    return this.held.length >= this.dueAt;
  }

  settle(final: boolean, out: StreamEvent[]): SectionOutcome | undefined {
    const { setup, held } = this;
    const { start, counters, phase2, ids } = setup;
    const { plan } = setup.engine.settings;
    if (!final) {
      if (this.endsUnfed) this.feedInitial();
      this.tryHead(out);
      // Once as the section opens too: a head that is the marker itself (command_r7b's blocks).
      if (this.textHeadState === 'wait') this.tryTextHead(out);
      const due =
        this.endSeen || this.eagerDue || (this.scheduled && held.length >= this.nextAttempt);
      if (!due) return undefined;
      if (this.eagerDue) this.eagerRuns -= 1;
    }
    this.endSeen = false;
    this.eagerDue = false;
    this.noteDue();
    const text = held.text();
    const query: SectionQuery = {
      text,
      base: start,
      markerLength: setup.markerLength,
      formats: this.candidates,
      placement: setup.placement,
      final,
      outputKey: setup.outputKey,
    };
    const decision = decideSection(query, setup.engine.settings);
    if (decision.kind !== 'wait' && decision.guessed) {
      // Trusted only when an attempt on markedly shorter text gave the same answer.
      const key = guessKey(decision);
      const last = this.lastGuess;
      let same = last !== undefined && last.key === key && last.length * GROWTH <= held.length;
      // Text already held well past the section (the rest of an earlier one, as in a run of
      // markers) is read shorter now, as if it had arrived in smaller pieces, rather than held
      // until it grows by half again: waiting, such a run was held whole to the end.
      if (!same && decision.kind === 'claimed') {
        const shorter = Math.floor(held.length / GROWTH);
        if (shorter >= marginEnd(text, decision.section.end - start, plan)) {
          const earlier = { ...query, text: text.slice(0, shorter) };
          same = guessKey(decideSection(earlier, setup.engine.settings)) === key;
        }
      }
      if (!same) {
        this.lastGuess = { key, length: held.length };
        this.retryLater();
        return undefined;
      }
    }
    if (decision.kind === 'wait') {
      this.retryLater();
      return undefined;
    }
    const pending = this.openCalls();
    if (decision.kind === 'unclaimed') {
      for (const call of pending) abandonCall(call, { start, end: start + 1 }, out);
      pushText(out, 'text-delta', text.slice(0, 1));
      return {
        stop: false,
        rest: text.slice(1),
        restStart: start + 1,
        cursor: start + 1,
        consumed: text.slice(0, 1),
        held: text,
        claimed: false,
      };
    }
    const { section, format, intent } = decision;
    pushText(out, 'text-delta', text.slice(0, Math.max(0, section.start - start)));
    const written = sectionText(
      section,
      () => text.slice(section.start - start, section.end - start),
      plan.reasoningInContent === true,
    );
    // What the text head sent of the section's text (the head promised it is its start).
    const sentText = this.text?.writer.sent ?? 0;
    const sentContent = this.text?.type === 'text-delta' ? sentText : 0;
    const sentReasoning = this.text?.type === 'reasoning-delta' ? sentText : 0;
    pushText(out, 'text-delta', written.content.slice(sentContent));
    pushText(out, 'reasoning-delta', written.reasoning.slice(sentReasoning));
    // The next started call a section call or rejection ends.
    let next = 0;
    const calls: ExtractedCall[] = [];
    let stop = false;
    for (const raw of section.calls) {
      if (counters.calls >= plan.maxCalls) {
        section.issues.push({
          code: 'too-many-calls',
          message: `more than ${plan.maxCalls} tool calls in one output; the rest were not read`,
          offset: raw.span.start,
        });
        stop = true;
        break;
      }
      counters.calls += 1;
      calls.push(extractedCall(raw, !plan.primary.has(format), intent));
    }
    const around = (offset: number): { at: number; text: string } => {
      const from = Math.max(start - setup.before.length, offset - LOOK_BEHIND);
      // Sliced before joining: the held text may be the rest of a long output, and joining it
      // whole for every issue copied all of it each time.
      const before = from < start ? setup.before.slice(from - (start - setup.before.length)) : '';
      return {
        at: from,
        text: before + text.slice(Math.max(0, from - start), offset + 64 - start),
      };
    };
    const rejectedSections = phase2.note(section.issues, calls, around);
    // Each id drawn where its call or section stands, as the gate draws them (see phase2.ts).
    let nextSection = 0;
    for (const call of calls) {
      for (
        let issue = rejectedSections[nextSection];
        issue !== undefined && issuePosition(issue) <= call.span.start;
        issue = rejectedSections[++nextSection]
      ) {
        phase2.reject(issue, around(issue.offset), undefined, out);
      }
      if (call.fallback) {
        phase2.defer(call, text, start);
        continue;
      }
      const outcome = emitCall(call, pending[next], {
        decide: phase2.decide,
        ids,
        index: counters.index,
        out,
      });
      if (outcome !== 'reconciled') counters.index += 1;
      next += 1;
    }
    for (; nextSection < rejectedSections.length; nextSection += 1) {
      const issue = rejectedSections[nextSection] as (typeof rejectedSections)[number];
      // A call started from the head of a section that gave no call ends as the first section the
      // gate rejects: that section's id, drawn just now, is the one the call started with.
      phase2.reject(issue, around(issue.offset), next === 0 ? pending[0]?.id : undefined, out);
      next = Math.max(next, 1);
    }
    for (; next < pending.length; next += 1) {
      abandonCall(pending[next] as StartedCall, { start: section.start, end: section.end }, out);
    }
    const consumed = text.slice(
      Math.max(0, section.end - start - LOOK_BEHIND),
      section.end - start,
    );
    // A stop token ended the turn (see `Section.endsOutput`): the rest is dropped, as in parse.
    if (stop || section.endsOutput === true)
      return {
        stop: true,
        rest: '',
        restStart: section.end,
        cursor: section.end,
        consumed,
        held: text,
        claimed: true,
      };
    const outcome: SectionOutcome = {
      stop: false,
      rest: text.slice(section.end - start),
      restStart: section.end,
      cursor: section.end,
      consumed,
      held: text,
      claimed: true,
    };
    if (section.dropsTextUntil !== undefined) outcome.dropsTextUntil = section.dropsTextUntil;
    return outcome;
  }

  openCalls(): readonly StartedCall[] {
    const started = this.started;
    const written = this.written;
    if (written === undefined) return started === undefined ? NONE : [started];
    return started === undefined ? written : [...written, started];
  }

  format(): CallFormat {
    return (this.setup.formats[0] as Format).id;
  }

  /**
   * Takes a candidate list: its end markers (when every candidate promises some for this marker,
   * grammars run when one arrives; otherwise on the retry schedule) and, when some candidate can
   * read a call head, the head to wait for.
   */
  private useCandidates(formats: readonly Format[]): void {
    const marker = this.setup.initial.slice(0, this.setup.markerLength);
    const { endMarkers, every, endStart } = endsOf(formats, marker);
    // Keyed by the output: a run of sections shares what its searches found (see finder.ts).
    this.endFinder =
      endMarkers !== undefined ? createFinder(endMarkers, this.setup.outputKey) : undefined;
    this.endStart = endStart;
    this.endsIdle = endStart !== -1;
    this.scheduled = !every;
    this.declining = formats.length > 0 && formats.every((format) => format.declines !== undefined);
    // No candidate is left: nothing can read the section, which is ordinary text right away.
    this.endSeen = formats.length === 0;
    this.headState = formats.some((format) => format.readCallHead !== undefined)
      ? 'wait'
      : undefined;
    // A text head already read stays: the candidates it was read from still include its format.
    this.textHeadState =
      this.text === undefined && formats.some((format) => format.readTextHead !== undefined)
        ? 'wait'
        : undefined;
    this.noteDue();
  }

  /**
   * Looks in new text for the first unit after the marker that is not a blank (all before it
   * were blanks). Once it is there, the candidates whose `mayOpen` turns it down are dropped: their
   * "not mine" is final (the batch scan skips them the same way). In auto mode a hermes call is
   * then hermes' alone, which promises its end marker, rather than held until a guessed end is
   * confirmed for the four formats before it that share `<tool_call>`.
   */
  private narrow(text: string): void {
    const index = skipBlanks(text, 0);
    if (index === text.length) return;
    this.narrowing = false;
    const { setup } = this;
    const marker = setup.initial.slice(0, setup.markerLength);
    const narrowed = narrowedBy(this.candidates, marker, text.charCodeAt(index));
    if (narrowed === this.candidates) return;
    this.candidates = narrowed;
    // The dropped formats read nothing here: what runs on blanks alone found still stands.
    this.useCandidates(narrowed);
    // The new finder reads all the text held, the text the section started with included.
    this.endsUnfed = false;
    this.feedEnds(this.held.text().slice(setup.markerLength), setup.start + setup.markerLength);
  }

  private feedEnds(text: string, offset: number): void {
    if (this.endsUnfed) this.feedInitial();
    const finder = this.endFinder;
    if (finder === undefined) return;
    if (finder.feed(text, offset) !== undefined) {
      this.endSeen = true;
      // Some candidate promises none: the schedule runs the grammars, and only the first end
      // marker is worth a run of its own (a promising format's answer is fixed from it on), so
      // that a run of them inside such a section does not cost a run each.
      if (this.scheduled) this.endFinder = undefined;
      this.noteDue();
    }
    // Asked after one-unit deltas only: a stream of longer deltas never skips the finder, and
    // should not pay for the question (after one, the next one-unit delta is fed and asks).
    this.endsIdle = text.length === 1 && this.endStart !== -1 && finder.idle();
  }

  /** Feeds the end finder the text the section started with, once. */
  private feedInitial(): void {
    this.endsUnfed = false;
    const { initial, markerLength, start } = this.setup;
    this.feedEnds(initial.slice(markerLength), start + markerLength);
  }

  /**
   * Reads the awaited head (the section's first, or the one after a call written whole) and
   * starts its call; again after each call the text already held writes whole.
   */
  private tryHead(out: StreamEvent[]): void {
    const { setup } = this;
    const { counters, engine } = setup;
    const { plan } = engine.settings;
    while (this.headState === 'wait') {
      const written = this.written;
      // Past maxCalls calls none is read; past maxCalls unreadable sections the gate rejects none
      // more, so a started call whose section turned out unreadable could not end as parse ends
      // it. Either way the rest of the section is held whole instead.
      const queued = written === undefined ? 0 : written.length;
      if (counters.calls + queued >= plan.maxCalls || !setup.phase2.startsEarly) {
        this.headState = undefined;
        return;
      }
      const first = this.nextFrom === -1;
      const resolved = first ? resolveHead(this.candidates, this.held.text()) : this.readNext();
      if (resolved === 'wait') return;
      if (first && resolved !== undefined) {
        this.opening = this.held.slice(0, resolved.head.argumentsStart);
      }
      const chain = this.chain;
      this.headState = undefined;
      this.chain = undefined;
      if (resolved === undefined) {
        // No call follows the ones written whole: the section closes in the next few units.
        if (chain !== undefined) this.lastCallWritten(chain);
        return;
      }
      const { format, head } = resolved;
      if (!plan.primary.has(format) || !argumentsStreamAsRead(engine.settings.tools, head.name)) {
        return;
      }
      // An id the model wrote that a call started before it also names: phase 2 renames the later
      // one when it claims it, after the earlier one's claim, and the name is not known before.
      const ids = this.writtenIds;
      if (head.id !== undefined && ids?.has(setup.ids.own.peek(head.id)) === true) return;
      const started = startCall(
        {
          name: head.name,
          ownId: head.id,
          format: format.id,
          start: setup.start,
          raw: this.held,
          rawStart: head.argumentsStart,
          ends: endMarkersAt(format, setup.initial.slice(0, setup.markerLength)) ?? [],
          stops: head.stops,
          writer: head.writer?.(engine.settings.tools, engine.settings.limits),
          queued: this.writtenWithoutOwnId,
        },
        counters.index,
        setup.ids,
        engine.settings.limits.maxDepth,
        out,
      );
      this.started = started;
      this.startedFormat = format;
      counters.index += 1;
      // Only a writer that says where its call ended lets the next head be read.
      if (format.readNextCallHead !== undefined && started.writer.readLength !== undefined) {
        this.chain = format;
      }
      // What is held after the head is the rest of the delta that completed it: sliced, not
      // joined with the section before it.
      feedCall(started, this.held.slice(head.argumentsStart, this.held.length), out);
      if (started.writer.state !== 'done') return;
      if (this.chain === undefined) {
        this.lastCallWritten(format);
        return;
      }
      this.awaitNext();
    }
  }

  /**
   * The head after the call written whole, read on the text after that call only: first as far
   * as a head reaches, then, while the answer is `'wait'` and more is held, on twice as much (a
   * head answers the same on every longer text). Joining the held text from its start for every
   * call would make a section of many calls cost its length once per call, and reading the rest
   * of a long delta on every call would cost that delta once per call.
   */
  private readNext(): { format: Format; head: CallHead } | 'wait' | undefined {
    const { held, nextFrom } = this;
    const format = this.chain as Format;
    let end = Math.min(held.length, nextFrom + NEXT_HEAD_WINDOW);
    for (;;) {
      const resolved = resolveNextHead(
        format,
        held.slice(nextFrom, end),
        this.previous as PreviousCall,
      );
      if (typeof resolved === 'object') {
        const { head } = resolved;
        return { format, head: { ...head, argumentsStart: nextFrom + head.argumentsStart } };
      }
      if (resolved === undefined || end === held.length) return resolved;
      end = Math.min(held.length, nextFrom + 2 * (end - nextFrom));
    }
  }

  /**
   * No head follows the calls written whole: where their format says the text after them ends at
   * a token (`Format.trailingEndsAt`), the grammars run when it arrives. It takes the place of
   * the end finder, which such a section has none of (it has no end markers), and is dropped
   * once it finds one (see feedEnds): one run, not one per token.
   */
  private watchTrailingEnd(format: Format): void {
    const ends = format.trailingEndsAt;
    if (ends === undefined || this.endFinder !== undefined) return;
    this.endFinder = createFinder(ends, this.setup.outputKey);
    this.endStart = -1;
    this.endsIdle = false;
    this.feedEnds(
      this.held.slice(this.nextFrom, this.held.length),
      this.setup.start + this.nextFrom,
    );
  }

  /**
   * The section's last call started from a head was written whole and no head follows it: the
   * few units that close the section come next. Where the format names the tokens it then closes
   * at, the grammars run when one arrives; otherwise on the next few deltas (see EAGER_RUNS).
   */
  private lastCallWritten(format: Format): void {
    if (format.trailingEndsAt !== undefined) this.watchTrailingEnd(format);
    else this.beginEager();
  }

  /**
   * Begins the eager runs, the first on the text already held after the call (a long delta may
   * have closed the section). Only where the grammars would otherwise wait for the retry
   * schedule, and once per section.
   */
  private beginEager(): void {
    if (this.eagerRuns !== -1 || !this.scheduled) return;
    this.eagerRuns = EAGER_RUNS;
    this.runEagerly();
  }

  /** Makes the grammars due on the next push (see EAGER_RUNS). */
  private runEagerly(): void {
    this.eagerDue = true;
    this.noteDue();
  }

  /** Every candidate proves that no section of its starts at the marker (`Format.declines`). */
  private everyCandidateDeclines(): boolean {
    const text = this.held.text();
    return this.candidates.every((format) => {
      try {
        return format.declines?.(text, 0) === true;
      } catch {
        return false;
      }
    });
  }

  /**
   * A delta while every candidate may still decline: one holding a unit that ends a name or a
   * word (the units after which a marker's text, muse_glimmer's `to=home ...` in prose, is
   * provably no section) asks them. Once all decline, nothing reads the section whatever follows:
   * it is ordinary text at once, not held to an end marker that may never come.
   */
  private declineOn(delta: string): void {
    if (this.held.length > HEAD_LIMIT) {
      this.declining = false;
      return;
    }
    if (!ENDS_A_NAME.test(delta)) return;
    const text = this.held.text();
    for (const format of this.candidates) {
      try {
        if (format.declines?.(text, 0) !== true) return;
      } catch {
        return;
      }
    }
    this.declining = false;
    this.endSeen = true;
    this.noteDue();
  }

  /** The answer is not final yet: the grammars run again once the text has grown by half. */
  private retryLater(): void {
    const length = this.held.length;
    // A run the first end marker asked for, between two scheduled ones, keeps the next one.
    if (!this.scheduled || this.nextAttempt <= length) {
      this.scheduled = true;
      this.nextAttempt = Math.max(length + MIN_STEP, Math.ceil(length * GROWTH));
    }
    this.noteDue();
  }

  /** Sets `dueAt`, which {@link SectionState.due} answers from, after what it depends on changed. */
  private noteDue(): void {
    this.dueAt = this.endSeen || this.eagerDue ? 0 : this.scheduled ? this.nextAttempt : NEVER;
  }
}

/**
 * The head of the section's first call and the format that will read it: the first candidate's,
 * or a later one's once every candidate before it declines the section (`Format.declines`).
 *
 * @param candidates - The section's candidates, in priority order.
 * @param text - The held text (the marker at its start).
 * @returns The format and its head; `'wait'` while more text may give one; `undefined` when
 * none will.
 */
function resolveHead(
  candidates: readonly Format[],
  text: string,
): { format: Format; head: CallHead } | 'wait' | undefined {
  return firstHead(candidates, text, (format) => format.readCallHead?.(text, 0));
}

/** The section's text head and the format that will read it, chosen as {@link resolveHead} does. */
function resolveTextHead(
  candidates: readonly Format[],
  text: string,
): { format: Format; head: TextHead } | 'wait' | undefined {
  return firstHead(candidates, text, (format) => format.readTextHead?.(text, 0));
}

/** The head `read` gives for the first candidate that does not decline the section. */
function firstHead<Head>(
  candidates: readonly Format[],
  text: string,
  read: (format: Format) => Head | 'wait' | undefined,
): { format: Format; head: Head } | 'wait' | undefined {
  for (const format of candidates) {
    let head: Head | 'wait' | undefined;
    try {
      head = read(format);
      if (head === undefined && format.declines?.(text, 0) === true) continue;
    } catch {
      return undefined;
    }
    // A head of this one, or none ever: it may read the section, so no later one's counts.
    if (head === undefined) return undefined;
    return head === 'wait' ? 'wait' : { format, head };
  }
  return undefined;
}

/**
 * The head of the call after one written whole, or `undefined` when none that can stream follows
 * (a format that throws on hostile text reads no head: the rest comes whole).
 */
function resolveNextHead(
  format: Format,
  text: string,
  previous: PreviousCall,
): { format: Format; head: CallHead } | 'wait' | undefined {
  let head: CallHead | 'wait' | undefined;
  try {
    head = format.readNextCallHead?.(text, previous);
  } catch {
    return undefined;
  }
  return head === 'wait' || head === undefined ? head : { format, head };
}

/** What a section with no started call answers {@link SectionState.openCalls} with. */
const NONE: readonly StartedCall[] = [];

/** What a guessed answer is compared by: the format that claimed it and where it ends. */
function guessKey(decision: SectionDecision): string {
  if (decision.kind === 'wait') return 'wait';
  return decision.kind === 'claimed' ? `${decision.format.id}@${decision.section.end}` : 'none';
}

/**
 * The candidates left once the first unit after the marker is known, worked out once per list,
 * marker and unit (the same list when none is dropped).
 */
const NARROWED = new WeakMap<readonly Format[], Map<string, readonly Format[]>>();

function narrowedBy(formats: readonly Format[], marker: string, next: number): readonly Format[] {
  let byKey = NARROWED.get(formats);
  if (byKey === undefined) {
    byKey = new Map();
    NARROWED.set(formats, byKey);
  }
  const key = `${next}:${marker}`;
  let narrowed = byKey.get(key);
  if (narrowed === undefined) {
    const kept = formats.filter((format) => format.mayOpen?.(marker, next) !== false);
    narrowed = kept.length === formats.length ? formats : kept;
    byKey.set(key, narrowed);
  }
  return narrowed;
}

/** The end markers a section's candidates share, worked out once per candidate list and marker. */
interface SectionEnds {
  /** The end markers candidates promise, each once; `undefined` when none promises any. */
  endMarkers: readonly string[] | undefined;
  /** Every candidate promises end markers: no grammar need run before one arrives. */
  every: boolean;
  /** The unit every end marker starts with (hermes: `<`), or -1 when they differ or are absent. */
  endStart: number;
}

/**
 * Per candidate list (the marker table's lists, which every hit of a marker shares): a flood of
 * markers opens a section at each, and working the end markers out again at each (sets, copies and
 * the finder's table looked up by its needles' text) took a fifth of such a stream's time.
 */
const SECTION_ENDS = new WeakMap<readonly Format[], Map<string, SectionEnds>>();

function endsOf(formats: readonly Format[], marker: string): SectionEnds {
  let byMarker = SECTION_ENDS.get(formats);
  if (byMarker === undefined) {
    byMarker = new Map();
    SECTION_ENDS.set(formats, byMarker);
  }
  let ends = byMarker.get(marker);
  if (ends === undefined) {
    ends = sectionEnds(formats, marker);
    byMarker.set(marker, ends);
  }
  return ends;
}

function sectionEnds(formats: readonly Format[], marker: string): SectionEnds {
  const each = formats.map((format) => endMarkersAt(format, marker));
  const every = each.length > 0 && !each.includes(undefined);
  const endMarkers = [...new Set(each.flatMap((ends) => ends ?? []))];
  if (endMarkers.length === 0) return { endMarkers: undefined, every: false, endStart: -1 };
  const starts = new Set(endMarkers.map((end) => end.charCodeAt(0)));
  const endStart = starts.size === 1 ? (endMarkers[0] as string).charCodeAt(0) : -1;
  return { endMarkers, every, endStart };
}

/**
 * Whether a call's arguments may stream before it is decided: not when phase 2 may rewrite them
 * (a tool with `coerce` or `sanitize`), since the deltas must spell the arguments it ends with.
 * A name no tool has exactly may still resolve to any tool (the name ladder): then only when no
 * tool rewrites.
 */
function argumentsStreamAsRead(tools: SectionSettings['tools'], name: string): boolean {
  if (tools === undefined) return true;
  const exact = tools.get(name);
  if (exact !== undefined) return exact.rewritesArguments !== true;
  for (const tool of tools.values()) if (tool.rewritesArguments === true) return false;
  return true;
}

function pushText(out: StreamEvent[], type: 'text-delta' | 'reasoning-delta', delta: string): void {
  if (delta === '') return;
  const last = out.length > 0 ? out[out.length - 1] : undefined;
  if (last !== undefined && last.type === type) last.delta += delta;
  else out.push({ type, delta });
}
