import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['tag_attr'], ids: 'sequential' });

describe('tag_attr', () => {
  it('should take the tool name from the name attribute and the arguments from the body', () => {
    const result = parser.parse('<tool name="find_flight">{"from": "BRU", "to": "LIS"}</tool>');
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'find_flight',
        arguments: { from: 'BRU', to: 'LIS' },
        format: 'tag_attr',
      }),
    ]);
  });

  it('should accept single-quoted attributes, an id attribute and an empty body', () => {
    const result = parser.parse("<tool id='3' name='now'></tool>");
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([['now', {}]]);
  });

  it('should read several tags and keep the text between them', () => {
    const result = parser.parse('A <tool name="a">{}</tool> B <tool name="b">{"n": 1}</tool> C');
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
    expect(result.content).toBe('A  B  C');
  });

  it('should report a body that is not a JSON object', () => {
    const result = parser.parse('<tool name="a">[1, 2]</tool>');
    expect(result.calls).toEqual([]);
    expect(result.issues[0]?.code).toBe('malformed-tool-call');
  });

  it('should report a tag without a name attribute', () => {
    const result = parser.parse('<tool kind="x">{}</tool>');
    expect(result.calls).toEqual([]);
    expect(result.issues[0]?.message).toContain('no tool name');
  });

  it('should refuse a tag that writes its name attribute twice, whichever comes first', () => {
    const tools = ['list_files', 'delete_files'].map((name) => ({
      name,
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    }));
    const gated = createParser({ formats: ['tag_attr'], tools });
    for (const text of [
      '<tool name="list_files" name="delete_files">{"path": "/"}</tool>',
      '<tool name="delete_files" name="list_files">{"path": "/"}</tool>',
    ]) {
      const result = gated.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((call) => call.reason)).toEqual(['malformed']);
      expect(result.issues[0]?.message).toContain('"name" twice');
    }
  });

  it('should refuse a tag with an attribute other than name and id, naming the attribute', () => {
    const gated = createParser({
      formats: ['tag_attr'],
      tools: [
        {
          name: 'delete_files',
          effect: 'destructive',
          parameters: { type: 'object', properties: { path: { type: 'string' } } },
        },
      ],
    });
    for (const text of [
      '<tool name="delete_files" path="/tmp"></tool>',
      '<tool path="/tmp" name="delete_files">{}</tool>',
    ]) {
      const result = gated.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
        ['delete_files', 'malformed'],
      ]);
      expect(result.rejected[0]?.envelope.received).toContain('"path"');
    }
  });

  it('should accept a complete body whose close tag never came, recording the repair', () => {
    const result = parser.parse('<tool name="a">{"q": "x"}');
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });
});
