/**
 * The `maxIssues` limit. Hostile output can make a format report one issue per unreadable part
 * (a 1 MB run of `[TOOL_CALLS]` gives about 87,000), so the list a result carries is capped, and
 * the scan keeps no more than the list and the gate need: 16 MB of `[TOOL_CALLS]` held 1.4 million
 * issues, about 220 MB, to list a thousand of them. The cap applies to the list only: the gate
 * still sees every issue it turns into a rejection (rejections are bounded by `maxCalls`), so
 * calls and rejections, and a stream's events, do not depend on it.
 */
import { CALL_ISSUES } from '../policy/gate.js';
import type { Issue } from '../types.js';

/**
 * The issues of one output as the scan finds them: all of the first `maxIssues`, then only those
 * the gate may turn into rejections, counting the rest. A class, as the scan's other per-parse
 * state is: every parse makes one.
 */
export class IssueLog {
  /**
   * What the gate reads, in the order found: every issue up to `maxIssues`, then the call issues
   * (see `CALL_ISSUES`) up to twice `maxCalls`. The gate rejects the first `maxCalls` that no call
   * carries, and at most `maxCalls` calls carry one, so it never needs more.
   */
  readonly kept: Issue[] = [];
  // Issues found in all, and the first past the cap (whose offset the summary gives).
  private found = 0;
  private firstPast: Issue | undefined;
  private keptPast = 0;

  /**
   * @param maxIssues - The `maxIssues` limit.
   * @param maxCalls - The `maxCalls` limit.
   */
  constructor(
    private readonly maxIssues: number,
    private readonly maxCalls: number,
  ) {}

  /** Notes one more issue. */
  push(issue: Issue): void {
    this.found += 1;
    if (this.found <= this.maxIssues) {
      this.kept.push(issue);
      return;
    }
    this.firstPast ??= issue;
    if (this.keptPast < 2 * this.maxCalls && CALL_ISSUES.has(issue.code)) {
      this.kept.push(issue);
      this.keptPast += 1;
    }
  }

  /**
   * The list a result carries: the first `maxIssues` issues and, when there were more, one
   * `too-many-issues` issue that counts the others.
   *
   * @returns The capped list (the kept array itself when within the limit).
   * @example
   * ```ts
   * const log = new IssueLog(2, 128);
   * for (const issue of fiveIssues) log.push(issue);
   * log.list().map((issue) => issue.code); // ['malformed-tool-call', 'malformed-tool-call', 'too-many-issues']
   * ```
   */
  list(): Issue[] {
    const { firstPast, maxIssues } = this;
    if (firstPast === undefined) return this.kept;
    const listed = this.kept.slice(0, maxIssues);
    const summary: Issue = {
      code: 'too-many-issues',
      message: `more than ${maxIssues} issues in one output; the other ${this.found - maxIssues} were dropped`,
    };
    if (firstPast.offset !== undefined) summary.offset = firstPast.offset;
    listed.push(summary);
    return listed;
  }
}
