/**
 * Which format reported an issue. An unreadable section becomes a rejection whose envelope names
 * the syntax to write again, and the issue alone does not say which format read it: guessed from
 * the nearest marker, a hermes payload that is not JSON was named `openai_json (starting with {)`
 * in auto mode, because its `{` is that format's marker and starts closer than `<tool_call>`.
 * Issues are tagged where a format returns them, without a field on the public `Issue` type.
 */
import type { CallFormat, Issue } from '../types.js';

const formatOfIssue = new WeakMap<Issue, CallFormat>();

/**
 * Tags the issues a format returned for one section with that format.
 *
 * @param issues - The section's issues (a call's own `malformed` issue names its call's format).
 * @param format - The format that read the section.
 * @example
 * ```ts
 * const issue = { code: 'malformed-tool-call', message: 'not JSON', offset: 11 } as const;
 * tagIssues([issue], 'hermes');
 * issueFormat(issue); // 'hermes'
 * ```
 */
export function tagIssues(issues: readonly Issue[], format: CallFormat): void {
  for (const issue of issues) formatOfIssue.set(issue, format);
}

/**
 * The format that reported an issue, when a format did.
 *
 * @param issue - An issue from phase 1.
 * @returns The format's id, or `undefined` for an issue no format reported (a limit, a reasoning
 * block) or one copied without {@link copyIssueTag}.
 */
export function issueFormat(issue: Issue): CallFormat | undefined {
  return formatOfIssue.get(issue);
}

/**
 * Gives a copy of an issue (moved to other offsets) the tag of the original.
 *
 * @param from - The original issue.
 * @param to - Its copy.
 * @returns The copy.
 */
export function copyIssueTag(from: Issue, to: Issue): Issue {
  const format = formatOfIssue.get(from);
  if (format !== undefined) formatOfIssue.set(to, format);
  return to;
}
