/**
 * JSON payloads of tool calls: native `JSON.parse` first (the fast path), and only when it fails
 * the lenient grammar `grammar/json.peggy`, which records every repair it makes. A payload whose
 * only repairs are the common ones (unquoted keys, Python's words, trailing commas) is read by
 * `quick.ts` in front of the grammar, to the same value and repairs.
 */
import { parse as parseGrammar } from '../generated/json.js';
import type { Issue, Repair } from '../types.js';
import { lowerDocument, noteCallObjects } from './lower.js';
import { findRepeatedKeys, type CallObjectLayout } from './repeated-keys.js';
import { depthBound } from './depth.js';
import { cannotBeJson } from './ends.js';
import { readCommonRepairs } from './quick.js';
import type { JsonDocument } from './ast.js';
import { BACKSLASH, CLOSE_BRACE, COLON, COMMA, QUOTE } from './char-codes.js';

export { lowerDocument, lowerNode, lowerString } from './lower.js';
export type { LoweredJson } from './lower.js';
export { scanJsonValue } from './scan.js';
export { depthBound, valueDepth } from './depth.js';
export { repeatedKeyOf } from './repeated-keys.js';
export type { CallObjectLayout } from './repeated-keys.js';
export type { JsonValueScan } from './scan.js';
export type * from './ast.js';

/** Options for {@link parseJson}. */
export interface JsonOptions {
  /** Accept exactly RFC 8259 JSON, no repairs (default false). */
  strict?: boolean;
  /** Deepest nesting of arrays and objects accepted (default 256); deeper gives `too-deep`. */
  maxDepth?: number;
  /** Offset of `text` in the whole output, added to repair and issue offsets (default 0). */
  offset?: number;
  /**
   * The text is a tool call payload: note its call objects that write a key twice, for
   * `repeatedKeyOf`. The value says where they are: `'calls'` (the top-level object, or each object
   * of a top-level list), `'message'` (each object of an OpenAI message's `tool_calls` list, and
   * the message); in both, a call object's `function` object too. Default: none are noted.
   */
  callObjects?: CallObjectLayout | undefined;
  /**
   * Do not try `JSON.parse` (default false): the caller saw that the text needs a repair, and a
   * refusal would cost a `SyntaxError`. Valid JSON is still read, by the lenient readers, as
   * `JSON.parse` reads it (never with `strict`).
   */
  notNative?: boolean | undefined;
}

/** The result of {@link parseJson}: a value with its repairs, or an issue. */
export type JsonOutcome =
  | {
      ok: true;
      value: unknown;
      repairs: Repair[];
      /** False when the text ended inside the value and closers were supplied. */
      complete: boolean;
      /**
       * A bound on the value's nesting, when the native parser read it: measured against
       * `maxDepth`, or half the text's length (a level takes two units of valid JSON).
       */
      depthAtMost?: number;
      /**
       * Where the items of the payload's list of call objects start (absolute, in text order),
       * when a lenient reader read it and `callObjects` was given: each repair can then be told
       * to the item it was made in (`splitRepairs`). Absent for `JSON.parse`, which repairs nothing.
       */
      itemStarts?: number[];
    }
  | { ok: false; issue: Issue };

/** Default for {@link JsonOptions.maxDepth}. */
export const DEFAULT_MAX_DEPTH = 256;

/** Repairs that, made at the very end of the text, mean the model was cut off. */
const CUT_OFF_KINDS = new Set([
  'missing-closing-quote',
  'missing-closing-bracket',
  'missing-closing-brace',
]);

/**
 * Whether repairs show the text was cut off: one of them closed a string, list or object at its
 * very end.
 *
 * @param repairs - Repairs of the text, or of a part of it that may reach its end.
 * @param end - Where the text ends (absolute, as the repairs' offsets are).
 * @returns True when the model stopped inside a value.
 * @example
 * ```ts
 * cutOffAt([{ kind: 'missing-closing-brace', offset: 40 }], 40); // true
 * ```
 */
export function cutOffAt(repairs: readonly Repair[], end: number): boolean {
  return repairs.some((item) => item.offset === end && CUT_OFF_KINDS.has(item.kind));
}

/**
 * Whether the one thing a cut-off text lacks is the closer of its outermost container: a single
 * `}` or `]` added at its end, so every value inside it was closed as written. (A reader adds
 * one closer per container left open, and a quote for a string left open.)
 *
 * @param repairs - Repairs of the text, or of the part of it holding one value.
 * @param end - Where the text ends (absolute).
 * @returns True when exactly one closer, and no quote, was added at `end`.
 * @example
 * ```ts
 * onlyOuterCloserAdded([{ kind: 'missing-closing-brace', offset: 40 }], 40); // true
 * ```
 */
export function onlyOuterCloserAdded(repairs: readonly Repair[], end: number): boolean {
  let added = 0;
  for (const item of repairs) {
    if (item.offset !== end || !CUT_OFF_KINDS.has(item.kind)) continue;
    if (item.kind === 'missing-closing-quote') return false;
    added += 1;
  }
  return added === 1;
}

/**
 * Parses one JSON value that fills `text` (surrounding whitespace allowed).
 *
 * @param text - The payload, e.g. the slice between `<tool_call>` and `</tool_call>`.
 * @param options - Strictness, depth limit and the payload's offset in the output.
 * @returns The value and the repairs made, or an issue (`invalid-json`, `too-deep`). Never throws.
 * @example
 * ```ts
 * parseJson('{"a": 1}'); // { ok: true, value: { a: 1 }, repairs: [], complete: true }
 * parseJson("{'a': 1,}"); // ok, repairs: single-quoted-string at 1, trailing-comma at 7
 * ```
 */
export function parseJson(text: string, options: JsonOptions = {}): JsonOutcome {
  const offset = options.offset ?? 0;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const fast = options.notNative === true && options.strict !== true ? NOT_JSON : nativeParse(text);
  if (fast.ok) {
    const depthAtMost = depthBound(fast.value, text.length, maxDepth);
    if (depthAtMost > maxDepth) return tooDeep(maxDepth, offset);
    if (options.callObjects !== undefined) findRepeatedKeys(text, fast.value, options.callObjects);
    return { ok: true, value: fast.value, repairs: [], complete: true, depthAtMost };
  }
  try {
    if (options.strict !== true) {
      // The common repairs, read without the grammar's nodes; at anything else it gives up
      // (undefined) and the grammar reads the text from the start.
      const quick = readCommonRepairs(text, maxDepth, offset, options.callObjects);
      if (quick !== undefined) {
        const read: JsonOutcome = {
          ok: true,
          value: quick.value,
          repairs: quick.repairs,
          complete: true,
        };
        if (quick.itemStarts !== undefined) read.itemStarts = quick.itemStarts;
        return read;
      }
    }
    const run = runGrammar(text, options.strict === true, maxDepth);
    if (!run.ok) return { ok: false, issue: invalidJson(text, run.failedAt, offset) };
    const { value, repairs } = lowerDocument(run.document, offset);
    const starts =
      options.callObjects === undefined
        ? undefined
        : noteCallObjects(run.document, value, options.callObjects, offset);
    const shifted = membersAfterBracketRepair(text, repairs, offset);
    if (shifted !== undefined) return { ok: false, issue: shifted };
    const end = offset + text.length;
    const complete = !cutOffAt(repairs, end);
    const read: JsonOutcome = { ok: true, value, repairs, complete };
    if (starts !== undefined) read.itemStarts = starts;
    return read;
  } catch (error) {
    return { ok: false, issue: describeFailure(error, text, maxDepth, offset) };
  }
}

/** What {@link nativeParse} gives for a text whose ends already show it is not JSON. */
const NOT_JSON = { ok: false } as const;

/**
 * `JSON.parse` of a text, unless its ends already show that it would throw (`cannotBeJson`): a
 * refused text then costs no `SyntaxError`.
 *
 * @param text - The text.
 * @returns The value, or `{ ok: false }` where `JSON.parse` refuses the text.
 * @example
 * ```ts
 * nativeParse('{"a": 1}'); // { ok: true, value: { a: 1 } }
 * nativeParse('{"a": 1,}'); // { ok: false }, read from its ends
 * ```
 */
export function nativeParse(text: string): { ok: true; value: unknown } | { ok: false } {
  return cannotBeJson(text) ? NOT_JSON : tryNative(text);
}

/**
 * `JSON.parse`, with V8's stack capture off while it runs: every repaired payload fails here
 * first, and capturing the stack of an error nobody reads doubled the cost of that failure.
 * `JSON.parse` without a reviver runs no user code, so nothing else sees the lowered limit; where
 * the limit cannot be written (frozen intrinsics) it is left alone.
 */
function tryNative(text: string): { ok: true; value: unknown } | { ok: false } {
  const limit = Error.stackTraceLimit;
  let lowered = false;
  try {
    Error.stackTraceLimit = 0;
    lowered = true;
  } catch {
    // A frozen Error: parse with the stack capture it has.
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  } finally {
    if (lowered) Error.stackTraceLimit = limit;
  }
}

/** The fields of peggy's library-mode result (`peg$library: true`) read here. */
interface LibraryRun {
  peg$success: boolean;
  peg$result: unknown;
  peg$FAILED: unknown;
  peg$currPos: number;
  peg$maxFailPos: number;
}

/**
 * Runs the grammar in peggy's library mode, which returns where the parse stopped instead of
 * throwing an error with a message. Nothing here reads that message (only its offset), and
 * building it (a description of every expected token) cost several times the parse itself.
 *
 * The first run also does not record what it expected at each position (`peg$silentFails`):
 * peggy builds that list as it goes, a fresh array each time the parse gets further, about a
 * tenth of a repaired payload's parse, and only a failure needs it. `peg$silentFails` only guards
 * that recording, so a successful silent run returns exactly what a recording run returns; a
 * failed one is run again recording, for the offset of the failure.
 *
 * `too-deep` (the grammar's `error()`) and a stack overflow still throw, from either run alike.
 */
function runGrammar(
  text: string,
  strict: boolean,
  maxDepth: number,
): { ok: true; document: JsonDocument } | { ok: false; failedAt: number } {
  // Both option objects are written out: built by a spread, the first one made the parser's
  // setup (peg$run) cost 8% of a repaired payload's profile, against under 1% for a literal.
  const silent = parseGrammar(text, {
    startRule: 'Document',
    strict,
    maxDepth,
    peg$library: true,
    peg$silentFails: 1,
  }) as unknown as LibraryRun;
  if (silent.peg$success) return { ok: true, document: silent.peg$result as JsonDocument };
  const run = parseGrammar(text, {
    startRule: 'Document',
    strict,
    maxDepth,
    peg$library: true,
  }) as unknown as LibraryRun;
  return { ok: false, failedAt: failureOffset(run, text.length) };
}

/**
 * Where peggy's own error would point for a failed library-mode run: the furthest position at
 * which a token failed, or, when the start rule matched but left text over, the end of that
 * match if it is further (peggy then records "end of input" expected there).
 */
function failureOffset(run: LibraryRun, length: number): number {
  const leftOver = run.peg$result !== run.peg$FAILED && run.peg$currPos < length;
  return leftOver ? Math.max(run.peg$maxFailPos, run.peg$currPos) : run.peg$maxFailPos;
}

/**
 * What {@link parseJson} gives for a value nesting deeper than its `maxDepth`.
 *
 * @param maxDepth - The limit passed.
 * @param offset - The text's offset in the output.
 * @returns The failed outcome, a `too-deep` issue at `offset`.
 */
export function tooDeep(maxDepth: number, offset: number): JsonOutcome & { ok: false } {
  return {
    ok: false,
    issue: {
      code: 'too-deep',
      message: `the payload nests deeper than ${maxDepth} levels`,
      offset,
    },
  };
}

/** Turns an error thrown while parsing (`too-deep`, a stack overflow from an oversized maxDepth) into an issue. */
function describeFailure(error: unknown, text: string, maxDepth: number, offset: number): Issue {
  const message = error instanceof Error ? error.message : String(error);
  if (message === 'too-deep') {
    return {
      code: 'too-deep',
      message: `the payload nests deeper than ${maxDepth} levels`,
      offset,
    };
  }
  // Only a maxDepth far above the default can let the recursion outgrow the stack.
  if (error instanceof RangeError) {
    return {
      code: 'too-deep',
      message: `the payload's nesting exhausted the stack (maxDepth ${maxDepth} is too high)`,
      offset,
    };
  }
  return invalidJson(text, readOffset(error), offset);
}

/** The issue for text that is not JSON even leniently, failing at `at` (relative to `text`). */
/**
 * An array closed by a `}` (its `]` supplied) is read as if the model forgot the `]`, so that
 * `}` closes the object around the array. When members follow that object (`{"ids": [1, 2},
 * "dry_run": true}`), the model more likely wrote `}` for `]`, and the reading moved them out of
 * the object they were written in: `dry_run` left the arguments and the call ran without it. The
 * two readings disagree on where those members belong, so the payload is refused rather than
 * run with either guess. A `}` followed by another element (`[{"a": [1}, {"b": 2}]`) or by the end
 * of its parent reads the same either way.
 *
 * @returns The issue, or `undefined` when no repaired bracket has members after it.
 */
function membersAfterBracketRepair(
  text: string,
  repairs: readonly Repair[],
  offset: number,
): Issue | undefined {
  for (const repair of repairs) {
    if (repair.kind !== 'missing-closing-bracket') continue;
    const at = repair.offset - offset;
    if (text.charCodeAt(at) !== CLOSE_BRACE) continue;
    const next = skipBlanks(text, at + 1);
    if (text.charCodeAt(next) !== COMMA || !startsMember(text, skipBlanks(text, next + 1)))
      continue;
    return {
      code: 'invalid-json',
      message: `the payload's brackets do not match: a "[" is closed by the "}" at ${repair.offset}, and the members after it could belong on either side of it; close the list with "]"`,
      offset: repair.offset,
      received: JSON.stringify(text.slice(Math.max(0, at - 12), at + 12)),
    };
  }
  return undefined;
}

function skipBlanks(text: string, from: number): number {
  let at = from;
  while (at < text.length && /\s/.test(text.charAt(at))) at += 1;
  return at;
}

/** An object member starts here: a quoted key, or a bare word, then a colon. */
function startsMember(text: string, from: number): boolean {
  let at = from;
  if (text.charCodeAt(at) === QUOTE) {
    at += 1;
    while (at < text.length && text.charCodeAt(at) !== QUOTE) {
      at += text.charCodeAt(at) === BACKSLASH ? 2 : 1;
    }
    at += 1;
  } else {
    while (at < text.length && /[\w$]/.test(text.charAt(at))) at += 1;
    if (at === from) return false;
  }
  return at <= text.length && text.charCodeAt(skipBlanks(text, at)) === COLON;
}

function invalidJson(text: string, at: number, offset: number): Issue {
  const received =
    at < text.length ? JSON.stringify(text.slice(at, at + 12)) : 'the end of the payload';
  return {
    code: 'invalid-json',
    message:
      at < text.length
        ? `the payload is not valid JSON: unexpected ${received}`
        : 'the payload is not valid JSON: it ends before a value is complete',
    offset: offset + at,
    received,
  };
}

function readOffset(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'location' in error) {
    const location = (error as { location?: { start?: { offset?: unknown } } }).location;
    const start = location?.start?.offset;
    if (typeof start === 'number') return start;
  }
  return 0;
}
