/**
 * The repair prompt: the refused calls of one turn rendered as a compact message for the next,
 * one envelope per line, so the model can fix every call in one turn (the guide's "structured
 * validation errors, not stack traces").
 */
import type { ErrorEnvelope, ParseResult, RejectedCall } from '../types.js';

/** Opening line: what happened and what to do, said once. */
const HEADER = 'Your tool calls were not run. Fix each one as its error says and emit them again:';

/**
 * Renders refused calls as a message for the model's next turn.
 *
 * @param rejected - `result.rejected`, or the whole result.
 * @returns The message, one JSON envelope per line; `''` when nothing was refused.
 * @example
 * ```ts
 * createRepairPrompt(result.rejected);
 * // Your tool calls were not run. Fix each one as its error says and emit them again:
 * // {"error":"tool_validation_failed","tool":"update_ticket","field":"/priority","expected":"one of \"low\" | \"high\"","received":"\"critial\"","hint":"..."}
 * ```
 */
export function createRepairPrompt(
  rejected: readonly RejectedCall[] | Pick<ParseResult, 'rejected'>,
): string {
  const list = Array.isArray(rejected)
    ? rejected
    : (rejected as Pick<ParseResult, 'rejected'>).rejected;
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
  return [HEADER, ...lines].join('\n');
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
