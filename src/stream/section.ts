/**
 * A section seen by a stream: the text from a marker on, read by the same formats, in the same
 * order and with the same placement rules as the batch `readSection`, plus one question the batch
 * never asks: is the answer final, or could more text change it?
 */
import {
  endMarkersAt,
  type Format,
  type FormatContext,
  type ParseLimits,
  type RawCall,
  type Section,
} from '../formats/format.js';
import { safeParseAt, type ExtractPlan } from '../pipeline/extract.js';
import { copyIssueTag } from '../pipeline/issue-format.js';
import type { Issue, Repair } from '../types.js';
import { isBlank, skipBlanks } from '../formats/shared/blanks.js';

/** Where the marker sits in the output, as the batch placement rules see it. */
export interface Placement {
  /** Only whitespace (after any forced-open reasoning) precedes the marker. */
  wholeStart: boolean;
  /** An intent marker ends at or before the marker. */
  intent: boolean;
}

/** What a section's formats make of the text held so far. */
export type SectionDecision =
  /** More text could change the answer. */
  | { kind: 'wait' }
  /**
   * A format read a section (offsets absolute); `intent` as the batch `readSection` gives it.
   * `guessed` when finality rests on the margin rule (no `open` flag, no end marker): the caller
   * then confirms it on longer text before trusting it.
   */
  | { kind: 'claimed'; section: Section; format: Format; intent: boolean; guessed: boolean }
  /** No format reads a section here: the marker is ordinary text (`guessed` as for claimed). */
  | { kind: 'unclaimed'; guessed: boolean };

/** What {@link decideSection} reads. */
export interface SectionQuery {
  /** The held text; the marker is at its start. */
  text: string;
  /** Absolute offset of `text[0]`. */
  base: number;
  /** Length of the marker that opened the section. */
  markerLength: number;
  /** Candidate formats in priority order (bare ones already filtered by placement). */
  formats: readonly Format[];
  placement: Placement;
  /** True once the whole output has arrived: every answer is then final. */
  final: boolean;
  /** The stream's identity of the output, for formats' memory across windows (`outputKey`). */
  outputKey?: object;
}

/** The parser-wide part of a query. */
export interface SectionSettings {
  readonly plan: ExtractPlan;
  readonly tools: FormatContext['tools'];
  readonly limits: ParseLimits;
}

/**
 * Units past a section's end that a stream waits for before trusting a format that says nothing
 * about openness: grammars peek a marker's length ahead at most.
 *
 * @param plan - The parser's plan (its marker table knows the longest marker).
 * @returns The margin, in UTF-16 units.
 */
export function margin(plan: ExtractPlan): number {
  return Math.max(plan.table.longestMarker, 16);
}

/**
 * Reads the section at the start of the held text, and says whether the answer is final.
 *
 * @param query - The held text and the marker's candidates.
 * @param settings - Formats' roles, tool schemas, limits.
 * @returns `wait`, or the batch answer (claimed or unclaimed) once more text cannot change it.
 * @example
 * ```ts
 * decideSection({ text: '<tool_call>{"name":"f"}</tool_call>', base: 0, markerLength: 11,
 *   formats: [hermes], placement: { wholeStart: true, intent: false }, final: false }, settings);
 * // { kind: 'claimed', ... } (hermes says its closed section is not open)
 * ```
 */
export function decideSection(query: SectionQuery, settings: SectionSettings): SectionDecision {
  const { text, final, placement } = query;
  const { plan } = settings;
  const context: FormatContext = {
    text,
    tools: settings.tools,
    limits: settings.limits,
    // The held text starts at the marker; whether prose came before is the stream's to say.
    precededByText: !placement.wholeStart,
    origin: query.base,
    outputKey: query.outputKey,
  };
  // An earlier format said "not mine" on text that may still be incomplete.
  let unsettled = false;
  // A later format's section was turned down on a guessed end (the whole-output rule).
  let guessedAway = false;
  const marker = text.slice(0, query.markerLength);
  for (const format of query.formats) {
    const section = safeParseAt(format, context, 0);
    if (section === undefined) {
      // "Not mine" is final once an end marker the format promised came, or where the format
      // proves that no longer text makes it a section (muse_glimmer's `to=` in prose, which
      // otherwise held the rest of the output back).
      if (!final && !endMarkerSeen(format, marker, text) && format.declines?.(text, 0) !== true) {
        unsettled = true;
      }
      continue;
    }
    let guessed = false;
    if (!final) {
      // Saying nothing about openness, a format is final once one of its end markers arrived.
      const ended = section.open === undefined && endMarkerSeen(format, marker, text);
      if (!ended && !isClosed(section, text, plan)) return { kind: 'wait' };
      if (unsettled && text.length < marginEnd(text, section.end, plan)) return { kind: 'wait' };
      guessed = unsettled || (section.open === undefined && !ended);
    }
    const whole = isWhole(text, section.end, placement.wholeStart, final);
    const bare = format.syntax === 'bare';
    if (plan.auto && bare && !placement.intent) {
      if (whole === undefined) return { kind: 'wait' };
      if (!whole) {
        guessedAway ||= guessed;
        continue;
      }
    }
    // Fallback gates read `intent`; it must be exact for fallback calls.
    if (whole === undefined && !placement.intent && !plan.primary.has(format)) {
      return { kind: 'wait' };
    }
    return {
      kind: 'claimed',
      section: rebaseSection(section, query.base),
      format,
      intent: whole === true || placement.intent,
      guessed,
    };
  }
  return unsettled ? { kind: 'wait' } : { kind: 'unclaimed', guessed: guessedAway };
}

/**
 * One of the end markers the format promised for this marker has arrived after it: by that
 * promise (see `Format.endMarkers`) its answer, a section or "not mine", is final.
 */
function endMarkerSeen(format: Format, marker: string, text: string): boolean {
  const ends = endMarkersAt(format, marker);
  if (ends === undefined) return false;
  for (const end of ends) if (text.indexOf(end, marker.length) !== -1) return true;
  return false;
}

/** Closed: the format says so, or (saying nothing) the text runs a margin past its end. */
function isClosed(section: Section, text: string, plan: ExtractPlan): boolean {
  if (section.open !== undefined) return !section.open;
  return marginEnd(text, section.end, plan) <= text.length;
}

/**
 * How far the text must run before a section that ends at `end` is trusted: a margin past the
 * blanks that follow it. Grammars end a section with optional trailers after any run of blanks
 * (gigachat3's `_ "</s>"`): a margin counted from `end` was passed inside a long run of them, and
 * a `</s>` coming after it was content in the stream and part of the section in `parse`.
 *
 * @param text - The held text.
 * @param end - Where the section ends in it.
 * @param plan - The parser's plan (for the margin).
 * @returns The length the text must reach.
 */
export function marginEnd(text: string, end: number, plan: ExtractPlan): number {
  return skipBlanks(text, end) + margin(plan);
}

/**
 * The batch "whole" rule (the section starts the output and only whitespace follows it):
 * `undefined` while only whitespace has followed so far.
 */
function isWhole(
  text: string,
  end: number,
  wholeStart: boolean,
  final: boolean,
): boolean | undefined {
  if (!wholeStart) return false;
  for (let index = end; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (!isBlank(code)) return false;
  }
  return final ? true : undefined;
}

/**
 * Moves a section read on a window of the output to absolute offsets, copying every object that
 * carries an offset (lowerings share span and repair objects between calls).
 *
 * @param section - The section as the format returned it.
 * @param base - Absolute offset of the window's first unit.
 * @returns A new section with absolute offsets.
 */
export function rebaseSection(section: Section, base: number): Section {
  if (base === 0) return section;
  // Literals field by field, not spreads: see src/formats/shared/section-of.ts.
  const rebased: Section = {
    start: section.start + base,
    end: section.end + base,
    calls: section.calls.map((call) => rebaseCall(call, base)),
    issues: section.issues.map((issue) => rebaseIssue(issue, base)),
  };
  if (section.content !== undefined) rebased.content = section.content;
  if (section.reasoning !== undefined) rebased.reasoning = section.reasoning;
  if (section.open !== undefined) rebased.open = section.open;
  if (section.endsOutput !== undefined) rebased.endsOutput = section.endsOutput;
  if (section.dropsTextUntil !== undefined) rebased.dropsTextUntil = section.dropsTextUntil;
  return rebased;
}

function rebaseCall(call: RawCall, base: number): RawCall {
  const moved: RawCall = {
    name: call.name,
    arguments: call.arguments,
    format: call.format,
    span: { start: call.span.start + base, end: call.span.end + base },
    repairs: call.repairs.map((repair): Repair => ({ ...repair, offset: repair.offset + base })),
    complete: call.complete,
  };
  if (call.id !== undefined) moved.id = call.id;
  if (call.malformed !== undefined) moved.malformed = rebaseIssue(call.malformed, base);
  return moved;
}

function rebaseIssue(issue: Issue, base: number): Issue {
  return issue.offset === undefined
    ? issue
    : copyIssueTag(issue, { ...issue, offset: issue.offset + base });
}
