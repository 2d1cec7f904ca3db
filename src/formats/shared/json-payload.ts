/**
 * A JSON payload between a syntax's own delimiters: one value, or several separated by commas
 * (models put `{...}, {...}` inside one `<tool_call>`), read with the JSON module's fast path and
 * lenient grammar.
 */
import { parseJson } from '../../json/index.js';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';

/** The values of a payload, or why it could not be read. */
export type PayloadOutcome =
  | { ok: true; values: unknown[]; repairs: Repair[]; complete: boolean }
  | { ok: false; issue: Issue };

/**
 * Reads `context.text.slice(start, end)` as JSON.
 *
 * @param context - The output and its limits.
 * @param start - Payload start (absolute).
 * @param end - Payload end (absolute, exclusive).
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
): PayloadOutcome {
  const text = context.text.slice(start, end);
  const decoded = parseJson(text, { maxDepth: context.limits.maxDepth, offset: start });
  if (!decoded.ok) return decoded;
  // The lenient grammar reads `{...}, {...}` as one list and says so: those are several values.
  const several = decoded.repairs.findIndex((repair) => repair.kind === 'several-values');
  if (several !== -1 && Array.isArray(decoded.value)) {
    const repairs = decoded.repairs.filter((_, index) => index !== several);
    return { ok: true, values: decoded.value, repairs, complete: decoded.complete };
  }
  return {
    ok: true,
    values: [decoded.value],
    repairs: decoded.repairs,
    complete: decoded.complete,
  };
}
