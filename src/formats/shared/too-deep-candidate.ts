/**
 * A bare JSON candidate (a whole-output object, a list, an untagged object) that `maxDepth` kept
 * from being read. Nothing tells a call from nested data without reading it, so the text stays
 * content and no call comes out of it (fail closed); the `too-deep` issue tells the caller that a
 * limit, not the model's prose, is why. Declining it instead would leave no trace of the limit.
 * Only a closed candidate counts: a run of openers the output never closes (a flood of `{`) is
 * no more a call than prose, and stays content without an issue, as it did before.
 */
import type { Issue } from '../../types.js';
import type { FormatContext, Section } from '../format.js';

/**
 * The section of an unread, too-deep bare candidate: its text as content, the limit's issue.
 *
 * @param context - The output.
 * @param span - The candidate's bounds, whether its value closed, and whether more text could
 * change the section (`open`, left out when the format does not say).
 * @param issues - What the reader reported; only `too-deep` issues are kept.
 * @returns The section, or `undefined` when the value did not close or no issue is `too-deep`
 * (the candidate was read and is not a call): the format then declines it.
 * @example
 * ```ts
 * tooDeepCandidate(context, { start: 0, end: 400, closed: true }, [tooDeepIssue])?.content; // the 400 units
 * ```
 */
export function tooDeepCandidate(
  context: FormatContext,
  span: { start: number; end: number; closed: boolean; open?: boolean },
  issues: readonly Issue[],
): Section | undefined {
  if (!span.closed) return undefined;
  const tooDeep = issues.filter((issue) => issue.code === 'too-deep');
  if (tooDeep.length === 0) return undefined;
  const section: Section = {
    start: span.start,
    end: span.end,
    calls: [],
    issues: tooDeep,
    content: context.text.slice(span.start, span.end),
  };
  if (span.open !== undefined) section.open = span.open;
  return section;
}
