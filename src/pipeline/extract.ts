/**
 * Phase 1 of the pipeline: scan the output for markers, let each format read its sections, and
 * collect calls, content and reasoning. Nothing here decides whether a call may run.
 */
import { startsAt } from '../starts-at.js';
import type { Format, FormatContext, RawCall, Section } from '../formats/format.js';
import { firstUnitAfter, isBlank } from '../formats/shared/blanks.js';
import { findIntent } from '../policy/intent.js';
import type { Issue } from '../types.js';
import {
  createMarkerCursor,
  type BareWindow,
  type MarkerHit,
  type MarkerTable,
} from './marker-index.js';
import { IssueLog } from './cap-issues.js';
import { tagIssues } from './issue-format.js';
import { limitArgumentDepth } from './argument-depth.js';
import { ignoreRejection } from '../ignore-rejection.js';
import { append } from '../append.js';
import { createExampleCursor } from './example-context.js';
import {
  firstReasoningToken,
  readOpenReasoning,
  readThinkBlock,
  createEnderCursor,
  type EnderCursor,
  sectionText,
  THINK_OPEN,
  THINK_CLOSE,
} from './reasoning.js';

/** How the parser was asked to treat formats. */
export interface ExtractPlan {
  /** The marker table over every enabled format (generic `<think>` handling is added here). */
  readonly table: MarkerTable;
  /** Formats whose calls count as primary: `formats[0]`, or every marked format in auto mode. */
  readonly primary: ReadonlySet<Format>;
  /** True in `'auto'` mode: bare formats are then tried only on the whole output or after intent. */
  readonly auto: boolean;
  /** At most this many calls are read; more gives a `too-many-calls` issue. */
  readonly maxCalls: number;
  /** A result lists at most this many issues (see `cap-issues.ts`). */
  readonly maxIssues: number;
  /**
   * The output starts inside a reasoning block whose `<think>` the chat template wrote, so text
   * before an orphan `</think>` is reasoning (QwQ, DeepSeek R1). Default false: a stream can then
   * emit content before it has seen the whole output.
   */
  readonly reasoningStartsInside?: boolean;
  /**
   * Every marker occurrence is a hit, as in the stream. Off by default: in auto mode, markers only
   * bare formats use are then hits only where a bare call may start. The reference the windowed
   * scan is tested against.
   */
  readonly everyMarker?: boolean;
  /** Reasoning blocks stay in the content as written (the `reasoning.keepInContent` option). */
  readonly reasoningInContent?: boolean;
  /**
   * The template wrote the opening tag (`reasoning.prefilled`): when the output has no reasoning
   * token at all, the text before the first call is reasoning (the model went from thinking
   * straight to its call), and a call-less output is all reasoning.
   */
  readonly reasoningPrefilled?: boolean;
  /**
   * The markers that end an open `<think>` block (`Format.endsReasoning` of every enabled
   * format); none when absent.
   */
  readonly reasoningEnders?: readonly string[];
}

/** A call as phase 1 hands it to phase 2, with how it was found. */
export interface ExtractedCall extends RawCall {
  /** True when the call's format is a fallback for this parser. */
  fallback: boolean;
  /** True when the call is the whole trimmed output or follows an intent marker. */
  intent: boolean;
}

/** What phase 1 found in one output. */
export interface Extraction {
  calls: ExtractedCall[];
  content: string;
  reasoning: string;
  /** The issues, kept within `maxIssues` and what the gate needs (see `cap-issues.ts`). */
  issues: IssueLog;
  /** True when any format claimed a section (tool-call syntax was seen). */
  syntaxSeen: boolean;
}

/**
 * Runs phase 1 over one output.
 *
 * @param context - The output, tool schemas and limits.
 * @param plan - The parser's formats and their roles.
 * @returns Calls (not yet allowlisted or validated), content, reasoning and issues.
 */
export function extract(context: FormatContext, plan: ExtractPlan): Extraction {
  const { text } = context;
  // Made at the first call (see append.ts).
  let calls: ExtractedCall[] | undefined;
  const issues = new IssueLog(plan.maxIssues, plan.maxCalls);
  let syntaxSeen = false;
  let cursor = 0;

  // Every reasoning token, `<think>` and most markers start with `<`: none of them is searched
  // for before the first one, which in prose without tags is the call's own marker.
  const firstAngle = text.indexOf('<');
  // One search serves both: the forced-open block and, under `prefilled`, its absence.
  // (`prefilled` implies `startsInside`; the options refuse the other combination.)
  const firstToken =
    plan.reasoningStartsInside === true ? firstReasoningToken(text, firstAngle) : undefined;
  const openReasoning = readOpenReasoning(text, firstToken);
  const keepReasoning = plan.reasoningInContent === true;
  // A prefilled block the model never closed: content before the first call is reasoning.
  const parts = new TextParts(
    plan.reasoningPrefilled === true && !keepReasoning && firstToken === undefined,
  );
  if (openReasoning !== undefined) {
    if (keepReasoning) parts.content.push(text.slice(0, openReasoning.end));
    else parts.reasoning.push(openReasoning.text);
    cursor = openReasoning.end;
  }

  // What every hit's formats are placed by, made once: a hit only adds its position.
  const placement = new Placement(
    text,
    firstAngle,
    firstNonSpace(text, cursor),
    lastNonSpace(text),
  );
  // In auto mode a marker only bare formats use (`[`, `{`, `Action:`) can start a call only as the
  // first text or after intent; elsewhere nothing claims it, so it is not a hit (prose is not
  // stopped at every bracket). Such an unclaimed hit mattered only around example blocks: below,
  // `nextBareOnly` gives what stopping at it would have decided there.
  const examples = createExampleCursor(text);
  const window: BareWindow | undefined =
    plan.auto && plan.everyMarker !== true ? placement : undefined;
  const markers = createMarkerCursor(plan.table, text, window, firstAngle);
  const thinkAt = createThinkCursor(
    text,
    plan.reasoningStartsInside === true,
    firstToken,
    firstAngle,
  );

  // Where the next search starts. Text from `cursor` up to it is markers nothing claimed, kept to
  // go out with what follows: a run of unclaimed markers (a flood of `[`) is one slice of content,
  // not one slice per marker.
  let from = cursor;
  // The markers that end an open <think> block, made at the first block.
  let enders: EnderCursor | undefined;
  // Where the last <think> block a marker interrupted ended: the section read there may be
  // followed by the block's own </think> (-1: none).
  let interruptedAt = -1;
  for (;;) {
    const hit = markers.next(from);
    const think = thinkAt(from);
    // Nothing left to read: an example block would only pass its text on as content (without the
    // window no left-out marker can be inside one), so its search is skipped.
    if (hit === undefined && think === -1 && window === undefined) break;
    const thinkFirst = think !== -1 && (hit === undefined || think <= hit.position);
    // Whatever opens first decides: a <think> inside an example block is part of the example.
    const example = examples.next(from);
    if (thinkFirst && (example === undefined || think < example.start)) {
      // The block's text goes out directly, not through addContent: what comes before it first.
      parts.addContent(text.slice(cursor, from), calls !== undefined);
      cursor = from;
      enders ??= createEnderCursor(text, plan.reasoningEnders);
      const block = readThinkBlock(text, think, enders);
      if (block.interrupted === true) interruptedAt = block.end;
      if (keepReasoning) {
        parts.content.push(text.slice(cursor, block.end));
      } else {
        parts.content.push(text.slice(cursor, block.start));
        parts.reasoning.push(block.text);
      }
      cursor = block.end;
      from = cursor;
      continue;
    }
    if (example !== undefined && (hit === undefined || example.start <= hit.position)) {
      // Tool syntax shown in an example block is seen, reported, and left as content: the first
      // marker at or after the block's start, the window's left-out ones included.
      const leftOut = markers.nextBareOnly(example.start);
      const first =
        hit === undefined || (leftOut !== -1 && leftOut < hit.position) ? leftOut : hit.position;
      if (first !== -1 && first < example.end) {
        syntaxSeen = true;
        issues.push({
          code: 'example-context',
          message: `tool-call syntax inside a block introduced as an example was not treated as a call`,
          offset: first,
        });
      }
      parts.addContent(text.slice(cursor, example.end), calls !== undefined);
      cursor = example.end;
      from = cursor;
      continue;
    }
    if (hit === undefined) break;

    const section = readSection(context, plan, hit, placement);
    if (section === undefined) {
      // Nothing claimed this marker: it is ordinary text. Step one unit so the next marker
      // occurrence (possibly overlapping this one) is still found.
      from = hit.position + 1;
      continue;
    }
    syntaxSeen = true;
    const read = section.section;
    parts.addContent(text.slice(cursor, read.start), calls !== undefined);
    // A section with neither (any section that only reads calls) adds no text.
    if (read.content !== undefined || read.reasoning !== undefined) {
      const written = sectionText(read, () => text.slice(read.start, read.end), keepReasoning);
      parts.addContent(written.content, calls !== undefined);
      if (written.reasoning !== '') parts.reasoning.push(written.reasoning);
    }
    // A loop, not a spread: a section may carry more issues than a call takes arguments.
    for (const issue of section.section.issues) issues.push(issue);
    for (const call of section.section.calls) {
      if ((calls?.length ?? 0) >= plan.maxCalls) {
        issues.push({
          code: 'too-many-calls',
          message: `more than ${plan.maxCalls} tool calls in one output; the rest were not read`,
          offset: call.span.start,
        });
        return finish(calls, parts, issues, syntaxSeen);
      }
      calls = append(calls, extractedCall(call, !plan.primary.has(section.format), section.intent));
    }
    // A stop token ended the turn (harmony's <|call|>): what follows is not read at all.
    if (read.endsOutput === true) return finish(calls, parts, issues, syntaxSeen);
    cursor = read.end;
    if (read.start === interruptedAt) {
      cursor = closeInterruptedBlock(text, cursor, parts, keepReasoning, calls !== undefined);
    }
    // The turn ended at the section's close (see `Section.dropsTextUntil`): what follows up to
    // the next such section is dropped, not read.
    if (read.dropsTextUntil !== undefined) {
      cursor = text.indexOf(read.dropsTextUntil, cursor);
      if (cursor === -1) return finish(calls, parts, issues, syntaxSeen);
    }
    from = cursor;
  }
  parts.addContent(text.slice(cursor), calls !== undefined);
  return finish(calls, parts, issues, syntaxSeen);
}

/** The extraction from what the scan collected (a function of its own: an inner one is a closure). */
function finish(
  calls: ExtractedCall[] | undefined,
  parts: TextParts,
  issues: IssueLog,
  syntaxSeen: boolean,
): Extraction {
  return {
    calls: calls ?? [],
    content: joinParts(parts.content),
    reasoning: joinParts(parts.reasoning),
    issues,
    syntaxSeen,
  };
}

/**
 * A call with how it was found. Built field by field: spreading the call into a literal with two
 * more fields took V8's slow path and was the costliest step of reading a small output.
 *
 * @param call - The call a format read.
 * @param fallback - Whether its format is a fallback for this parser.
 * @param intent - Whether it is the whole output or follows an intent marker.
 * @returns The call for phase 2.
 */
export function extractedCall(call: RawCall, fallback: boolean, intent: boolean): ExtractedCall {
  const extracted: ExtractedCall = {
    name: call.name,
    arguments: call.arguments,
    format: call.format,
    span: call.span,
    repairs: call.repairs,
    complete: call.complete,
    fallback,
    intent,
  };
  if (call.id !== undefined) extracted.id = call.id;
  if (call.malformed !== undefined) extracted.malformed = call.malformed;
  return extracted;
}

/**
 * The content and reasoning one scan collects, in order. An object, not a closure over the scan's
 * variables: every parse would make the closure and the context it closes over.
 */
class TextParts {
  readonly content: string[] = [];
  readonly reasoning: string[] = [];

  /** @param untilCall - A prefilled block the model never closed: content before the first call is reasoning. */
  constructor(private readonly untilCall: boolean) {}

  /** Adds text outside any section or block (nothing when empty). */
  addContent(part: string, afterCall: boolean): void {
    if (part === '') return;
    if (this.untilCall && !afterCall) this.reasoning.push(part);
    else this.content.push(part);
  }
}

/**
 * Where in the output bare calls may stand, shared by every hit of one parse; in auto mode also
 * the marker cursor's window. An object, not closures, for the reason `TextParts` is one.
 */
class Placement implements BareWindow {
  /** Where tool intent starts, once looked up. */
  private intent: number | undefined = undefined;

  constructor(
    private readonly text: string,
    private readonly firstAngle: number,
    /** The output's first non-space offset (after any forced-open reasoning): a marker there is the first text. */
    readonly firstText: number,
    /** End of the last non-space text of the output. */
    readonly lastText: number,
  ) {}

  /**
   * Just after the first intent marker, or -1. Looked up only when a placement needs it (in
   * forced mode only a fallback or bare format's section asks), once.
   */
  intentFrom(): number {
    return (this.intent ??= findIntent(this.text, this.firstAngle));
  }
}

/**
 * Whether an intent marker ends before the hit's marker does. The marker itself may be the
 * intent marker (`<|python_start|>` opening a pythonic list).
 */
function hasIntent(placement: Placement, hit: MarkerHit): boolean {
  const from = placement.intentFrom();
  return from !== -1 && from <= hit.position + hit.marker.length;
}

/** Tries the formats that share a marker, in priority order; the first that reads a section wins. */
function readSection(
  context: FormatContext,
  plan: ExtractPlan,
  hit: MarkerHit,
  placement: Placement,
): { section: Section; format: Format; intent: boolean } | undefined {
  const { position, marker } = hit;
  const wholeStart = position <= placement.firstText;
  // The first non-blank unit after the marker, looked up once for every format's `mayOpen`
  // (-2 until a format asks): a hermes call in auto mode is then not offered to the four
  // formats before it that share `<tool_call>` and would each refuse it.
  let next = -2;
  for (const format of hit.formats) {
    if (format.mayOpen !== undefined) {
      if (next === -2) next = firstUnitAfter(context.text, position + marker.length);
      if (!format.mayOpen(marker, next)) continue;
    }
    const bare = format.syntax === 'bare';
    // Intent only matters to a bare syntax and to a fallback (the gate's fallback rule).
    const intent = (bare || !plan.primary.has(format)) && hasIntent(placement, hit);
    // In auto mode a bare syntax is only a candidate where the output shows tool intent.
    if (plan.auto && bare && !wholeStart && !intent) continue;
    const section = safeParseAt(format, context, position);
    if (section === undefined) continue;
    const whole = wholeStart && section.end >= placement.lastText;
    if (plan.auto && bare && !whole && !intent) continue;
    return { section, format, intent: whole || intent };
  }
  return undefined;
}

/**
 * Calls a format's `parseAt`, turning any throw into an issue: a format bug on hostile text must
 * not become an exception for the caller. A stack overflow means nesting beyond what the grammar
 * can follow, reported as `too-deep`.
 *
 * @param format - The format to run.
 * @param context - The text (the whole output, or a stream's window of it), schemas, limits.
 * @param start - Where the marker occurs.
 * @returns The section, or `undefined` when the format reads none there.
 * @example
 * ```ts
 * safeParseAt(hermes, { text: '<tool_call>{}</tool_call>', tools: undefined, limits }, 0)?.end; // 25
 * ```
 */
export function safeParseAt(
  format: Format,
  context: FormatContext,
  start: number,
): Section | undefined {
  let section: Section | undefined;
  try {
    section = format.parseAt(context, start);
    if (section === undefined || section.end <= start) return undefined;
    if (section.issues.length > 0) tagIssues(section.issues, format.id);
    return limitArgumentDepth(section, format, context.limits.maxDepth);
  } catch (error) {
    // An async parseAt answers with a promise, dropped here: what it rejects with is ignored.
    ignoreRejection(section);
    const tooDeep = error instanceof RangeError;
    const issue: Issue = {
      code: tooDeep ? 'too-deep' : 'malformed-tool-call',
      message: tooDeep
        ? `${format.id} section nests deeper than the parser can follow`
        : `${format.id} could not read the section`,
      offset: start,
    };
    tagIssues([issue], format.id);
    return { start, end: start + 1, calls: [], issues: [issue] };
  }
}

/**
 * A cursor over `<think>` occurrences, linear over the whole scan. No `<think>` comes before the
 * first `<`, nor, when the first reasoning token was looked up (`searched`), before that token,
 * and none at all when there is none: the cursor starts there rather than reading the output's
 * prefix again.
 */
function createThinkCursor(
  text: string,
  searched: boolean,
  firstToken: ReturnType<typeof firstReasoningToken>,
  firstAngle: number,
): (from: number) => number {
  // An output without `<think>` (most) shares one cursor rather than making a closure.
  if (firstAngle === -1 || (searched && firstToken === undefined)) return NO_THINK;
  let next = -2;
  const earliest = Math.max(firstToken?.at ?? 0, firstAngle);
  return (from) => {
    if (next === -1) return -1;
    if (next < from) next = text.indexOf(THINK_OPEN, Math.max(from, earliest));
    return next;
  };
}

const NO_THINK = (): number => -1;

/**
 * After the section that interrupted a `<think>` block: the block's `</think>` right after it
 * (blanks between) closes the block, a tag like any other. Kimi K2 was reported writing
 * `<think>...<|tool_calls_section_begin|>...<|tool_calls_section_end|></think>`.
 *
 * @returns Where the scan goes on: past the tag, or `cursor` when none follows.
 */
function closeInterruptedBlock(
  text: string,
  cursor: number,
  parts: TextParts,
  keepReasoning: boolean,
  afterCall: boolean,
): number {
  const at = firstNonSpace(text, cursor);
  if (!startsAt(text, THINK_CLOSE, at)) return cursor;
  const end = at + THINK_CLOSE.length;
  parts.addContent(text.slice(cursor, keepReasoning ? end : at), afterCall);
  return end;
}

/** The parts as one string; most outputs have none or one, which need no join. */
function joinParts(parts: readonly string[]): string {
  if (parts.length === 0) return '';
  return parts.length === 1 ? (parts[0] as string) : parts.join('');
}

function firstNonSpace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isBlank(text.charCodeAt(index))) index += 1;
  return index;
}

function lastNonSpace(text: string): number {
  let index = text.length;
  while (index > 0 && isBlank(text.charCodeAt(index - 1))) index -= 1;
  return index;
}
