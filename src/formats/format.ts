/**
 * The contract every tool-call syntax implements. A format is a grammar (`grammar/<id>.peggy`), an
 * AST (`ast.ts`), a ts-pattern lowering (`lower.ts`) and this object (`index.ts`) that ties them to
 * the scanner: the markers that announce the syntax and a `parseAt` that reads one section.
 */
import type { CustomFormatId, FormatId, Issue, Repair, Span } from '../types.js';
import type { CallArgumentsWriter } from '../stream/json-writer.js';

/** A call as the lowering produced it: extracted, not yet checked against any manifest. */
export interface RawCall {
  name: string;
  arguments: Record<string, unknown>;
  format: FormatId | CustomFormatId;
  span: Span;
  repairs: Repair[];
  /** The format's own call id (Kimi `functions.get_weather:0`, Command R `tool_call_id`). */
  id?: string;
  /**
   * False when the call was cut off: its section or its JSON ran into the end of the output.
   * Such a call is never executable (fail closed); it is rejected as `incomplete`.
   */
  complete: boolean;
  /** Set when the arguments could not be read; the call is rejected as `malformed`. */
  malformed?: Issue;
}

/** What one tool's schema says about its parameters, used to type text-valued parameters. */
export interface ParameterSchemas {
  /** JSON Schema of the tool's parameters object. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /**
   * Phase 2 may rewrite the arguments read (the tool's `coerce` or `sanitize`): a stream then
   * sends them only once decided, since deltas sent early would spell other arguments.
   */
  readonly rewritesArguments?: boolean;
}

/** Limits that bound the work a parse may do on hostile input. */
export interface ParseLimits {
  /** Maximum nesting of arrays and objects in one payload (default 256). */
  readonly maxDepth: number;
  /** Maximum size of one call's section, in UTF-16 units (default 1 MiB). */
  readonly maxCallSize: number;
}

/** What a format may read while parsing a section. */
export interface FormatContext {
  /** The whole model output. Offsets everywhere are offsets into this string. */
  readonly text: string;
  /** Tool schemas by name, when the parser was given tools; text values are typed by them. */
  readonly tools: ReadonlyMap<string, ParameterSchemas> | undefined;
  readonly limits: ParseLimits;
  /**
   * True when non-space text that is not reasoning comes before `text` in the output: a stream
   * hands formats the held text from the marker on, so a format that must open the output
   * (json_block, openai_json) cannot see that text itself.
   */
  readonly precededByText?: boolean;
  /** Where `text[0]` is in the whole output: 0 for `parse`, a window's start in a stream. */
  readonly origin?: number;
  /**
   * The same object for every window a stream reads of one output (absent in `parse`, where the
   * context itself is that object). A format that remembers something across the sections of
   * one output (the bare objects it turned down) keys the memory by it, at absolute offsets.
   */
  readonly outputKey?: object | undefined;
}

/**
 * One stretch of the output that a format claimed: its calls, and what it contributes to content
 * and reasoning. Text outside sections is content as written.
 */
export interface Section {
  /** Absolute start: the marker position `parseAt` was given, or earlier text the format owns. */
  start: number;
  /** Absolute end (exclusive). Scanning resumes here, so a section must consume its marker. */
  end: number;
  calls: RawCall[];
  issues: Issue[];
  /** Text inside the section that is content (a harmony `final` channel), default none. */
  content?: string;
  /** Text inside the section that is reasoning (`<think>`, harmony `analysis`), default none. */
  reasoning?: string;
  /**
   * Streaming hint: `true` when the section ran into the end of the text and more text could
   * change it (no closing tag or token yet), `false` when it is closed and nothing after `end`
   * can change it. Left undefined, a stream treats the section as final only once it has seen a
   * few characters past `end` (see `src/stream/section.ts`).
   */
  open?: boolean;
  /**
   * True when the section ended with a stop token (harmony's `<|call|>`): the model's turn ends
   * there, and the rest of the output is not part of it. Nothing after `end` is read, as content
   * or as sections; a stream drops what follows. Default false.
   */
  endsOutput?: boolean;
  /**
   * Set when the model's turn ended at the section's close, though a later section of the syntax
   * is still read (the deepseek and hunyuan templates end the turn after the calls, and their
   * reference parsers drop what follows): the text after `end` is dropped, neither content nor
   * sections, up to the next occurrence of this marker, where reading resumes, or to the end of
   * the output. A stream drops that text as it arrives, so the section itself (and its calls)
   * can end at its close. Default: the text after `end` is read as usual.
   */
  dropsTextUntil?: string;
}

/**
 * The head of a section's first call, read before the section is complete so a stream can emit
 * `tool-call-start` and argument deltas early: the call's name, its own id if the syntax has one,
 * and where its JSON arguments object begins.
 */
export interface CallHead {
  name: string;
  id?: string;
  /**
   * Offset (in the text given to `readCallHead`) of the `{` that opens the arguments object, or,
   * with {@link CallHead.writer}, of the first unit that writer reads.
   */
  argumentsStart: number;
  /**
   * The writer of arguments the syntax does not write as a JSON object (`<parameter=KEY>VALUE`),
   * made for the call's tool from the parser's schemas and limits: fed the text from
   * `argumentsStart` on, it gives the canonical JSON of the arguments as it becomes certain.
   * Without it the arguments are a JSON object, written by the stream's JSON writer.
   */
  writer?: (tools: FormatContext['tools'], limits: ParseLimits) => CallArgumentsWriter;
  /**
   * Tokens at whose first occurrence the grammar ends the arguments' text, whatever they are
   * inside (hermes' `</tool_call>`): a string still open there never closed, so the stream does
   * not write what the lenient JSON reading would read otherwise (see `createCallArgumentsWriter`).
   */
  stops?: readonly string[];
}

/**
 * Where the text of a section that reads text, not calls, starts (harmony's `analysis` and
 * `final` messages), read before the section is complete so a stream can send that text as it is
 * written: see {@link Format.readTextHead}.
 */
export interface TextHead {
  /** The section's text is its `content`, or its `reasoning`. */
  kind: 'content' | 'reasoning';
  /** Offset (in the text given to `readTextHead`) where the text starts. */
  start: number;
  /** The text runs to the first of these after `start`, or to the end of the output. */
  stops: readonly string[];
}

/** What {@link Format.readNextCallHead} knows of the section before the head it reads. */
export interface PreviousCall {
  /**
   * The previous call's arguments, as its writer read them to their end: a syntax may look
   * through them (lfm2 ends its chain at a call holding its section's end token, where the
   * grammar may end the section) or at how they end (an XML call's close tag).
   */
  readonly arguments: string;
  /**
   * The section's text up to its first call's arguments (its marker and first head), where a
   * syntax's later calls follow the form its first one took (olmo3's list or calls one a line).
   */
  readonly opening: string;
}

/**
 * `marked` syntaxes announce themselves with their own token or tag (`<tool_call>`); `bare` ones
 * (a JSON object, a pythonic list, ReAct lines) look like ordinary text and are only trusted as a
 * fallback when the output shows tool intent.
 */
export type SyntaxKind = 'marked' | 'bare';

/** A tool-call syntax, as the scanner and the parse pipeline see it. */
export interface Format {
  readonly id: FormatId | CustomFormatId;
  readonly syntax: SyntaxKind;
  /** A line for docs and the CLI: which models emit it. */
  readonly models: string;
  /**
   * Strings whose occurrence may start a section. The scanner finds them with `indexOf`; they
   * must be literal and non-empty.
   */
  readonly markers: readonly string[];
  /**
   * A unit that must follow each marker, after optional blanks (space, tab, CR, LF), for
   * `parseAt` to read a section there (phi4_mini's `functools` then `[`). A promise, not a check:
   * in auto mode the scan then looks for this unit, which may be rarer in prose than any unit of
   * the marker, and leaves out occurrences no section can start at (except in example blocks,
   * where every occurrence is reported).
   */
  readonly markerFollowedBy?: string;
  /**
   * Markers that end a reasoning block still open where they occur: the model went from thinking
   * straight to its call without closing the block (Kimi K2 writes its section token inside
   * `<think>` with no `</think>`; vLLM's and SGLang's Kimi reasoning parsers end reasoning there
   * too). Only special tokens belong here, which a model cannot write as an example in its
   * thoughts. The reasoning runs up to the marker, and the section is read from it.
   */
  readonly endsReasoning?: readonly string[];
  /**
   * A cheap promise the batch scan checks before calling `parseAt`: `false` only where `parseAt`
   * provably reads no section (it would return `undefined`). Where several formats share a marker
   * (`<tool_call>` opens qwen3_coder, glm45, markup, granite and hermes), the scan looks up the
   * first unit after the marker once and drops, with one call each, the formats that cannot start
   * there instead of running each one's `parseAt` (and its refusal) in turn. Left undefined, every
   * hit is given to `parseAt`. A property test per format holds the promise against the grammar.
   *
   * @param marker - The marker that occurs at the hit (one of `markers`).
   * @param next - The first unit after the marker that is not a blank (space, tab, CR, LF), as a
   * UTF-16 code; -1 when the output ends first.
   * @returns `false` when no section of this format starts at such a marker.
   */
  mayOpen?(marker: string, next: number): boolean;
  /**
   * Reads the section that starts at `start` (where one of `markers` occurs). Returns `undefined`
   * when the text there is not this syntax, so another format sharing the marker can try.
   * Must never throw on any text and must run in time linear in the section it consumes.
   */
  parseAt(context: FormatContext, start: number): Section | undefined;
  /**
   * Streaming hint: strings after which a section of this format may end, for all its markers
   * (a list) or per marker (a record; a marker it does not name has none). Promise: whether
   * `parseAt` reads a section at such a marker, and the whole section it reads, depend only on
   * the text up to (and including) the first occurrence of one of these strings after the
   * marker, or on the whole rest of the output when none occurs; where the section read up to
   * that occurrence says it is open (`Section.open`: hermes cut at a close tag inside one of its
   * payload's strings), up to the first occurrence after which it does not. A stream then runs
   * the grammar only when one of them arrives instead of retrying on a growing buffer, and trusts
   * the answer it reads then. `test/formats/end-markers.test.ts` holds every declaring format to it.
   */
  readonly endMarkers?: readonly string[] | Readonly<Record<string, readonly string[]>>;
  /**
   * Streaming hint for a section with no end marker that ends at one of these tokens once its
   * calls are written (lfm2's block runs to `<|tool_call_end|>`, deepseek_v31's section to
   * `<｜tool▁calls▁end｜>`): when a stream started every call of a section from its head,
   * wrote them whole and reads no head after the last, it runs the grammar at the first of these
   * that arrives, rather than on its retry schedule (a section whose calls may be followed by
   * such a token or not, as an optional trailer, should not name it: the stream then runs the
   * grammar on the next few deltas instead). It trusts the answer only where the section read
   * says it is closed (`Section.open`).
   */
  readonly trailingEndsAt?: readonly string[];
  /**
   * Streaming hint: reads the head of the section's first call from an incomplete section.
   *
   * @param text - The text seen so far (offsets are relative to it).
   * @param start - Where the marker occurs in `text`.
   * @returns The head; `'wait'` while more text is needed; `undefined` when the first call's
   * arguments cannot stream (the call is then emitted at section end). Once it answers a head or
   * `undefined` for a text, it answers the same for every longer text (the head ends at its
   * arguments' `{`, at the `>` of a tag such as `<function=NAME>`, or at a Python call's `(`): a
   * stream reads it again only on deltas holding a `{`, a `>` or a `(`. A head is a promise about
   * the whole section, whatever text follows: `parseAt` reads a section at `start` whose first
   * call is this call, with this name and id (its arguments read from `argumentsStart`;
   * unreadable ones make it a call refused as `malformed`), or one with no call and an issue
   * refusing it. A stream has sent the call's start by then, and cannot take it back without
   * disagreeing with `parse`.
   */
  readCallHead?(text: string, start: number): CallHead | 'wait' | undefined;
  /**
   * Streaming hint for a section that reads text, not calls: where that text starts. A promise
   * about the whole section, whatever text follows: `parseAt` reads a section at `start` with no
   * call and no issue whose `content` (or `reasoning`, as `kind` says) is the text from the
   * head's `start` to the first of its `stops` after it, or to the end of the output (absent when
   * that text is empty), and the other one absent. A stream then sends the text as it comes,
   * holding back only what may start a stop. Answers like {@link Format.readCallHead}: `'wait'`,
   * then the same head or `undefined` for every longer text.
   *
   * @param text - The text seen so far (offsets are relative to it).
   * @param start - Where the marker occurs in `text`.
   * @returns The head; `'wait'` while more text is needed; `undefined` when the section's text
   * comes when it is read (or it reads calls).
   */
  readTextHead?(text: string, start: number): TextHead | 'wait' | undefined;
  /**
   * Streaming hint for sections holding several calls: the head of the call after one whose
   * arguments a head's writer read to their end (`CallHead.writer` and its `readLength`), so
   * that a stream starts each call of a section as the model writes it. Answers like
   * {@link Format.readCallHead} (`'wait'`, then the same head or `undefined` for every longer
   * text, read again only on deltas holding a `{`, a `>` or a `(`), and promises the same of the
   * section at the marker: if every call before was started from a head, its calls before this
   * one are those, and the next is this call (refused as `malformed` by name if need be). Formats
   * that cannot promise it (the section may still be refused whole, or read another way) leave it
   * out: their second and later calls come whole at the section's end.
   *
   * The stream gives only the text after the previous call, and that call apart: the section
   * before it is not joined again for every call, which would make a section of many calls cost
   * its length once per call.
   *
   * @param text - The text seen so far after the previous call's arguments (the head's offsets
   * are relative to it); it may end before the text seen so far does, and is given longer while
   * the answer is `'wait'`.
   * @param previous - The previous call and the section's opening.
   * @returns The head; `'wait'` while more text is needed; `undefined` when no call that can
   * stream follows there.
   */
  readNextCallHead?(text: string, previous: PreviousCall): CallHead | 'wait' | undefined;
  /**
   * Streaming hint, `mayOpen` on more text: `true` only where `parseAt` provably reads no section
   * at `start`, whatever text follows `text` (and so for every longer text). Where formats share
   * a marker, a stream reads the call head of a later one once every earlier one declines
   * (deepseek_v31 after deepseek_v3); where every candidate declines, the section is ordinary
   * text at once (muse_glimmer's `to=` in prose), not held to an end marker.
   * `test/formats/call-heads.test.ts` holds it to the grammar.
   *
   * @param text - The text seen so far.
   * @param start - Where the marker occurs in `text`.
   * @returns `true` when no section of this format starts there; `false` when it may.
   */
  declines?(text: string, start: number): boolean;
}

/**
 * The end markers a format promises for sections opened by `marker` (see `Format.endMarkers`).
 *
 * @param format - The format.
 * @param marker - One of its markers.
 * @returns The end markers, or `undefined` when it promises none there.
 * @example
 * ```ts
 * endMarkersAt(hermes, '<tool_call>'); // ['</tool_call>']
 * ```
 */
export function endMarkersAt(format: Format, marker: string): readonly string[] | undefined {
  const { endMarkers } = format;
  if (endMarkers === undefined || isMarkerList(endMarkers)) return endMarkers;
  return Object.hasOwn(endMarkers, marker) ? endMarkers[marker] : undefined;
}

function isMarkerList(
  endMarkers: NonNullable<Format['endMarkers']>,
): endMarkers is readonly string[] {
  return Array.isArray(endMarkers);
}
