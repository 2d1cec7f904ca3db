import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['hunyuan_a13b'], ids: 'sequential' });

describe('hunyuan_a13b', () => {
  it('should read a list of calls between the tags', () => {
    const result = parser.parse(
      '<tool_calls>[{"name": "route", "arguments": {"from": "Lyon", "to": "Nice"}}, {"name": "tolls", "arguments": {"vehicle": "car"}}]</tool_calls>',
    );
    expect(
      result.calls.map(({ name, arguments: args, format }) => ({ name, args, format })),
    ).toEqual([
      { name: 'route', args: { from: 'Lyon', to: 'Nice' }, format: 'hunyuan_a13b' },
      { name: 'tolls', args: { vehicle: 'car' }, format: 'hunyuan_a13b' },
    ]);
  });

  it('should keep the text before the calls and drop what trails them', () => {
    const result = parser.parse(
      'Planning the trip. <tool_calls>[{"name": "route", "arguments": {}}]</tool_calls>\nDone!',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['route']);
    expect(result.content).toBe('Planning the trip. ');
  });

  it('should still read a second block after trailing text', () => {
    const result = parser.parse(
      '<tool_calls>[{"name": "a", "arguments": {}}]</tool_calls> and <tool_calls>[{"name": "b", "arguments": {}}]</tool_calls>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
  });

  it('should accept a complete list whose close tag never came, recording the repair', () => {
    const result = parser.parse('<tool_calls>[{"name": "route", "arguments": {}}]');
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a list cut off by the end of the output', () => {
    const result = parser.parse('<tool_calls>[{"name": "route", "arguments": {"from": ');
    expect(result.calls).toEqual([]);
  });

  it('should report a payload that is not JSON and find no call', () => {
    const result = parser.parse('<tool_calls>[route to Nice]</tool_calls>');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should win the shared tag over jamba in auto mode', () => {
    const result = createParser().parse(
      '<tool_calls>[{"name": "route", "arguments": {}}]</tool_calls>',
    );
    expect(result.calls.map((call) => call.format)).toEqual(['hunyuan_a13b']);
  });
});
