/**
 * The `maxIssues` limit. Hostile output can make a format report one issue per unreadable part
 * (a 1 MB run of `<parameter=` gives about 95,000), so the list a result carries is capped. The
 * cap applies to the list only: the gate has already turned issues into rejections (themselves
 * bounded by `maxCalls`), so calls and rejections, and a stream's events, do not depend on it.
 */
import type { Issue } from '../types.js';

/**
 * Keeps the first `max` issues and, when there were more, adds one `too-many-issues` issue.
 *
 * @param issues - Every issue of one output, in the order found.
 * @param max - The `maxIssues` limit.
 * @returns `issues` itself when within the limit, else a new, capped list.
 * @example
 * ```ts
 * capIssues(fiveIssues, 2).map((issue) => issue.code);
 * // ['malformed-tool-call', 'malformed-tool-call', 'too-many-issues']
 * ```
 */
export function capIssues(issues: Issue[], max: number): Issue[] {
  if (issues.length <= max) return issues;
  const kept = issues.slice(0, max);
  const first = issues[max] as Issue;
  const summary: Issue = {
    code: 'too-many-issues',
    message: `more than ${max} issues in one output; the other ${issues.length - max} were dropped`,
  };
  if (first.offset !== undefined) summary.offset = first.offset;
  kept.push(summary);
  return kept;
}
