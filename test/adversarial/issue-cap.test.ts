/** The `maxIssues` limit: a result lists at most that many issues, then one saying how many were dropped. */
import { describe, expect, it } from 'vitest';
import { createParser, DEFAULT_LIMITS } from '../../src/index.js';
import { expectEquivalent } from '../stream/equivalence.js';
import { everyTwoWaySplit, unitByUnit } from '../helpers/chunkers.js';
import { flood } from './inputs.js';

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

  it('should cap a 1 MB flood of qwen3_coder parameters at the default', () => {
    const text = `<tool_call>\n<function=f>\n${flood('<parameter=', 1024 * 1024)}`;
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

  it('should refuse a maxIssues that is not a positive integer', () => {
    expect(() => createParser({ limits: { maxIssues: 0 } })).toThrow(TypeError);
  });
});
