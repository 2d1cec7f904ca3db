import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['minimax'], ids: 'sequential' });

describe('minimax', () => {
  it('should read one call object a line', () => {
    const result = parser.parse(
      '<tool_calls>\n{"name": "translate", "arguments": {"text": "hi", "to": "fr"}}\n{"name": "speak", "arguments": {"voice": "b"}}\n</tool_calls>',
    );
    expect(
      result.calls.map(({ name, arguments: args, format }) => ({ name, args, format })),
    ).toEqual([
      { name: 'translate', args: { text: 'hi', to: 'fr' }, format: 'minimax' },
      { name: 'speak', args: { voice: 'b' }, format: 'minimax' },
    ]);
    expect(result.content).toBe('');
  });

  it('should keep prose before the tag as content', () => {
    const result = parser.parse(
      'Translating now.\n<tool_calls>\n{"name": "translate", "arguments": {}}\n</tool_calls>',
    );
    expect(result.content).toBe('Translating now.\n');
  });

  it('should accept complete calls whose close tag never came, recording the repair', () => {
    const result = parser.parse('<tool_calls>\n{"name": "translate", "arguments": {"to": "de"}}\n');
    expect(result.calls.map((call) => call.name)).toEqual(['translate']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse('<tool_calls>\n{"name": "translate", "arguments": {"to": "d');
    expect(result.calls).toEqual([]);
  });

  it('should not let an unclosed object run past the close tag', () => {
    const result = parser.parse(
      '<tool_calls>\n{"name": "a", "arguments": {</tool_calls> text <tool_calls>\n{"name": "b", "arguments": {}}\n</tool_calls>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['b']);
  });

  it('should report lines that are not call objects', () => {
    const result = parser.parse('<tool_calls>\ntranslate hi to fr\n</tool_calls>');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should report a call object without a name and keep the good ones', () => {
    const result = parser.parse(
      '<tool_calls>\n{"name": " ", "arguments": {}}\n{"name": "ok", "arguments": {}}\n</tool_calls>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['ok']);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should refuse a call object it cannot read by the name its head spells', () => {
    // A stream starts each object's call at its arguments' `{`: the call it announced must end.
    const result = parser.parse(
      '<tool_calls>\n{"name": "translate", "arguments": {"to": "fr"}, "name": "speak"}\n{"name": "ok", "arguments": {}}\n</tool_calls>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['ok']);
    expect(result.rejected.map(({ name, reason }) => [name, reason])).toEqual([
      ['translate', 'malformed'],
    ]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should refuse, by name, an object the close tag cut off', () => {
    const result = parser.parse(
      '<tool_calls>\n{"name": "a", "arguments": {"x": "</tool_calls>"}}\n</tool_calls>',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.name)).toEqual(['a']);
  });

  it('should be found in auto mode, where lists go to hunyuan_a13b', () => {
    const result = createParser().parse(
      '<tool_calls>\n{"name": "speak", "arguments": {}}\n</tool_calls>',
    );
    expect(result.calls.map((call) => call.format)).toEqual(['minimax']);
  });
});
