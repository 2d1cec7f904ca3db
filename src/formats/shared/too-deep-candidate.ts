/**
 * A bare JSON candidate (a whole-output object, a list, an untagged object) that `maxDepth` kept
 * from being read. Nothing tells a call from nested data without reading it, so the text stays
 * content and no call comes out of it (fail closed); the `too-deep` issue tells the caller that a
 * limit, not the model's prose, is why. Declining it instead would leave no trace of the limit.
 *
 * A format claims such a candidate only where it could be its own: the value closed (a run of
 * openers the output never closes, a flood of `{`, is no more a call than prose), and its text
 * mentions a key the format's calls need (`tool_calls` for openai_json, a name field for the
 * others). So deep data without such a key stays content without an issue, and in auto mode the
 * issue names the format that could have read it, not the first bare one tried at a `{`.
 */
import type { Issue } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import type { WholeJson } from './whole-json.js';

/** A candidate's bounds and what a format needs of it to claim it. */
export interface DeepCandidate {
  start: number;
  end: number;
  /** Whether the value closed. */
  closed: boolean;
  /** Text of which at least one must occur in the candidate (key names, unquoted). */
  mentions: readonly string[];
  /** Whether more text could change the section, when the format says. */
  open?: boolean;
}

/**
 * The section of an unread, too-deep bare candidate: its text as content, the limit's issue.
 *
 * @param context - The output.
 * @param candidate - Its bounds, whether it closed, the keys it must mention.
 * @param issues - What the reader reported; only `too-deep` issues are kept.
 * @returns The section, or `undefined` when no issue is `too-deep` (the candidate was read and
 * is not a call), or it did not close or mentions none of the keys: the format then declines it.
 * @example
 * ```ts
 * tooDeepCandidate(context, { start: 0, end: 400, closed: true, mentions: ['name'] }, [tooDeepIssue]);
 * ```
 */
export function tooDeepCandidate(
  context: FormatContext,
  candidate: DeepCandidate,
  issues: readonly Issue[],
): Section | undefined {
  if (!candidate.closed) return undefined;
  const tooDeep = issues.filter((issue) => issue.code === 'too-deep');
  if (tooDeep.length === 0) return undefined;
  // A slice, searched: the search stays inside the candidate, so many of them stay linear.
  const text = context.text.slice(candidate.start, candidate.end);
  if (!candidate.mentions.some((key) => text.includes(key))) return undefined;
  const section: Section = {
    start: candidate.start,
    end: candidate.end,
    calls: [],
    issues: tooDeep,
    content: text,
  };
  if (candidate.open !== undefined) section.open = candidate.open;
  return section;
}

/**
 * {@link tooDeepCandidate} for a whole-output value (json_block, openai_json) its reader refused.
 *
 * @param context - The output.
 * @param whole - The value and its bounds, as `readWholeJson` gave them.
 * @param mentions - Text of which at least one must occur in it (key names, unquoted).
 * @returns The section, or `undefined` as {@link tooDeepCandidate} says (or when it was read).
 */
export function tooDeepWholeJson(
  context: FormatContext,
  whole: WholeJson,
  mentions: readonly string[],
): Section | undefined {
  const { start, end, json } = whole;
  if (json.payload.ok) return undefined;
  return tooDeepCandidate(context, { start, end, closed: json.closed, mentions }, [
    json.payload.issue,
  ]);
}

/** What a candidate read as a call object must mention: one of its name fields. */
export const NAME_FIELD_MENTIONS: readonly string[] = ['name', 'tool'];
