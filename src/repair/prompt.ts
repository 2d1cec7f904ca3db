/**
 * The repair prompt: the refused calls of one turn rendered as a compact message for the next,
 * one envelope per line, so the model can fix every call in one turn (the guide's "structured
 * validation errors, not stack traces").
 */
import type { ErrorEnvelope, ParseResult, RejectedCall } from '../types.js';

/**
 * Opening line: what happened and what to do, said once. It speaks of the calls listed only: a
 * turn whose other calls ran must not read as if none did, or the model emits those again and a
 * tool that is not idempotent runs twice.
 */
const HEADER = 'These tool calls were not run. Fix each one as its error says and emit it again:';

/** The opening line when the result shows calls of the same turn that did run. */
function headerBeside(ran: number): string {
  const others =
    ran === 1
      ? 'the other call of your turn was run: do not emit it again'
      : `the other ${ran} calls of your turn were run: do not emit them again`;
  return `These tool calls were not run (${others}). Fix each one as its error says and emit it again:`;
}

/**
 * Renders refused calls as a message for the model's next turn.
 *
 * @param rejected - `result.rejected`, or the whole result: then the opening line also says how
 * many calls of the turn were run, so the model does not emit them again.
 * @returns The message, one JSON envelope per line; `''` when nothing was refused.
 * @example
 * ```ts
 * createRepairPrompt(result.rejected);
 * // These tool calls were not run. Fix each one as its error says and emit it again:
 * // {"error":"tool_validation_failed","tool":"update_ticket","field":"/priority","expected":"one of \"low\" | \"high\"","received":"\"critial\"","hint":"..."}
 * ```
 */
export function createRepairPrompt(
  rejected:
    readonly RejectedCall[] | (Pick<ParseResult, 'rejected'> & Partial<Pick<ParseResult, 'calls'>>),
): string {
  const whole = Array.isArray(rejected)
    ? undefined
    : (rejected as Pick<ParseResult, 'rejected'> & Partial<Pick<ParseResult, 'calls'>>);
  const list = whole === undefined ? rejected : whole.rejected;
  if (!Array.isArray(list)) {
    throw new TypeError('createRepairPrompt: pass result.rejected (an array) or the parse result');
  }
  if (list.length === 0) return '';
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const rejection of list as readonly RejectedCall[]) {
    const line = JSON.stringify(compact(rejection.envelope));
    // Several calls refused the same way (an ambiguous set) need saying once.
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  const ran = Array.isArray(whole?.calls) ? whole.calls.length : 0;
  return [ran > 0 ? headerBeside(ran) : HEADER, ...lines].join('\n');
}

/** Keeps the envelope's fields in a fixed order, leaving out empty ones. */
function compact(envelope: ErrorEnvelope): Record<string, unknown> {
  const ordered: Record<string, unknown> = { error: envelope.error };
  for (const key of ['tool', 'field', 'expected', 'received', 'allowed', 'more', 'hint'] as const) {
    const value = envelope[key];
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) ordered[key] = value;
  }
  return ordered;
}
