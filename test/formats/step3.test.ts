import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['step3'], ids: 'sequential' });

const BEGIN = '<｜tool_calls_begin｜>';
const END = '<｜tool_calls_end｜>';
const CALL = '<｜tool_call_begin｜>';
const CALL_END = '<｜tool_call_end｜>';
const SEP = '<｜tool_sep｜>';

function invoke(name: string, parameters: Record<string, string>): string {
  const body = Object.entries(parameters)
    .map(([key, value]) => `<steptml:parameter name="${key}">${value}</steptml:parameter>`)
    .join('');
  return `<steptml:invoke name="${name}">${body}</steptml:invoke>`;
}

describe('step3', () => {
  it('should read one call with the function type prefix', () => {
    const result = parser.parse(
      `${BEGIN}${CALL}function${SEP}${invoke('get_forecast', { city: 'Lyon', days: '3' })}${CALL_END}${END}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'get_forecast',
        arguments: { city: 'Lyon', days: '3' },
        format: 'step3',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read one call without the type prefix', () => {
    const result = parser.parse(`${BEGIN}${CALL}${invoke('refresh', {})}${CALL_END}${END}`);
    expect(result.calls).toEqual([expect.objectContaining({ name: 'refresh', arguments: {} })]);
  });

  it('should read several calls, with or without a separator between them', () => {
    const result = parser.parse(
      `${BEGIN}\n${CALL}${invoke('a', { x: '1' })}${CALL_END}${SEP}${CALL}${invoke('b', { y: '2' })}${CALL_END}\n${CALL}${invoke('c', {})}${CALL_END}\n${END}`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', { x: '1' }],
      ['b', { y: '2' }],
      ['c', {}],
    ]);
  });

  it('should keep the prose around the section as content', () => {
    const result = parser.parse(
      `Checking the calendar.\n${BEGIN}${CALL}${invoke('list_events', { day: 'monday' })}${CALL_END}${END}\nBack soon.`,
    );
    expect(result.calls.map((call) => call.name)).toEqual(['list_events']);
    expect(result.content).toBe('Checking the calendar.\n\nBack soon.');
  });

  it('should type values by the tool schema', () => {
    const typed = createParser({
      formats: ['step3'],
      ids: 'sequential',
      tools: [
        {
          name: 'set_volume',
          parameters: {
            type: 'object',
            properties: { level: { type: 'number' }, mute: { type: 'boolean' } },
          },
        },
      ],
    });
    const result = typed.parse(
      `${BEGIN}${CALL}${invoke('set_volume', { level: '0.5', mute: 'true' })}${CALL_END}${END}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ level: 0.5, mute: true });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should keep quotes, backslashes and newlines in values as written', () => {
    const result = parser.parse(
      `${BEGIN}${CALL}${invoke('save', { path: 'C:\\data\\a.txt', text: 'say "hi"\nbye' })}${CALL_END}${END}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ path: 'C:\\data\\a.txt', text: 'say "hi"\nbye' });
  });

  it('should accept a complete call whose end tokens never came, recording the repairs', () => {
    const result = parser.parse(`${BEGIN}${CALL}${invoke('pause', { id: '4' })}`);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'missing-end-marker',
      'missing-end-marker',
    ]);
  });

  it('should accept an invoke whose close tag is missing before the call end, recording it', () => {
    const result = parser.parse(
      `${BEGIN}${CALL}<steptml:invoke name="pause"><steptml:parameter name="id">4</steptml:parameter>${CALL_END}${END}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'pause', arguments: { id: '4' } }),
    ]);
    expect(result.calls[0]?.repairs).toEqual([
      expect.objectContaining({ kind: 'missing-end-marker', detail: 'invoke close tag' }),
    ]);
  });

  it('should refuse a call cut off inside a value', () => {
    const result = parser.parse(
      `${BEGIN}${CALL}<steptml:invoke name="post"><steptml:parameter name="text">Hello wor`,
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'post', reason: 'incomplete' }),
    ]);
  });

  it('should report a call body that is not an invoke element as malformed, keeping the others', () => {
    const result = parser.parse(
      `${BEGIN}${CALL}{"name": "x"}${CALL_END}${CALL}${invoke('ok', {})}${CALL_END}${END}`,
    );
    expect(result.calls.map((call) => call.name)).toEqual(['ok']);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should report an invoke with an empty name as malformed', () => {
    const result = parser.parse(`${BEGIN}${CALL}${invoke(' ', { a: '1' })}${CALL_END}${END}`);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should not claim text without the section token', () => {
    const result = parser.parse(
      'Plain answer with <steptml:invoke name="x"></steptml:invoke> shown.',
    );
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ ids: 'sequential' }).parse(
      `${BEGIN}${CALL}function${SEP}${invoke('get_time', { zone: 'UTC' })}${CALL_END}${END}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ name: 'get_time', arguments: { zone: 'UTC' }, format: 'step3' }),
    ]);
  });
});
