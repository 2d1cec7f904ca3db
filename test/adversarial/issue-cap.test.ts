/** The `maxIssues` limit: a result lists at most that many issues, then one saying how many were dropped. */
import { describe, expect, it } from 'vitest';
import { createParser, DEFAULT_LIMITS } from '../../src/index.js';
import { expectEquivalent } from '../stream/equivalence.js';
import { everyTwoWaySplit, unitByUnit } from '../helpers/chunkers.js';
import { flood } from './inputs.js';
import { IssueLog } from '../../src/pipeline/cap-issues.js';
import type { Issue } from '../../src/index.js';

/** A kimi_k2 section of `count` calls without arguments: one malformed-tool-call issue each. */
function brokenKimi(count: number, before = 'Sure. '): string {
  const call = '<|tool_call_begin|>functions.f:0<|tool_call_end|>';
  return `${before}<|tool_calls_section_begin|>${call.repeat(count)}<|tool_calls_section_end|> done`;
}

describe('maxIssues', () => {
  it('should default to 1000', () => {
    expect(DEFAULT_LIMITS.maxIssues).toBe(1000);
  });

  it('should keep the first maxIssues issues and end with one too-many-issues issue', () => {
    const text = brokenKimi(5);
    const all = createParser({ formats: ['kimi_k2'] }).parse(text).issues;
    const capped = createParser({ formats: ['kimi_k2'], limits: { maxIssues: 2 } }).parse(text);
    expect(all).toHaveLength(5);
    expect(capped.issues.slice(0, 2)).toEqual(all.slice(0, 2));
    expect(capped.issues[2]).toEqual({
      code: 'too-many-issues',
      message: 'more than 2 issues in one output; the other 3 were dropped',
      offset: all[2]?.offset,
    });
    expect(capped.issues).toHaveLength(3);
  });

  it('should leave a result with maxIssues issues or fewer as it is', () => {
    const text = brokenKimi(2);
    const capped = createParser({ formats: ['kimi_k2'], limits: { maxIssues: 2 } }).parse(text);
    expect(capped.issues.map((issue) => issue.code)).toEqual([
      'malformed-tool-call',
      'malformed-tool-call',
    ]);
  });

  it('should not change calls or rejections', () => {
    const text = brokenKimi(5);
    const all = createParser({ formats: ['kimi_k2'], ids: 'sequential' }).parse(text);
    const capped = createParser({
      formats: ['kimi_k2'],
      ids: 'sequential',
      limits: { maxIssues: 1 },
    }).parse(text);
    expect(capped.rejected).toEqual(all.rejected);
    expect(capped.rejected).toHaveLength(5);
  });

  it('should cap a 1 MB flood of nameless qwen3_coder functions at the default', () => {
    // One issue each (a named function is one refused call, however many problems it holds).
    const text = `<tool_call>\n${flood('<function=>', 1024 * 1024)}`;
    const { issues } = createParser({ formats: ['qwen3_coder'] }).parse(text);
    expect(issues).toHaveLength(DEFAULT_LIMITS.maxIssues + 1);
    expect(issues.at(-1)?.code).toBe('too-many-issues');
  });

  it('should let a stream fold to what a capped parse gives', () => {
    const options = { formats: ['kimi_k2' as const], limits: { maxIssues: 2 } };
    for (const chunker of [unitByUnit, everyTwoWaySplit()]) {
      for (const deltas of chunker.chunkings(brokenKimi(4))) expectEquivalent(options, deltas);
    }
  });

  it('should reject the same sections past the cap, after issues that are no call', () => {
    // Three example blocks (an example-context issue each, which the gate does not reject) fill
    // the list before the broken calls come; the calls' issues must still reach the gate.
    const example =
      'For example:\n```\n<tool_call>{"name": "f", "arguments": {}}</tool_call>\n```\n';
    const text = example.repeat(3) + brokenKimi(6, '');
    for (const maxCalls of [4, 128]) {
      const options = {
        formats: ['hermes' as const, 'kimi_k2' as const],
        ids: 'sequential' as const,
      };
      const all = createParser({ ...options, limits: { maxCalls } }).parse(text);
      const capped = createParser({ ...options, limits: { maxCalls, maxIssues: 2 } }).parse(text);
      expect(all.issues.map((issue) => issue.code).slice(0, 4)).toEqual([
        'example-context',
        'example-context',
        'example-context',
        'malformed-tool-call',
      ]);
      expect(capped.rejected).toEqual(all.rejected);
      expect(capped.rejected).toHaveLength(Math.min(maxCalls, 6));
      expect(capped.issues.at(-1)?.message).toBe(
        'more than 2 issues in one output; the other 7 were dropped',
      );
    }
  });

  it('should reject the same sections past the cap when calls carry issues of their own', () => {
    // Two calls too deep to run carry their too-deep issue; the broken sections after them are
    // rejected up to maxCalls, whatever the list keeps.
    const deep = '<tool_call>{"name": "f", "arguments": {"a": {"b": {"c": 1}}}}</tool_call>';
    const text = deep.repeat(2) + brokenKimi(3, '');
    const options = {
      formats: ['hermes' as const, 'kimi_k2' as const],
      ids: 'sequential' as const,
    };
    const all = createParser({ ...options, limits: { maxCalls: 2, maxDepth: 2 } }).parse(text);
    const capped = createParser({
      ...options,
      limits: { maxCalls: 2, maxDepth: 2, maxIssues: 1 },
    }).parse(text);
    expect(all.rejected.map((rejection) => rejection.reason)).toEqual([
      'too-large',
      'too-large',
      'malformed',
      'malformed',
    ]);
    expect(capped.rejected).toEqual(all.rejected);
  });

  it('should refuse a maxIssues that is not a positive integer', () => {
    expect(() => createParser({ limits: { maxIssues: 0 } })).toThrow(TypeError);
  });
});

describe('IssueLog', () => {
  const issue = (code: Issue['code'], offset: number): Issue => ({ code, message: code, offset });

  it('should keep the first maxIssues issues, then only the call issues the gate may need', () => {
    const log = new IssueLog(3, 2);
    const pushed: Issue[] = [];
    for (let offset = 0; offset < 10_000; offset += 1) {
      const next = issue(offset % 2 === 0 ? 'malformed-tool-call' : 'example-context', offset);
      pushed.push(next);
      log.push(next);
    }
    // The first three, then four call issues (twice maxCalls) of the rest, in order.
    expect(log.kept).toEqual([
      ...pushed.slice(0, 3),
      ...pushed
        .slice(3)
        .filter((kept) => kept.code === 'malformed-tool-call')
        .slice(0, 4),
    ]);
    expect(log.list()).toEqual([
      ...pushed.slice(0, 3),
      {
        code: 'too-many-issues',
        message: 'more than 3 issues in one output; the other 9997 were dropped',
        offset: 3,
      },
    ]);
  });

  it('should list every issue, with no summary, up to maxIssues', () => {
    const log = new IssueLog(3, 2);
    const pushed = [issue('too-deep', 1), issue('example-context', 2), issue('too-deep', 3)];
    for (const next of pushed) log.push(next);
    expect(log.list()).toEqual(pushed);
  });
});
