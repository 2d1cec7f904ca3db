/**
 * Generic reasoning blocks (`<think>...</think>`), read before any tool syntax so that a call
 * written while thinking never becomes a call. Formats with their own reasoning tokens
 * (`<seed:think>`, `[THINK]`, harmony `analysis`) return them as sections with `reasoning`.
 */
import type { Format } from '../formats/format.js';
import { startsAt } from '../starts-at.js';

const OPEN = '<think>';
const CLOSE = '</think>';

/** The marker that opens a generic reasoning block. */
export const THINK_OPEN = OPEN;
/** The marker that closes it. */
export const THINK_CLOSE = CLOSE;

/** A reasoning block found in the text. */
export interface ReasoningBlock {
  start: number;
  end: number;
  text: string;
  /**
   * True when a marker that ends an open block ended it (`end` is where the marker starts): the
   * section read there interrupts the block, whose `</think>` may follow the section.
   */
  interrupted?: boolean;
}

/**
 * Tokens that open a reasoning block, and those that close one, for the reasoning some chat
 * templates force open: the model then writes only the closing token (`</think>` for QwQ,
 * DeepSeek and Qwen; `<|END_THINKING|>` for Cohere's Command A / R7B reasoning templates;
 * `</mm:think>` for MiniMax-M3's, whose thinking mode writes `<mm:think>` into the prompt;
 * `<|close|>think<|sep|>` for Kimi K3's, whose prompt ends with its think channel's tag;
 * `<|inner_suffix|>` for Apertus's, whose prompt ends with `<|inner_prefix|>` when deliberation
 * is on, as llama.cpp's Apertus parser reads it; `</ifm|think>`, `</ifm|think_fast>` and
 * `</ifm|think_faster>` for K2-Horizon's, whose prompt ends with the opener of the reasoning
 * effort asked for, as vLLM's k2_horizon reasoning parser reads it; `<|think:end|>` for Solar Open
 * 2's, whose prompt ends with `<|think:start|>`, as vLLM's solar_open2 reasoning parser reads it;
 * `<|plamo:end_think:plamo|>` for PLaMo 3's, whose prompt may open `<|plamo:begin_think:plamo|>`,
 * as vLLM's plamo3 reasoning parser reads everything before that close as reasoning). An
 * opener written first shows that the model writes its reasoning itself, as the header of a
 * harmony message does: gpt-oss reasons in its `analysis` messages, and Inkling in its
 * `<|content_thinking|>` blocks (any of its tokens says so: its prompt opens no thinking block,
 * and text before its first token is a block the prompt opened, content).
 */
export const OPEN_REASONING_OPENERS: readonly string[] = [
  OPEN,
  '<|START_THINKING|>',
  '<mm:think>',
  '<|open|>think<|sep|>',
  '<|inner_prefix|>',
  '<ifm|think>',
  '<ifm|think_fast>',
  '<ifm|think_faster>',
  '<|think:start|>',
  '<|plamo:begin_think:plamo|>',
  '<|start|>',
  '<|channel|>',
  '<|message_model|>',
  '<|content_thinking|>',
  '<|content_text|>',
  '<|content_invoke_tool_json|>',
  '<|content_invoke_tool_text|>',
  '<|content_tool_error|>',
  '<|end_message|>',
  '<|content_model_end_sampling|>',
];
/** See {@link OPEN_REASONING_OPENERS}. */
export const OPEN_REASONING_CLOSERS: readonly string[] = [
  CLOSE,
  '<|END_THINKING|>',
  '</mm:think>',
  '<|close|>think<|sep|>',
  '<|close|>think<|open|>',
  '<|inner_suffix|>',
  '</ifm|think>',
  '</ifm|think_fast>',
  '</ifm|think_faster>',
  '<|think:end|>',
  '<|plamo:end_think:plamo|>',
];

/**
 * Closers found with the token that follows them, and that token's length: on turns after tool
 * results Kimi K3 leaves out the `<|sep|>` of its think channel's close and opens the next
 * channel at once (`<|close|>think<|open|>response<|sep|>`, SGLang #32567). The block ends
 * before that next token, which is the next channel's.
 */
const CLOSERS_BEFORE_NEXT: ReadonlyMap<string, number> = new Map([
  ['<|close|>think<|open|>', '<|open|>'.length],
]);

/**
 * Where the reasoning a closing token ends goes on to: past the token, or, for a closer written
 * without its own end ({@link CLOSERS_BEFORE_NEXT}), before the token that follows it.
 *
 * @param token - A token of {@link OPEN_REASONING_CLOSERS}.
 * @param at - Where it occurs.
 * @returns The block's end.
 * @example
 * ```ts
 * closerEnd('</think>', 10); // 18
 * closerEnd('<|close|>think<|open|>', 10); // 24
 * ```
 */
export function closerEnd(token: string, at: number): number {
  return at + token.length - (CLOSERS_BEFORE_NEXT.get(token) ?? 0);
}

/**
 * Reads the reasoning some chat templates force open: the output starts inside the block and
 * only its closing token is written.
 *
 * @param text - The whole output.
 * @param first - The output's first reasoning token ({@link firstReasoningToken}).
 * @returns The block from the start to the first closing token, when no opening token comes
 * before it.
 */
export function readOpenReasoning(
  text: string,
  first: ReturnType<typeof firstReasoningToken>,
): ReasoningBlock | undefined {
  if (first === undefined || !first.closes) return undefined;
  return { start: 0, end: closerEnd(first.token, first.at), text: text.slice(0, first.at) };
}

/**
 * The first token of {@link OPEN_REASONING_OPENERS} or {@link OPEN_REASONING_CLOSERS} in the text.
 *
 * @param text - The whole output.
 * @param firstAngle - Where the text's first `<` is (-1: none), when the caller looked it up.
 * @returns Where it is, which it is and whether it closes a block; `undefined` when the output
 * has none (a prefilled block the model never closed).
 */
export function firstReasoningToken(
  text: string,
  firstAngle = text.indexOf('<'),
): { at: number; token: string; closes: boolean } | undefined {
  // Every token starts with `<`: one pass over the `<`s, not one indexOf per token (each would
  // read all of a long output that holds none).
  let walked = 0;
  for (let at = firstAngle; at !== -1; at = text.indexOf('<', at + 1)) {
    // Past the first few, one search for every token at once: with a call per `<`, 100 KB of
    // HTML in an argument took 166 µs (93 with the search) and a flood of `<` 35 ns a `<` (2 with
    // the search). A small output's few `<` are looked at here, which costs less than starting
    // the search.
    walked += 1;
    if (walked > WALKED_ANGLES) return searchReasoningToken(text, at);
    // The unit after the `<` rules out most tokens (and most tags) before a full comparison.
    const candidates = TOKENS_BY_SECOND_UNIT[text.charCodeAt(at + 1)];
    if (candidates === undefined) continue;
    for (const candidate of candidates) {
      // The token's last unit rules out the rest of the tags that share its second (`</tool_call>`
      // against `</think>`) before a comparison, which slices the text.
      if (
        text.charCodeAt(at + candidate.last) === candidate.lastUnit &&
        startsAt(text, candidate.token, at)
      ) {
        return { at, token: candidate.token, closes: candidate.closes };
      }
    }
  }
  return undefined;
}

/** The openers and closers, all starting with `<` (a test keeps it so). */
export const REASONING_TOKENS: readonly string[] = [
  ...OPEN_REASONING_OPENERS,
  ...OPEN_REASONING_CLOSERS,
];

/** A reasoning token, whether it closes a block, and its last unit (compared first). */
interface ReasoningToken {
  token: string;
  closes: boolean;
  /** The offset of the token's last unit. */
  last: number;
  lastUnit: number;
}

/**
 * {@link REASONING_TOKENS} by the code of their second unit, built once: most `<` in an output
 * (a tool tag, markup) are then ruled out by one lookup.
 */
const TOKENS_BY_SECOND_UNIT: readonly (readonly ReasoningToken[] | undefined)[] = (() => {
  const byUnit: ReasoningToken[][] = [];
  for (const token of REASONING_TOKENS) {
    const last = token.length - 1;
    const entry = {
      token,
      closes: OPEN_REASONING_CLOSERS.includes(token),
      last,
      lastUnit: token.charCodeAt(last),
    };
    (byUnit[token.charCodeAt(1)] ??= []).push(entry);
  }
  return byUnit;
})();

/** How many `<` {@link firstReasoningToken} looks at one by one before it searches. */
const WALKED_ANGLES = 8;

/** Every reasoning token: one search finds the first of them. */
const ANY_REASONING_TOKEN = new RegExp(
  REASONING_TOKENS.map((token) => token.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')).join('|'),
  'g',
);

/**
 * How much text one search reads from a `<` before the next `<` past it is found with `indexOf`.
 * The search reads every unit (about 0.65 ns a unit); `indexOf` skips text with no `<` some 25
 * times faster: ten tags before a 100 KB value took 58 µs here with one search to the end, 5 µs
 * with windows. Dense `<` are searched window after window at no cost to them (1 MB of `<`: 1.59
 * ms to the end, 1.32 ms in windows; 100 KB of HTML 60 µs either way); windows of 256 units made
 * those 1.6 and 2.3 times slower.
 */
const SEARCH_WINDOW = 1024;

/** The longest reasoning token, less one: a window reads this far past its end. */
const WINDOW_OVERLAP =
  REASONING_TOKENS.reduce((longest, token) => Math.max(longest, token.length), 0) - 1;

/**
 * Where {@link firstReasoningToken} goes on from `from`: one search in each window of text from a
 * `<`, the stretch after a window up to the next `<` skipped. A window holds every token that
 * starts in its first {@link SEARCH_WINDOW} units whole, so the first match in it is the text's
 * first token from its start; with none, the next window opens at the first `<` past those units.
 */
function searchReasoningToken(text: string, from: number): ReturnType<typeof firstReasoningToken> {
  for (let at = from; at !== -1; at = text.indexOf('<', at + SEARCH_WINDOW)) {
    // A slice of a flat string is a view of it in V8, not a copy.
    const window = text.slice(at, at + SEARCH_WINDOW + WINDOW_OVERLAP);
    ANY_REASONING_TOKEN.lastIndex = 0;
    const match = ANY_REASONING_TOKEN.exec(window);
    if (match === null) continue;
    const token = match[0];
    return { at: at + match.index, token, closes: OPEN_REASONING_CLOSERS.includes(token) };
  }
  return undefined;
}

/**
 * The markers that end an open `<think>` block for a parser's formats (see
 * `Format.endsReasoning`).
 *
 * @param formats - The enabled formats.
 * @returns Their markers, each once; empty when none declares any.
 * @example
 * ```ts
 * reasoningEnders([kimi_k2, hermes]); // ['<|tool_calls_section_begin|>', '<|tool_call_section_begin|>']
 * ```
 */
export function reasoningEnders(formats: readonly Format[]): readonly string[] {
  const enders = new Set<string>();
  for (const format of formats) for (const marker of format.endsReasoning ?? []) enders.add(marker);
  return [...enders];
}

/** Where the first marker that ends an open block is at or after an offset, or -1. */
export type EnderCursor = (from: number) => number;

/**
 * A cursor over one output's reasoning-ending markers, for offsets asked in increasing order:
 * each marker is searched again only once the occurrence found last is behind, so a run of
 * `<think>` blocks costs one pass over the output per marker, not one per block.
 *
 * @param text - The whole output.
 * @param enders - The markers ({@link reasoningEnders}); none when absent.
 * @returns The cursor (one that finds nothing when there are no markers).
 */
export function createEnderCursor(text: string, enders: readonly string[] = []): EnderCursor {
  // A parser without such markers (most) shares one cursor rather than making a closure.
  if (enders.length === 0) return NO_ENDER;
  // Per marker: where it was found last (-1: nowhere after where it was last searched from).
  const found = enders.map(() => -2);
  return (from) => {
    let first = -1;
    for (let index = 0; index < enders.length; index += 1) {
      let at = found[index] as number;
      if (at !== -1 && at < from) {
        at = text.indexOf(enders[index] as string, from);
        found[index] = at;
      }
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    return first;
  };
}

const NO_ENDER: EnderCursor = () => -1;

/**
 * Reads a `<think>` block starting at `start`; an unclosed block runs to the end of the output,
 * or to the first marker that ends an open block.
 *
 * @param text - The whole output.
 * @param start - Position of `<think>`.
 * @param enders - The cursor over the markers that end an open block.
 * @returns The block, its text without the tags; a block a marker ended ends where the marker
 * starts.
 */
export function readThinkBlock(text: string, start: number, enders: EnderCursor): ReasoningBlock {
  const bodyStart = start + OPEN.length;
  const close = text.indexOf(CLOSE, bodyStart);
  const ender = enders(bodyStart);
  if (ender !== -1 && (close === -1 || ender < close)) {
    return { start, end: ender, text: text.slice(bodyStart, ender), interrupted: true };
  }
  if (close === -1) return { start, end: text.length, text: text.slice(bodyStart) };
  return { start, end: close + CLOSE.length, text: text.slice(bodyStart, close) };
}

/** What a section adds to the output's content and reasoning. */
export interface SectionText {
  content: string;
  reasoning: string;
}

/**
 * The content and reasoning a section contributes, shared by `parse` and the stream so both
 * report a section the same way.
 *
 * @param section - The section's `content`, `reasoning` and whether it read calls.
 * @param raw - The section's own text as written (`text.slice(section.start, section.end)`).
 * @param keepInContent - The `reasoning.keepInContent` option.
 * @returns The section's content and reasoning. With `keepInContent`, a section that is only
 * reasoning (a `[THINK]` or `<seed:think>` block) is content as written, tags included; reasoning
 * inside a section that also reads calls or content is content as its text.
 */
export function sectionText(
  section: {
    content?: string | undefined;
    reasoning?: string | undefined;
    calls: readonly unknown[];
  },
  raw: () => string,
  keepInContent: boolean,
): SectionText {
  const content = section.content ?? '';
  const reasoning = section.reasoning ?? '';
  if (!keepInContent || section.reasoning === undefined) return { content, reasoning };
  if (section.content === undefined && section.calls.length === 0) {
    return { content: raw(), reasoning: '' };
  }
  return { content: reasoning + content, reasoning: '' };
}
