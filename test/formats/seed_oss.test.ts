import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['seed_oss'], ids: 'sequential' });

const tools = [
  {
    name: 'schedule',
    parameters: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        minutes: { type: 'integer' },
        reminders: { type: 'array', items: { type: 'integer' } },
      },
    },
  },
];
const typedParser = createParser({ formats: ['seed_oss'], ids: 'sequential', tools });

describe('seed_oss', () => {
  it('should read one call between the seed tags', () => {
    const result = parser.parse(
      '<seed:tool_call>\n<function=schedule>\n<parameter=title>Standup</parameter>\n</function>\n</seed:tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'schedule',
        arguments: { title: 'Standup' },
        format: 'seed_oss',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should keep values verbatim, newlines and quotes included', () => {
    const result = parser.parse(
      '<seed:tool_call><function=patch><parameter=text>x = "1"\n</parameter></function></seed:tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ text: 'x = "1"\n' });
  });

  it('should read several calls and keep the prose around them as content', () => {
    const result = parser.parse(
      'Two meetings.\n<seed:tool_call>\n<function=schedule>\n<parameter=title>A</parameter>\n</function>\n</seed:tool_call>\n<seed:tool_call>\n<function=schedule>\n<parameter=title>B</parameter>\n</function>\n</seed:tool_call>\nBooked.',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ title: 'A' }, { title: 'B' }]);
    expect(result.content).toBe('Two meetings.\n\n\nBooked.');
  });

  it('should type values by the tool schema and record the repair', () => {
    const result = typedParser.parse(
      '<seed:tool_call><function=schedule><parameter=title>Retro</parameter><parameter=minutes>45</parameter><parameter=reminders>[5, 15]</parameter></function></seed:tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([
      { title: 'Retro', minutes: 45, reminders: [5, 15] },
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should split <seed:think> out as reasoning and never call what it muses about', () => {
    const result = parser.parse(
      '<seed:think>Maybe <seed:tool_call><function=drop_table></function></seed:tool_call>? No.<seed:cot_budget_reflect>12 tokens used</seed:cot_budget_reflect></seed:think>\n<seed:tool_call><function=schedule><parameter=title>Sync</parameter></function></seed:tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['schedule']);
    expect(result.reasoning).toContain('drop_table');
    expect(result.reasoning).toContain('12 tokens used');
    expect(result.issues.map((issue) => issue.code)).toEqual(['call-in-reasoning']);
    expect(result.content.trim()).toBe('');
  });

  it('should read an unclosed <seed:think> to the end as reasoning', () => {
    const result = parser.parse('Sure.<seed:think>still thinking');
    expect(result.reasoning).toBe('still thinking');
    expect(result.content).toBe('Sure.');
    expect(result.calls).toEqual([]);
  });

  it('should accept a finished function whose </seed:tool_call> never came', () => {
    const result = parser.parse('<seed:tool_call><function=ping></function>');
    expect(result.calls.map((call) => call.name)).toEqual(['ping']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside a value', () => {
    const result = parser.parse('<seed:tool_call><function=schedule><parameter=title>Plan');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'schedule', reason: 'incomplete' }),
    ]);
  });

  it('should report a function without a name as malformed', () => {
    const result = parser.parse('<seed:tool_call><function= ></function></seed:tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should report a section holding no function as malformed', () => {
    const result = parser.parse('<seed:tool_call>{"name": "x"}</seed:tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ formats: 'auto', ids: 'sequential' });
    const result = auto.parse(
      '<seed:think>ok</seed:think><seed:tool_call><function=ping></function></seed:tool_call>',
    );
    expect(result.calls.map((call) => [call.name, call.format])).toEqual([['ping', 'seed_oss']]);
    expect(result.reasoning).toBe('ok');
  });
});
