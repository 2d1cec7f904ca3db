import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['phi4_mini'], ids: 'sequential' });

describe('phi4_mini', () => {
  it('should read the list after functools', () => {
    const result = parser.parse(
      'functools[{"name": "timer", "arguments": {"minutes": 5}}, {"name": "alarm", "arguments": {"at": "07:00"}}]',
    );
    expect(
      result.calls.map(({ name, arguments: args, format }) => ({ name, args, format })),
    ).toEqual([
      { name: 'timer', args: { minutes: 5 }, format: 'phi4_mini' },
      { name: 'alarm', args: { at: '07:00' }, format: 'phi4_mini' },
    ]);
    expect(result.content).toBe('');
  });

  it('should keep prose around the list as content', () => {
    const result = parser.parse(
      'Setting it.\nfunctools[{"name": "timer", "arguments": {}}]\nAnything else?',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['timer']);
    expect(result.content).toBe('Setting it.\n\nAnything else?');
  });

  it('should read the word functools in prose as text', () => {
    const result = parser.parse('Python has functools.partial for that.');
    expect(result.syntaxSeen).toBe(false);
    expect(result.content).toBe('Python has functools.partial for that.');
  });

  it('should accept the complete calls of a list cut off by the end of the output', () => {
    const result = parser.parse('functools[{"name": "timer", "arguments": {}}');
    expect(result.calls.map((call) => call.name)).toEqual(['timer']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse('functools[{"name": "timer", "arguments": {"minutes": ');
    expect(result.calls).toEqual([]);
  });

  it('should report a list whose items are not call objects', () => {
    const result = parser.parse('functools["timer", 5]');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should report a call with an empty name', () => {
    const result = parser.parse('functools[{"name": "", "arguments": {}}]');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should be found in auto mode', () => {
    const result = createParser().parse('functools[{"name": "timer", "arguments": {}}]');
    expect(result.calls.map((call) => call.format)).toEqual(['phi4_mini']);
  });
});
