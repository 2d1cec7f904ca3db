/**
 * Prose a model wrote after the call objects of a section it never closed:
 * `<tool_call>{"name": "f", ...}` then `I have called the tool.` (to the end of the output, or to
 * its next `<tool_call>`). The syntax reads the payload up to a close tag; without one it runs on,
 * and the prose read as JSON made the payload unreadable (every call in it refused, the next
 * section's call lost with it) or became a "call" that is no object, refused with an envelope
 * asking the model to fix a call it never made, while the text was lost from the content.
 *
 * Split where prose follows calls, the payload reads as the calls of each piece, the prose between
 * pieces is the section's content, and prose after the last piece (to the end of the output) is
 * left after the section, as content the scan reads. The section still covers what its grammar
 * read, so a flood of such pieces is read once, not once per piece.
 */
import type { Span } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import { scanJsonValue } from '../../json/index.js';
import {
  BACKTICK,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SINGLE_QUOTE,
} from '../../json/char-codes.js';
import { appendAll } from '../../append.js';
import { startsAt } from '../../starts-at.js';
import { isBlank } from './blanks.js';
import { lowerJsonCalls, type JsonCallsSource, type LoweredCalls } from './json-calls.js';
import { sectionOf } from './section-of.js';

/** Calls followed by prose: the calls' part of the payload and where the prose ends. */
export interface CallsBeforeProse {
  /** Where this piece starts: the section's start, or the opener written again. */
  from: number;
  /** The calls, from after the opener to the end of the last value. */
  payload: Span;
  /** The end of the prose: the next opener, or the end of the payload. */
  proseEnd: number;
}

/** A payload split where prose follows calls, see {@link splitAtProse}. */
export interface ProseSplit {
  /** Each run of calls followed by prose, in order (at least one). */
  pieces: CallsBeforeProse[];
  /** What follows the last prose that an opener ended, read as a payload of its own. */
  rest?: { from: number; payload: Span };
}

/**
 * Splits a payload where call objects (or lists of them) are followed by prose: text that starts
 * with no JSON value, closer or fence, and holds no `{` before the section's opener written again
 * (which starts the next piece) or the end of the payload. Prose with a `{` in it (`here is {"name":
 * ...}`, or a call object after a line of prose) ends the split there: it may hold a call the model
 * meant inside the section, and what remains is read as a payload. So does prose that runs to a
 * close tag with no opener written again: that tag is the section's own, and the prose was written
 * inside it. An opener written again right after a call, with no prose, also starts a piece.
 *
 * Linear: each value is scanned once, within the payload, and the prose unit by unit once.
 *
 * @param text - The output.
 * @param payload - The payload, as the grammar delimited it.
 * @param opener - The section's opening marker (`<tool_call>`).
 * @param closed - A close tag ended the payload (not the end of the output).
 * @param sectionStart - Where the section starts (the first piece's `from`).
 * @returns The split, or undefined when the payload does not open with calls followed by prose.
 * @example
 * ```ts
 * const text = '<tool_call>{"name":"f"}\nDone.';
 * splitAtProse(text, { start: 11, end: text.length }, '<tool_call>', false, 0);
 * // { pieces: [{ from: 0, payload: { start: 11, end: 23 }, proseEnd: 29 }] }
 * ```
 */
export function splitAtProse(
  text: string,
  payload: Span,
  opener: string,
  closed: boolean,
  sectionStart: number,
): ProseSplit | undefined {
  // The payload alone (a substring, not a copy in V8): a value left open is scanned to the
  // payload's end, not to the end of the output past it.
  const base = payload.start;
  const body = text.slice(base, payload.end);
  const pieces: CallsBeforeProse[] = [];
  let from = sectionStart;
  let pieceStart = 0;
  for (;;) {
    const piece = callsThenProse(body, pieceStart, opener);
    // Prose that runs to a close tag was written inside the section (or inside the piece an
    // opener began, whose tag it is): read as the payload it is part of.
    if (piece === undefined || (closed && piece.proseEnd === body.length)) {
      if (pieces.length === 0) return undefined;
      return { pieces, rest: { from, payload: { start: base + pieceStart, end: payload.end } } };
    }
    pieces.push({
      from,
      payload: { start: base + pieceStart, end: base + piece.callsEnd },
      proseEnd: base + piece.proseEnd,
    });
    if (piece.proseEnd === body.length) return { pieces };
    from = base + piece.proseEnd;
    pieceStart = piece.proseEnd + opener.length;
  }
}

/**
 * The values at `from` (blanks and commas between them) and the prose after them, up to the
 * opener written again or the end of the body (an opener right after the values ends a piece with
 * no prose); undefined when no value comes first, a value is left open, or what follows is no
 * prose (see {@link splitAtProse}).
 */
function callsThenProse(
  body: string,
  from: number,
  opener: string,
): { callsEnd: number; proseEnd: number } | undefined {
  let index = skipBetween(body, from);
  let callsEnd: number | undefined;
  for (;;) {
    const unit = body.charCodeAt(index);
    if (unit !== OPEN_BRACE && unit !== OPEN_BRACKET) break;
    const scan = scanJsonValue(body, index);
    if (!scan.closed) return undefined;
    callsEnd = scan.end;
    index = skipBetween(body, callsEnd);
  }
  if (callsEnd === undefined || index === body.length || !startsProse(body.charCodeAt(index)))
    return undefined;
  for (let at = index; at < body.length; at += 1) {
    const unit = body.charCodeAt(at);
    if (unit === OPEN_BRACE) return undefined;
    if (unit === opener.charCodeAt(0) && startsAt(body, opener, at))
      return { callsEnd, proseEnd: at };
  }
  return { callsEnd, proseEnd: body.length };
}

/** Whether a unit can start prose: no JSON value, closer or fence starts with it. */
function startsProse(unit: number): boolean {
  return (
    unit !== QUOTE &&
    unit !== SINGLE_QUOTE &&
    unit !== CLOSE_BRACE &&
    unit !== CLOSE_BRACKET &&
    unit !== BACKTICK
  );
}

/** Past the blanks and commas that may stand between values. */
function skipBetween(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    if (!isBlank(unit) && unit !== COMMA) break;
    index += 1;
  }
  return index;
}

/**
 * A section's bounds and payload, as the grammar read them, or one piece of a split payload, to be
 * lowered as a payload of its own.
 */
export interface PayloadPiece {
  /** Where the section or piece starts (its calls' span starts here). */
  start: number;
  /** Where it ends (for a piece prose follows, after its last call). */
  end: number;
  payload: Span;
  /** Whether its close tag came (never, for a piece prose follows). */
  closed: boolean;
}

/**
 * The section of a payload: when its first reading met an issue (prose read as part of a payload
 * always gives one; a valid payload is never split, nor looked at again) and the payload splits
 * where prose follows calls (see {@link splitAtProse}), the calls of each piece read on their own
 * (each never closed: `missing-end-marker`), the prose between pieces as the section's content,
 * and the section ended before prose that runs to the end of the payload; otherwise the first
 * reading as it is.
 *
 * @param context - The output.
 * @param whole - The section and its payload.
 * @param opener - The section's opening marker, which may follow the prose.
 * @param first - The reading of the whole payload.
 * @param lowerPiece - Reads one piece.
 * @param open - The section's `open` (see `Section.open`), when the syntax says it.
 * @returns The section. Ended before prose that runs to the end of the output, it is `open`: a
 * stream waits for the end of the output, as a `{` after the prose would keep it in the section.
 */
export function sectionBeforeProse(
  context: FormatContext,
  whole: PayloadPiece,
  opener: string,
  first: LoweredCalls,
  lowerPiece: (piece: PayloadPiece) => LoweredCalls,
  open?: boolean,
): Section {
  const { start, end } = whole;
  const split =
    first.issues.length > 0
      ? splitAtProse(context.text, whole.payload, opener, whole.closed, start)
      : undefined;
  if (split === undefined) {
    const section = sectionOf(start, end, first);
    if (open !== undefined) section.open = open;
    return section;
  }
  const body: LoweredCalls = { calls: [], issues: [] };
  let content = '';
  for (const piece of split.pieces) {
    const read = lowerPiece({
      start: piece.from,
      end: piece.payload.end,
      payload: piece.payload,
      closed: false,
    });
    appendAll(body.calls, read.calls);
    appendAll(body.issues, read.issues);
    // Prose an opener ends is the section's; prose to the end of the payload comes after it.
    if (piece.proseEnd < whole.payload.end)
      content += context.text.slice(piece.payload.end, piece.proseEnd);
  }
  let section: Section;
  if (split.rest === undefined) {
    // The prose runs to the end of the output: the section ends before it, and stays open, as a
    // `{` after the prose would keep it in the section.
    const last = split.pieces[split.pieces.length - 1] as CallsBeforeProse;
    section = sectionOf(start, last.payload.end, body);
    section.open = true;
  } else {
    const { rest } = split;
    const read = lowerPiece({ start: rest.from, end, payload: rest.payload, closed: whole.closed });
    appendAll(body.calls, read.calls);
    appendAll(body.issues, read.issues);
    section = sectionOf(start, end, body);
    if (open !== undefined) section.open = open;
  }
  if (content !== '') section.content = content;
  return section;
}

/**
 * Lowers a delimited JSON payload (see {@link lowerJsonCalls}) to its section, split where prose
 * follows its calls when its reading met an issue (see {@link sectionBeforeProse}).
 *
 * @param context - The output, schemas and limits.
 * @param source - Where the section and payload are.
 * @param opener - The section's opening marker, which may follow the prose.
 * @param open - The section's `open` (see `Section.open`), when the syntax says it.
 * @returns The section.
 * @example
 * ```ts
 * // <tool_call>{"name":"f","arguments":{}}\nDone.
 * lowerJsonCallsBeforeProse(context, source, '<tool_call>').end; // 38, before "\nDone."
 * ```
 */
export function lowerJsonCallsBeforeProse(
  context: FormatContext,
  source: JsonCallsSource,
  opener: string,
  open?: boolean,
): Section {
  const lowered = lowerJsonCalls(context, source);
  const { start, end } = source.span;
  if (lowered.issues.length === 0) {
    // The usual case, built here rather than by `sectionBeforeProse`: written in the literal, as
    // a field added to it later costs the object a second store.
    return open === undefined
      ? sectionOf(start, end, lowered)
      : { start, end, calls: lowered.calls, issues: lowered.issues, open };
  }
  const whole = { start, end, payload: source.payload, closed: source.closed };
  const lowerPiece = (piece: PayloadPiece): LoweredCalls =>
    lowerJsonCalls(context, {
      ...source,
      span: { start: piece.start, end: piece.end },
      payload: piece.payload,
      closed: piece.closed,
    });
  return sectionBeforeProse(context, whole, opener, lowered, lowerPiece, open);
}
