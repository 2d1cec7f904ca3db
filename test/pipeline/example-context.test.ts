import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

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
});
