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
