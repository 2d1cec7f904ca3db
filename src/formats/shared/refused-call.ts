/**
 * A call the lowering refuses but can name: its arguments could not be read, or its syntax is
 * broken past its name. Passed on as a call carrying the issue as `malformed`, so phase 2 rejects
 * it with an envelope naming the tool, and a stream that announced the call from its head ends it
 * as `parse` does.
 */
import type { FormatId, Issue, Repair, Span } from '../../types.js';
import type { RawCall } from '../format.js';

/**
 * The named call refused as `malformed` by `issue`, with no arguments.
 *
 * @param name - The tool name the model wrote.
 * @param format - The call's format.
 * @param span - The call's span.
 * @param issue - Why it is refused.
 * @param repairs - Repairs that concern the whole call (default none).
 * @param complete - False when the output cut the call off (default true).
 * @returns The call.
 * @example
 * ```ts
 * refusedCall('f', 'hermes', { start: 0, end: 40 }, malformed('the call writes "name" twice', 11));
 * ```
 */
export function refusedCall(
  name: string,
  format: FormatId,
  span: Span,
  issue: Issue,
  repairs: Repair[] = [],
  complete = true,
): RawCall {
  return { name, arguments: {}, format, span, repairs, complete, malformed: issue };
}

/**
 * The calls a stream may have started from their heads in a section it cannot read call by call,
 * each refused by name with the section's issue (the issue is the section's one rejection
 * otherwise): they end as `parse` gives them.
 *
 * @param names - The names, in order.
 * @param format - The calls' format.
 * @param span - The section's span.
 * @param issue - Why they are refused.
 * @param complete - False when the output cut the section off (default true).
 * @returns The calls, and the issue once.
 * @example
 * ```ts
 * refusedByNames(['f', 'g'], 'jamba', { start: 0, end: 90 }, malformed('not JSON', 12));
 * ```
 */
export function refusedByNames(
  names: readonly string[],
  format: FormatId,
  span: Span,
  issue: Issue,
  complete = true,
): { calls: RawCall[]; issues: Issue[] } {
  const calls = names.map((name) => refusedCall(name, format, span, issue, [], complete));
  return { calls, issues: [issue] };
}

/**
 * {@link refusedByNames} for calls a stream started under their own ids (command_r7b's
 * `tool_call_id`): each refused call keeps the id its head announced.
 *
 * @param heads - The heads' names and ids, in order.
 * @param format - The calls' format.
 * @param span - The section's span.
 * @param issue - Why they are refused.
 * @returns The calls, and the issue once.
 * @example
 * ```ts
 * refusedByHeads([{ name: 'f', id: '0' }], 'command_r7b', { start: 0, end: 90 }, issue);
 * ```
 */
export function refusedByHeads(
  heads: readonly { name: string; id?: string }[],
  format: FormatId,
  span: Span,
  issue: Issue,
): { calls: RawCall[]; issues: Issue[] } {
  return {
    calls: heads.map((head) => refusedHeadCall(head, format, span, issue)),
    issues: [issue],
  };
}

/**
 * The call a head announced, refused as `malformed` by `issue`, under the head's id if it has one.
 *
 * @param head - The head's name and id.
 * @param format - The call's format.
 * @param span - The call's span.
 * @param issue - Why it is refused.
 * @returns The call.
 */
export function refusedHeadCall(
  head: { name: string; id?: string },
  format: FormatId,
  span: Span,
  issue: Issue,
): RawCall {
  const call = refusedCall(head.name, format, span, issue);
  if (head.id !== undefined) call.id = head.id;
  return call;
}
