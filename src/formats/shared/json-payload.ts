/**
 * A JSON payload between a syntax's own delimiters: one value, or several separated by commas
 * (models put `{...}, {...}` inside one `<tool_call>`), read with the JSON module's fast path and
 * lenient grammar.
 */
import {
  cutOffAt,
  onlyOuterCloserAdded,
  parseJson,
  type CallObjectLayout,
} from '../../json/index.js';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { WRAPPER_LEVELS } from '../../pipeline/argument-depth.js';

/** The values of a payload, or why it could not be read. */
export type PayloadOutcome =
  | {
      ok: true;
      values: unknown[];
      repairs: Repair[];
      complete: boolean;
      /** A bound on the payload's nesting, when the native parser read it (see `parseJson`). */
      depthAtMost?: number | undefined;
      /**
       * Where the items of its list of call objects start, when a lenient reader read one (the
       * values, or the items of a list that is the one value): see {@link splitRepairs}.
       */
      itemStarts?: number[] | undefined;
    }
  | { ok: false; issue: Issue };

/**
 * Reads `context.text.slice(start, end)` as JSON.
 *
 * @param context - The output and its limits.
 * @param start - Payload start (absolute).
 * @param end - Payload end (absolute, exclusive).
 * @param how - `callObjects`: where the call objects are whose keys written twice are noted (see
 * `parseJson`); `notNative`: do not try `JSON.parse` (see `parseJson`).
 * @returns The values in order (a top-level list is one value; comma- or line-separated values are
 * several), the repairs, and whether the
 * JSON was complete; or an issue.
 * @example
 * ```ts
 * readJsonPayload(context, 11, 40); // { ok: true, values: [{ name: 'f', arguments: {} }], ... }
 * ```
 */
export function readJsonPayload(
  context: FormatContext,
  start: number,
  end: number,
  how: { callObjects?: CallObjectLayout; notNative?: boolean } = {},
): PayloadOutcome {
  const text = context.text.slice(start, end);
  // The wrapper around the arguments is allowed its levels; the arguments themselves are held to
  // maxDepth once lowered (src/pipeline/argument-depth.ts).
  const decoded = parseJson(text, {
    maxDepth: context.limits.maxDepth + WRAPPER_LEVELS,
    offset: start,
    callObjects: how.callObjects,
    notNative: how.notNative,
  });
  if (!decoded.ok) return tooDeepWording(decoded, context.limits.maxDepth);
  // The lenient grammar reads `{...}, {...}` as one list and says so: those are several values.
  const several = decoded.repairs.findIndex((repair) => repair.kind === 'several-values');
  if (several !== -1 && Array.isArray(decoded.value)) {
    const repairs = decoded.repairs.filter((_, index) => index !== several);
    return {
      ok: true,
      values: decoded.value,
      repairs,
      complete: decoded.complete,
      itemStarts: decoded.itemStarts,
    };
  }
  // Every field in the literal, a missing bound as undefined: a field added later costs a store.
  return {
    ok: true,
    values: [decoded.value],
    repairs: decoded.repairs,
    complete: decoded.complete,
    depthAtMost: decoded.depthAtMost,
    itemStarts: decoded.itemStarts,
  };
}

/**
 * A payload's repairs split among the `count` items of its list of calls: each repair goes to the
 * item it was made in, one made before an item's start (a fence, a separator) to the item before
 * it, or to the first. Every call of a payload used to carry all of its repairs, so a payload of
 * n calls with a repair in each made n² of them (a hundred kilobytes of such calls took seconds
 * and held millions of repair records); split, they are as many as the payload made, and a value
 * invented in one call no longer refuses the intact calls beside it.
 *
 * @param payload - The payload's repairs (ordered by offset) and its items' starts, if known.
 * @param count - How many items the caller reads as calls: the starts must be theirs.
 * @returns Per item, its repairs (a lone item's are the payload's); `undefined` where the payload
 * made no repair or its items' starts are unknown (each call then carries all of the payload's
 * repairs).
 * @example
 * ```ts
 * splitRepairs({ repairs: [unquotedKeyAt3, trailingCommaAt40], itemStarts: [1, 30] }, 2);
 * // [[unquotedKeyAt3], [trailingCommaAt40]]
 * ```
 */
export function splitRepairs(
  payload: {
    readonly repairs: readonly Repair[];
    readonly itemStarts?: readonly number[] | undefined;
  },
  count: number,
): (readonly Repair[])[] | undefined {
  if (payload.repairs.length === 0 || count < 1) return undefined;
  if (count === 1) return [payload.repairs];
  const starts = payload.itemStarts;
  if (starts?.length !== count) return undefined;
  const parts: Repair[][] = [];
  for (let index = 0; index < count; index += 1) parts.push([]);
  for (const repair of payload.repairs) {
    // The last item starting at or before the repair (binary search: no order is assumed).
    let low = 0;
    let high = count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= repair.offset) low = middle;
      else high = middle - 1;
    }
    (parts[low] as Repair[]).push(repair);
  }
  return parts;
}

/**
 * Whether one item of a payload's list of calls is whole. A payload the output stopped inside was
 * cut in its last item: the repair that closed it lies at the payload's end, which
 * {@link splitRepairs} gives to that item, so the items before it are whole, as the calls before
 * a cut-off one are in the syntaxes read call by call (mistral's list, pythonic, qwen3_coder).
 *
 * Where the section's end marker came, the model ended the call itself: a call object (or list)
 * missing only its own last `}` (or `]`) had its arguments closed as written, so adding that
 * closer guesses nothing, and the call is whole (`{"name": "f", "arguments": {"a": 1}` then
 * `</tool_call>`). Anything more left open (the arguments, a string) could have closed in more
 * than one place and stays incomplete.
 *
 * @param payload - Whether the payload as a whole is complete.
 * @param own - The item's own repairs, its part of {@link splitRepairs}; undefined when the
 * payload made none or they could not be told apart.
 * @param end - Where the payload ends (absolute).
 * @param closed - Whether the section's end marker came.
 * @returns Whether the item may run.
 * @example
 * ```ts
 * itemComplete({ complete: false }, [], 60, false); // true: another item was cut off
 * ```
 */
export function itemComplete(
  payload: { readonly complete: boolean },
  own: readonly Repair[] | undefined,
  end: number,
  closed: boolean,
): boolean {
  if (payload.complete) return true;
  if (own === undefined) return false;
  if (!cutOffAt(own, end)) return true;
  return closed && onlyOuterCloserAdded(own, end);
}

/**
 * A payload past the reader's limit, worded with the caller's `maxDepth` (the reader's own limit
 * includes the wrapper's levels, a number the caller never set).
 *
 * @param outcome - A failed read.
 * @param maxDepth - The parser's limit.
 * @returns The same failure, a too-deep issue reworded.
 */
export function tooDeepWording<T extends { ok: false; issue: Issue }>(
  outcome: T,
  maxDepth: number,
): T {
  if (outcome.issue.code !== 'too-deep') return outcome;
  return {
    ...outcome,
    issue: {
      ...outcome.issue,
      message: `the payload nests deeper than the maxDepth limit of ${maxDepth} allows`,
    },
  };
}
