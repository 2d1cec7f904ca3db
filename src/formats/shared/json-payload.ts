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
 * @returns The values in order (a top-level list is not unpacked), the repairs, and whether the
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
  const options = { maxDepth: context.limits.maxDepth };
  const single = parseJson(text, { ...options, offset: start });
  if (single.ok) {
    return { ok: true, values: [single.value], repairs: single.repairs, complete: single.complete };
  }
  if (single.issue.code === 'too-deep') return single;
  // Several values separated by commas read as the items of one list; offsets shift by the "[".
  const sequence = parseJson(`[${text}]`, { ...options, offset: start - 1 });
  if (sequence.ok && Array.isArray(sequence.value) && sequence.value.length > 1) {
    return {
      ok: true,
      values: sequence.value,
      repairs: sequence.repairs,
      complete: sequence.complete,
    };
  }
  return single;
}
