import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { FormatId } from '../../src/index.js';
import { everyTwoWaySplit } from '../helpers/chunkers.js';
import { expectEquivalent } from '../stream/equivalence.js';

const parser = createParser({ ids: 'sequential' });

describe('example-context guard', () => {
  it('should not turn a call shown in a block introduced as an example into a call', () => {
    const text =
      'You can call tools, for example:\n```\n<tool_call>{"name": "delete_all", "arguments": {}}</tool_call>\n```\nShall I?';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toEqual(['example-context']);
    expect(result.content).toBe(text);
  });

  it('should still read a call after the example block', () => {
    const text =
      'The syntax looks like this:\n```\nTOOL_CALL {"tool_name": "x"}\n```\nTOOL_CALL {"tool_name": "real", "parameters": {}}';
    expect(parser.parse(text).calls.map((call) => call.name)).toEqual(['real']);
  });

  it('should read a fenced payload that no example cue introduces', () => {
    const text = 'TOOL_CALL\n```json\n{"tool_name": "real", "parameters": {}}\n```';
    expect(parser.parse(text).calls.map((call) => call.name)).toEqual(['real']);
  });

  it.each([['gigachat3'], ['hermes'], 'auto'] as (FormatId[] | 'auto')[])(
    'should keep a <think> that opens inside an example block as part of the example (%j)',
    (formats) => {
      const text = 'The tag looks like this:\n```\n<think>plan</think>\n```\nThat is all.';
      const result = createParser({ formats }).parse(text);
      expect(result.reasoning).toBe('');
      expect(result.content).toBe(text);
      for (const deltas of everyTwoWaySplit(2048).chunkings(text)) {
        expectEquivalent({ formats }, deltas);
      }
    },
  );
});
