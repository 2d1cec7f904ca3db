import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['granite_20b_fc'], ids: 'sequential' });

describe('granite_20b_fc', () => {
  it('should read one call after the tag', () => {
    const result = parser.parse(
      '<function_call> {"name": "distance", "arguments": {"from": "A", "to": "B"}}',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'distance',
        arguments: { from: 'A', to: 'B' },
        format: 'granite_20b_fc',
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read one call per tag', () => {
    const result = parser.parse(
      '<function_call> {"name": "a", "arguments": {}}\n<function_call> {"name": "b", "arguments": {"n": 2}}',
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'a', args: {} },
      { name: 'b', args: { n: 2 } },
    ]);
  });

  it('should keep prose around the calls as content and consume a close tag', () => {
    const result = parser.parse(
      'Measuring.\n<function_call> {"name": "distance", "arguments": {}}</function_call>\nDone.',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['distance']);
    expect(result.content).toBe('Measuring.\n\nDone.');
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse('<function_call> {"name": "distance", "arguments": {"from": "A"');
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['incomplete']);
  });

  it('should report a call object without a name', () => {
    const result = parser.parse('<function_call> {"arguments": {}}');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should report an object that is not JSON', () => {
    const result = parser.parse('<function_call> {"name" "distance" :: ,, }');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should leave a tag without JSON after it alone', () => {
    const result = parser.parse('<function_call><name>distance</name></function_call>');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should be found in auto mode', () => {
    const result = createParser().parse('<function_call> {"name": "distance", "arguments": {}}');
    expect(result.calls.map((call) => call.format)).toEqual(['granite_20b_fc']);
  });
});
