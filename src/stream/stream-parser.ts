/**
 * The streaming parser: `push(delta)` and `end()` give events whose fold is `parse(text)`. It
 * replays the batch scan (`src/pipeline/extract.ts`) one decision at a time, taking a decision
 * only once no later text can change it: content up to where a marker could start is sent at
 * once, a section is held from its marker until its formats' answer is final, and its grammar
 * runs when an end marker arrives (or, for formats without hints, on a geometric schedule, so
 * the total work stays linear).
 */
import type { Format } from '../formats/format.js';
import { FENCE } from '../pipeline/example-context.js';
import { createMarkerCursor, type MarkerHit, type MarkerTable } from '../pipeline/marker-index.js';
import {
  closerEnd,
  OPEN_REASONING_CLOSERS,
  REASONING_TOKENS,
  THINK_CLOSE,
  THINK_OPEN,
} from '../pipeline/reasoning.js';
import type { StreamEvent } from '../types.js';
import { createIdPool } from './calls.js';
import { createExampleTracker } from './examples.js';
import {
  createFinder,
  createPrefixMatcher,
  createStartUnits,
  type PrefixMatcher,
  type StartUnitTest,
} from './finder.js';
import { createHeldText } from './held-text.js';
import { createIntentTracker } from './intent-tracker.js';
import { createSectionState, LOOK_BEHIND, type SectionState } from './open-section.js';
import { endOverflow } from './overflow.js';
import { createStreamPhase2, type Decider } from './phase2.js';
import type { SectionSettings } from './section.js';
import { isBlank } from '../formats/shared/blanks.js';
import { startsAt } from '../starts-at.js';

/** Marker lookups over the stream's text from absolute `origin` to absolute `end`. */
interface ScanCache {
  origin: number;
  end: number;
  markers: { next(from: number): MarkerHit | undefined };
}

/**
 * What ends a `<think>` block for a plan: `</think>`, and the markers that end an open block
 * (`ExtractPlan.reasoningEnders`), with the matcher of their prefixes; built once per plan.
 */
interface ThinkEnds {
  enders: readonly string[];
  prefixes: PrefixMatcher;
}

const thinkEndsByPlan = new WeakMap<object, ThinkEnds>();

function thinkEndsOf(plan: StreamEngine['settings']['plan']): ThinkEnds {
  let ends = thinkEndsByPlan.get(plan);
  if (ends === undefined) {
    const enders = plan.reasoningEnders ?? [];
    ends = { enders, prefixes: createPrefixMatcher([THINK_CLOSE, ...enders]) };
    thinkEndsByPlan.set(plan, ends);
  }
  return ends;
}

/** A marker table's matchers, built once per table (its parser's streams all use them). */
const tableMatchers = new WeakMap<
  MarkerTable,
  { prefixes: PrefixMatcher; startUnits: StartUnitTest }
>();

function matchersOf(table: MarkerTable): { prefixes: PrefixMatcher; startUnits: StartUnitTest } {
  let matchers = tableMatchers.get(table);
  if (matchers === undefined) {
    matchers = {
      prefixes: createPrefixMatcher([...table.markers, THINK_OPEN, FENCE]),
      startUnits: createStartUnits([...table.markers, THINK_OPEN]),
    };
    tableMatchers.set(table, matchers);
  }
  return matchers;
}

/** What a stream needs from its parser. */
export interface StreamEngine {
  readonly settings: SectionSettings;
  /** Outputs longer than this are not parsed (as `parse`, which then returns nothing). */
  readonly maxOutputSize: number;
  /** The parser's id generator, shared with `parse`. */
  readonly nextId: () => string;
  /** Builds the parser's gate over the stream's id source. */
  readonly createDecider: (createId: () => string) => Decider;
}

/** A stream over one model output; see `parser.stream()`. */
export interface StreamParser {
  /**
   * Feeds the next piece of the output.
   *
   * @param delta - Any chunk of text (a split marker, surrogate pair or `\r\n` is fine).
   * @returns The events that became final.
   * @throws TypeError when `delta` is not a string, or when `end()` was already called (a caller
   * mistake: that text would be lost; start a new stream for the next output).
   */
  push(delta: string): StreamEvent[];
  /**
   * Ends the output: whatever was held is decided as `parse` decides it. Calling it again is
   * harmless and returns no events.
   *
   * @returns The last events.
   */
  end(): StreamEvent[];
  /** UTF-16 units held back right now (a possible marker, or the open section). */
  readonly held: number;
  /**
   * True while a tool-call section (or what may be one) is held, or the text after a section
   * that ended the model's turn is dropped.
   */
  readonly inSection: boolean;
}

/**
 * Creates a streaming parser (use `parser.stream()`).
 *
 * @param engine - The parser's plan, settings, ids and phase 2.
 * @returns The stream.
 * @example
 * ```ts
 * const stream = createParser({ formats: ['hermes'] }).stream();
 * stream.push('Sure. <tool_');  // [{ type: 'text-delta', delta: 'Sure. ' }]
 * stream.push('call>{"name": "f", "arguments": {"a": 1}}</tool_call>'); // start, deltas, end
 * ```
 */
export function createStreamParser(engine: StreamEngine): StreamParser {
  const { plan } = engine.settings;
  const table = plan.table;
  const { prefixes, startUnits } = matchersOf(table);
  const thinkEnds = thinkEndsOf(plan);
  const intent = createIntentTracker();
  const examples = createExampleTracker();
  const ids = createIdPool(engine.nextId);
  const phase2 = createStreamPhase2(engine.createDecider, ids, plan.maxCalls);

  // 'prelude' holds everything while the output may start inside forced-open reasoning.
  // 'dropping' drops the text after a section that ended the turn, up to `dropping.marker`.
  // 'closing' looks, after the section that interrupted a <think> block, for the block's </think>.
  let mode:
    'prelude' | 'content' | 'think' | 'example' | 'section' | 'dropping' | 'closing' | 'done' =
    plan.reasoningStartsInside === true ? 'prelude' : 'content';
  // Text received but not yet decided (outside sections); buffer[0] is at absolute `base`.
  let buffer = '';
  let base = 0;
  // Absolute offset of the buffer's last unit that can start a marker or `<think>`: below `base`
  // when none can, and then no marker is looked up (most pushes of prose).
  let lastStart = -1;
  // The batch scan's cursor: where its last decision ended (example lookups start here).
  let cursor = 0;
  // Units received so far.
  let total = 0;
  // Where the output's first non-space unit is (after forced-open reasoning), -1 until seen.
  let firstText = -1;
  // Where the last <think> block a marker interrupted ended (see stepClosing), -1: none.
  let interruptedAt = -1;
  // End of the first intent marker, -1 until one has arrived.
  let intentEnd = -1;
  // Units fed to the intent finder and the example tracker. Only the content scan reads them, so
  // while a section is open they wait, and catch up on the section's text when it closes: the
  // per-push cost inside a long call stays small. (Both answer the same for any chunking.)
  let scanned = 0;
  // Absolute offset of the open section's marker.
  let sectionStart = 0;
  // Start of the example block being passed through as content.
  let exampleStart = 0;
  // The open section, in 'section' mode.
  let section: SectionState | undefined;
  // In 'dropping' mode: where reading resumes, and a matcher for it split at the buffer's end.
  let dropping: { marker: string; split: PrefixMatcher } | undefined;
  // Calls read so far (the maxCalls limit) and tool-call-start events sent (their index).
  const counters = { calls: 0, index: 0, sections: 0 };
  // This output's identity for the formats' memory across sections (see FormatContext.outputKey).
  const outputKey = {};
  // The forced-open prelude: held whole, with a finder for its `</think>` or a `<think>`.
  const prelude = createHeldText('');
  const preludeFinder = createFinder(REASONING_TOKENS);
  let out: StreamEvent[] = [];
  // What `held` reads the length of, so that the getter reads a field instead of calling in (a
  // caller may read it after every push): the held text of the prelude or the open section,
  // which counts itself as it grows, else `bufferLength`. Set by every push and end() that goes
  // through take(); a push into a section that does not, only grew the section's held text.
  const bufferLength = { length: 0 };
  const gauge: Gauge = { text: bufferLength };
  // The last units the scan passed (content, tags, sections): what precedes a new section.
  let history = '';
  // end() was called: a second call sends nothing more.
  let ended = false;
  // Marker lookups over the buffer as it was last appended to: skipping an unclaimed marker must
  // not search the same text again (see nextHit for when the cursor is replaced).
  let scan: ScanCache | undefined;
  // The first `<think>` at or after absolute `thinkFrom`, looked up over the text up to `thinkTo`
  // (-1: none there); see nextThink.
  let thinkFrom = 0;
  let thinkTo = 0;
  let thinkAt = -1;

  /** Feeds the intent finder and the example tracker the text at absolute `offset`. */
  function feedScans(text: string, offset: number): void {
    if (intentEnd === -1) {
      intentEnd = intent.feed(text, offset);
      // The end of the output is a boundary: a marker waiting for its next unit counts.
      if (intentEnd === -1 && ended && offset + text.length === total) intentEnd = intent.finish();
    }
    examples.feed(text, offset);
    scanned = offset + text.length;
  }

  /** Remembers text the scan has passed, keeping the last LOOK_BEHIND units. */
  function pass(text: string): void {
    history += text;
    if (history.length > 16 * LOOK_BEHIND) history = history.slice(-LOOK_BEHIND);
  }

  // reasoning.keepInContent: reasoning is sent as text, its tags with it.
  const keepReasoning = plan.reasoningInContent === true;
  // reasoning.prefilled, and the prelude ended with no reasoning token: text is reasoning until
  // the first call's event (as parse's content before its first call).
  let untilCall = false;

  function emit(kind: 'text-delta' | 'reasoning-delta', delta: string): void {
    if (delta === '') return;
    const type = keepReasoning ? 'text-delta' : kind;
    // Not out[-1] on an empty array: V8 reads that as a property named "-1", slowly.
    const last = out.length > 0 ? out[out.length - 1] : undefined;
    if (last !== undefined && last.type === type) last.delta += delta;
    else out.push({ type, delta });
  }

  /** The buffer was replaced: finds where a marker could last start in it. */
  function noteBuffer(): void {
    const at = startUnits.lastIn(buffer);
    lastStart = at === -1 ? -1 : base + at;
  }

  /** Sends the first `length` units of the buffer as `type`, dropping them. */
  function release(type: 'text-delta' | 'reasoning-delta', length: number): void {
    pass(buffer.slice(0, length));
    emit(type, buffer.slice(0, length));
    buffer = buffer.slice(length);
    base += length;
  }

  function seeFirstText(): void {
    if (firstText !== -1) return;
    for (let index = 0; index < buffer.length; index += 1) {
      const code = buffer.charCodeAt(index);
      if (!isBlank(code)) {
        firstText = base + index;
        return;
      }
    }
  }

  /** An intent marker ends by the end of the marker at `position` (or is that marker), as in parse. */
  function intentBy(position: number, markerLength: number): boolean {
    return intentEnd !== -1 && intentEnd <= position + markerLength;
  }

  /**
   * The formats that may open a section here. The hit's own list when none is dropped (forced
   * mode, or a position where bare syntaxes count): the section's end markers are kept per list.
   */
  function candidates(
    formats: readonly Format[],
    position: number,
    markerLength: number,
  ): readonly Format[] {
    if (!plan.auto) return formats;
    const wholeStart = firstText === -1 || position <= firstText;
    if (wholeStart || intentBy(position, markerLength)) return formats;
    return formats.some((format) => format.syntax === 'bare')
      ? formats.filter((format) => format.syntax !== 'bare')
      : formats;
  }

  /**
   * The next marker hit at or after buffer position `from`, buffer-relative; the cursor is kept
   * while valid.
   */
  function nextHit(from = 0): MarkerHit | undefined {
    if (lastStart < base + from) return undefined;
    // The cursor serves while the buffer is a suffix of the text it reads (the same absolute end):
    // after a section the buffer is the rest of the text it held, and a new cursor over that rest
    // after each of many sections searched it again for every marker, quadratically.
    // A buffer that grew or was replaced by other text ends elsewhere, and gets a new cursor.
    const end = base + buffer.length;
    if (scan === undefined || scan.end !== end) {
      scan = { origin: base, end, markers: createMarkerCursor(table, buffer) };
    }
    const hit = scan.markers.next(base + from - scan.origin);
    if (hit === undefined) return undefined;
    // A literal, not a spread of the hit: see src/formats/shared/section-of.ts.
    return {
      position: hit.position + scan.origin - base,
      marker: hit.marker,
      formats: hit.formats,
    };
  }

  /**
   * The next `<think>` at or after `base`, buffer-relative, or -1. What earlier lookups found is
   * kept in absolute offsets, across buffers: after a section the buffer is the rest of the text
   * held so far, and searching all of it again after each of many sections was quadratic.
   */
  function nextThink(): number {
    if (lastStart < base) return -1;
    const end = base + buffer.length;
    if (thinkFrom <= base && thinkAt >= base) return thinkAt - base;
    // None from `thinkFrom` up to `thinkTo` (or the one found is behind): search the rest only,
    // from where a `<think>` cut by the last search's end would start.
    const from =
      thinkFrom <= base && thinkAt === -1 ? Math.max(base, thinkTo - THINK_OPEN.length + 1) : base;
    const at = buffer.indexOf(THINK_OPEN, from - base);
    thinkFrom = base;
    thinkTo = end;
    thinkAt = at === -1 ? -1 : at + base;
    return at;
  }

  /**
   * Whether an example block opens before buffer position `at`, asking from absolute `from`: as in
   * the batch scan, whatever opens first decides. The whole `<think>` has arrived, so no fence
   * still to come opens before it.
   */
  function exampleBefore(at: number, from: number): boolean {
    const example = examples.next(from, false);
    return example.kind === 'example' && example.start - base < at;
  }

  /**
   * One step of the batch loop over the buffer; false when it must wait for more text.
   *
   * A marker nothing may claim where it stands is ordinary text, as the batch scan's unclaimed
   * marker. The step looks on past it, and past each next one like it, and releases the run in
   * one go when it meets anything else (`passed` > 0: it breaks out), which the next step then
   * acts on. One release instead of a step per marker halves the time of a flood of `{` in auto
   * mode; the lookups are the ones the steps of one marker each would make, in the same order,
   * so the marker cursor and the example tracker end where they would have.
   */
  function stepContent(final: boolean): boolean {
    seeFirstText();
    const horizon = final ? buffer.length : prefixes.possibleStart(buffer, 0);
    const think = nextThink();
    // Units released as text before the hit looked at: the unclaimed markers passed so far.
    let passed = 0;
    for (;;) {
      const hit = nextHit(passed);
      // Where the batch scan's example lookups start: its cursor, then past each unclaimed marker.
      const from = passed === 0 ? cursor : base + passed;
      if (
        think !== -1 &&
        (hit === undefined || think <= hit.position) &&
        !exampleBefore(think, from)
      ) {
        if (passed > 0) break;
        if (think >= horizon) {
          release('text-delta', horizon);
          return false;
        }
        release('text-delta', think);
        tag(THINK_OPEN.length);
        mode = 'think';
        return true;
      }
      const example = examples.next(from, final);
      if (example.kind === 'example') {
        const at = example.start - base;
        if (hit === undefined ? at < horizon : at <= hit.position) {
          if (passed > 0) break;
          release('text-delta', Math.max(0, at));
          exampleStart = example.start;
          mode = 'example';
          return true;
        }
      }
      if (hit === undefined || hit.position >= horizon) {
        if (passed > 0) break;
        release('text-delta', horizon);
        return false;
      }
      if (example.kind === 'pending' && example.before - base <= hit.position) {
        if (passed > 0) break;
        // An example block may still open before the marker: everything before it is content.
        release('text-delta', hit.position);
        return false;
      }
      if (!final && intent.waitsBy(base + hit.position + hit.marker.length)) {
        if (passed > 0) break;
        // An intent marker ends by this one's end and waits for its next unit to say whether it
        // is part of an identifier: the formats allowed here depend on it.
        release('text-delta', hit.position);
        return false;
      }
      const formats = candidates(hit.formats, base + hit.position, hit.marker.length);
      if (formats.length === 0) {
        // Not a candidate here: text, up to and with the marker's first unit.
        passed = hit.position + 1;
        continue;
      }
      if (passed > 0) break;
      release('text-delta', hit.position);
      openSection(formats, hit.marker.length);
      return true;
    }
    release('text-delta', passed);
    cursor = base;
    return true;
  }

  /** A reasoning tag: dropped, or text under `keepInContent`. */
  function tag(length: number): void {
    if (keepReasoning) release('text-delta', length);
    else skip(length);
  }

  /** Drops `length` units of the buffer that belong to no output (a tag). */
  function skip(length: number): void {
    pass(buffer.slice(0, length));
    buffer = buffer.slice(length);
    base += length;
  }

  function openSection(formats: readonly Format[], markerLength: number): void {
    const start = base;
    sectionStart = start;
    section = createSectionState({
      start,
      initial: buffer,
      markerLength,
      formats,
      placement: {
        wholeStart: firstText === -1 || start <= firstText,
        intent: intentBy(start, markerLength),
      },
      // Not sliced to its last LOOK_BEHIND units here: the history is a string built by
      // appending, and slicing it flattened up to 16 × LOOK_BEHIND units at every section (a
      // seventh of the time of a stream of `[`, a section at each). The section slices only
      // when an issue needs it.
      before: history,
      engine,
      ids,
      phase2,
      counters,
      outputKey,
    });
    buffer = '';
    mode = 'section';
  }

  function stepThink(final: boolean): boolean {
    const close = buffer.indexOf(THINK_CLOSE);
    // A marker that ends an open block, before any </think>: the section is read from it.
    const ender = firstEnder(close === -1 ? buffer.length : close);
    if (ender !== -1) {
      release('reasoning-delta', ender);
      interruptedAt = base;
      cursor = base;
      mode = 'content';
      return true;
    }
    if (close !== -1) {
      release('reasoning-delta', close);
      tag(THINK_CLOSE.length);
      cursor = base;
      mode = 'content';
      return true;
    }
    release('reasoning-delta', final ? buffer.length : thinkEnds.prefixes.possibleStart(buffer, 0));
    if (final) cursor = base;
    return false;
  }

  /** Where the first marker that ends an open block starts in the buffer before `limit`, or -1. */
  function firstEnder(limit: number): number {
    let first = -1;
    for (const ender of thinkEnds.enders) {
      const at = buffer.indexOf(ender);
      if (at !== -1 && at < limit && (first === -1 || at < first)) first = at;
    }
    return first;
  }

  function stepExample(_final: boolean): boolean {
    const close = examples.fenceAt(exampleStart + FENCE.length);
    const end = close === undefined ? undefined : close + FENCE.length;
    if (end !== undefined && end <= base + buffer.length) {
      release('text-delta', Math.max(0, end - base));
      cursor = end;
      mode = 'content';
      return true;
    }
    // Everything inside an example block is content; only where it ends matters.
    release('text-delta', buffer.length);
    return false;
  }

  function stepSection(final: boolean): boolean {
    const state = section as SectionState;
    const callsBefore = counters.calls;
    const result = state.settle(final, out);
    if (result === undefined) return false;
    section = undefined;
    if (untilCall && counters.calls > callsBefore) {
      // The section read a call: as in parse, text from here on is content, though a fallback
      // call's events wait for the end. What came before it is reasoning.
      textBeforeCallIsReasoning(out);
      untilCall = false;
    }
    if (scanned < sectionStart + result.held.length) {
      feedScans(result.held.slice(scanned - sectionStart), scanned);
    }
    if (result.stop) {
      mode = 'done';
      buffer = '';
      return false;
    }
    pass(result.consumed);
    buffer = result.rest;
    base = result.restStart;
    noteBuffer();
    cursor = result.cursor;
    mode = result.claimed && sectionStart === interruptedAt ? 'closing' : 'content';
    if (result.dropsTextUntil !== undefined) {
      const marker = result.dropsTextUntil;
      dropping = { marker, split: createPrefixMatcher([marker]) };
      mode = 'dropping';
    }
    return true;
  }

  /**
   * After the section that interrupted a `<think>` block: the block's `</think>` right after it
   * (blanks between) is a tag, as in parse. A part of the tag is held until the rest decides.
   */
  function stepClosing(final: boolean): boolean {
    let at = 0;
    while (at < buffer.length && isBlank(buffer.charCodeAt(at))) at += 1;
    // The blanks are content either way (parse adds them before the tag, or as the text after the
    // section): sent now, so that a long run of them is not scanned again on every push.
    if (!final && at === buffer.length) {
      release('text-delta', at);
      return false;
    }
    const rest = buffer.length - at;
    if (!final && rest < THINK_CLOSE.length && THINK_CLOSE.startsWith(buffer.slice(at))) {
      return false;
    }
    interruptedAt = -1;
    mode = 'content';
    if (startsAt(buffer, THINK_CLOSE, at)) {
      release('text-delta', at);
      tag(THINK_CLOSE.length);
      cursor = base;
    }
    return true;
  }

  /**
   * The text after a section that ended the model's turn (`Section.dropsTextUntil`): dropped as
   * it arrives, up to the next occurrence of the marker, where the scan goes on as in parse. Only
   * a marker split at the buffer's end is held.
   */
  function stepDropping(final: boolean): boolean {
    const { marker, split } = dropping as { marker: string; split: PrefixMatcher };
    const at = buffer.indexOf(marker);
    if (at === -1) {
      skip(final ? buffer.length : split.possibleStart(buffer, 0));
      return false;
    }
    skip(at);
    cursor = base;
    dropping = undefined;
    mode = 'content';
    return true;
  }

  function stepPrelude(final: boolean, found: { at: number; needle: string } | undefined): void {
    if (found === undefined && !final) return;
    const text = prelude.text();
    mode = 'content';
    if (found !== undefined && OPEN_REASONING_CLOSERS.includes(found.needle)) {
      const end = closerEnd(found.needle, found.at);
      emit('reasoning-delta', text.slice(0, keepReasoning ? end : found.at));
      base = end;
      buffer = text.slice(base);
      cursor = base;
      noteBuffer();
    } else {
      buffer = text;
      noteBuffer();
      untilCall = found === undefined && plan.reasoningPrefilled === true && !keepReasoning;
    }
  }

  function drain(final: boolean): void {
    for (;;) {
      let progressed: boolean;
      if (mode === 'content') progressed = stepContent(final);
      else if (mode === 'think') progressed = stepThink(final);
      else if (mode === 'closing') progressed = stepClosing(final);
      else if (mode === 'example') progressed = stepExample(final);
      else if (mode === 'section') progressed = stepSection(final);
      else if (mode === 'dropping') progressed = stepDropping(final);
      else return;
      if (!progressed) return;
    }
  }

  /** The events of this push or end(); every exit but the section hot path's goes through here. */
  function take(): StreamEvent[] {
    const events = out;
    out = [];
    if (untilCall) textBeforeCallIsReasoning(events);
    noteHeld();
    return events;
  }

  function noteHeld(): void {
    if (mode === 'prelude') gauge.text = prelude;
    else if (mode === 'section') gauge.text = (section as SectionState).held;
    else {
      bufferLength.length = buffer.length;
      gauge.text = bufferLength;
    }
  }

  /**
   * Under {@link untilCall}: text events become reasoning, up to the section that reads the first
   * call (stepSection ends it there). Not at the first call event: a section that reads no call
   * sends one for its refusal, and parse keeps the text after it reasoning; a call started from
   * its head may end up such a refusal.
   */
  function textBeforeCallIsReasoning(events: StreamEvent[]): void {
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index] as StreamEvent;
      if (event.type === 'text-delta')
        events[index] = { type: 'reasoning-delta', delta: event.delta };
    }
  }

  const maxOutputSize = engine.maxOutputSize;

  /**
   * The hot path of a long call (a non-empty delta while a section is open): most deltas only
   * extend it, and the grammar is not due. Kept small, the rest out of line, so that V8 inlines
   * what runs on every push.
   */
  function pushSection(delta: string): StreamEvent[] {
    const offset = total;
    total += delta.length;
    if (total > maxOutputSize) return stop(offset);
    if (phase2.watching) phase2.observe(delta, offset);
    const state = section as SectionState;
    const event = state.append(delta, out);
    if (state.held.length < state.dueAt && out.length === 0 && !untilCall) {
      return event === undefined ? [] : [event];
    }
    return settleSection(state, event);
  }

  /** After a push into a section that gave more than one event, or made its grammar due. */
  function settleSection(state: SectionState, event: StreamEvent | undefined): StreamEvent[] {
    if (event !== undefined) out.push(event);
    if (state.due()) drain(false);
    return take();
  }

  /**
   * The output outgrew maxOutputSize at absolute `offset`: parse() refuses it whole, a stream can
   * only stop here, dropping what it held, and end what it left open (see `overflow.ts`).
   */
  function stop(offset: number): StreamEvent[] {
    phase2.abandon();
    const current = mode === 'section' ? (section as SectionState) : undefined;
    endOverflow(
      current?.openCalls() ?? [],
      () => ({
        id: ids.take(),
        format: current?.format() ?? (plan.primary.values().next().value as Format).id,
      }),
      maxOutputSize,
      offset,
      out,
    );
    mode = 'done';
    section = undefined;
    buffer = '';
    return take();
  }

  /** Every push the section hot path does not take. */
  function pushOther(delta: string): StreamEvent[] {
    if (typeof delta !== 'string') {
      throw new TypeError(`stream.push: expected a string delta, got ${typeof delta}`);
    }
    // Text pushed after end() could never be decided: returning nothing would lose it silently.
    if (ended) {
      throw new TypeError(
        'stream.push: this stream has ended; start a new one with parser.stream() for the next output',
      );
    }
    if (mode === 'done' || delta === '') return take();
    if (mode === 'section') return pushSection(delta);
    const offset = total;
    total += delta.length;
    if (total > maxOutputSize) return stop(offset);
    feedScans(delta, offset);
    phase2.observe(delta, offset);
    if (mode === 'prelude') {
      prelude.append(delta);
      stepPrelude(false, preludeFinder.feed(delta, offset));
      if (mode === 'prelude') return take();
    } else {
      buffer += delta;
      const at = startUnits.lastIn(delta);
      if (at !== -1) lastStart = offset + at;
    }
    drain(false);
    return take();
  }

  return new Stream({
    push(delta) {
      return mode === 'section' && typeof delta === 'string' && delta !== ''
        ? pushSection(delta)
        : pushOther(delta);
    },
    end() {
      if (ended) return take();
      ended = true;
      // The end of the output is a boundary: a marker waiting for its next unit counts (text an
      // open section holds is fed, and so judged, when the section closes).
      if (intentEnd === -1 && scanned === total) intentEnd = intent.finish();
      if (mode === 'prelude') stepPrelude(true, undefined);
      if (mode !== 'done' || total <= maxOutputSize) drain(true);
      if (total <= maxOutputSize) phase2.finish(counters.index, out);
      mode = 'done';
      buffer = '';
      return take();
    },
    // The dropped text after a section is still the section's, as in parse.
    inSection: () => mode === 'section' || mode === 'dropping',
    gauge,
  });
}

/** A stream's closures; {@link Stream} gives them the public shape. */
interface StreamCore {
  push(delta: string): StreamEvent[];
  end(): StreamEvent[];
  inSection(): boolean;
  /** What `held` reports the length of, kept current by `push` and `end`. */
  readonly gauge: Gauge;
}

/** Where a stream's held units are counted. */
interface Gauge {
  text: { readonly length: number };
}

/**
 * The public stream object. A class, so its getters live on one prototype: an object literal with
 * getters gets a hidden class of its own per stream, and a caller's `stream.push` site that sees
 * many streams (a server) would turn megamorphic. `push` and `end` stay own properties holding
 * the closures, so they still work detached (`const { push } = parser.stream()`).
 */
class Stream implements StreamParser {
  readonly push: (delta: string) => StreamEvent[];
  readonly end: () => StreamEvent[];
  readonly #core: StreamCore;
  // The core's gauge, read by `held` without a call: a caller may read it after every push, and
  // a getter that calls in is too large for V8 to inline at the caller's site, where the call
  // cost more than the push of a one-unit delta into a call (a bench reads it that way).
  readonly #gauge: Gauge;

  constructor(core: StreamCore) {
    this.push = core.push;
    this.end = core.end;
    this.#core = core;
    this.#gauge = core.gauge;
  }

  get inSection(): boolean {
    return this.#core.inSection();
  }

  get held(): number {
    return this.#gauge.text.length;
  }
}
