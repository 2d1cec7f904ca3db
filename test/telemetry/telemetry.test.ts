import { describe, expect, it } from 'vitest';
import { MAX_TOOL_BUCKETS } from '../../src/telemetry/metrics.js';
import {
  createAuditRecords,
  createMetrics,
  createParser,
  type TelemetryRecord,
} from '../../src/index.js';
import { hermes, TOOLS } from '../policy/fixtures.js';

describe('telemetry', () => {
  it('should send one record per call with the playbook fields', () => {
    const records: TelemetryRecord[] = [];
    const parser = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      ids: 'sequential',
      onTelemetry: (record) => records.push(record),
    });
    parser.parse(
      hermes('get_weather', { city: 'A' }) + hermes('update_ticket', { id: 'T', priority: 'meh' }),
    );
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      call_id: 'call_0',
      tool: 'get_weather',
      parse_mode: 'hermes',
      outcome: 'accepted',
      fallback_used: false,
      candidate_count: 2,
      schema_validation: 'pass',
      repairs: [],
      name_match: 'exact',
    });
    expect(records[1]).toMatchObject({
      schema_validation: 'fail',
      schema_validation_reason: expect.stringContaining('/priority'),
    });
    expect(records[0]?.timings.decideMs).toBeGreaterThanOrEqual(0);
    expect(records[0]?.schema_version).toMatch(/^[\da-f]{12}$/);
  });

  it('should record lenient JSON repairs by kind', () => {
    const parser = createParser({ formats: ['hermes'], tools: TOOLS });
    const result = parser.parse(
      `<tool_call>{'name': 'get_weather', 'arguments': {'city': 'A',}}</tool_call>`,
    );
    expect(result.telemetry[0]?.repairs).toEqual(
      expect.arrayContaining(['single-quoted-string', 'trailing-comma']),
    );
  });

  it('should change nothing in the result when the telemetry callback throws', () => {
    const quiet = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' });
    const loud = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      ids: 'sequential',
      onTelemetry: () => {
        throw new Error('collector down');
      },
    });
    const text = hermes('get_weather', { city: 'A' });
    const strip = (result: ReturnType<typeof quiet.parse>) => ({
      ...result,
      telemetry: result.telemetry.map((record) => ({ ...record, timings: null })),
    });
    expect(strip(loud.parse(text))).toEqual(strip(quiet.parse(text)));
  });

  it('should complete a record with the tool result and send it again', () => {
    const records: TelemetryRecord[] = [];
    const parser = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      ids: 'sequential',
      onTelemetry: (record) => records.push(record),
    });
    const [call] = parser.parse(hermes('get_weather', { city: 'A' })).calls;
    const completed = parser.recordToolResult(call!.id, 'empty');
    expect(completed).toMatchObject({ call_id: call!.id, tool_result_status: 'empty' });
    expect(records.at(-1)).toMatchObject({ call_id: call!.id, tool_result_status: 'empty' });
    expect(parser.recordToolResult(call!.id, 'ok')).toBeUndefined();
    expect(parser.recordToolResult('call_unknown', 'ok')).toBeUndefined();
    expect(() => parser.recordToolResult(call!.id, 'fine' as never)).toThrow(TypeError);
  });

  it('should complete the record of the very call passed, though a model repeats its ids', () => {
    // Kimi K2 numbers calls per turn: every turn's first call is functions.NAME:0.
    const kimi = (city: string) =>
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0' +
      `<|tool_call_argument_begin|>{"city": "${city}"}<|tool_call_end|><|tool_calls_section_end|>`;
    const parser = createParser({ formats: ['kimi_k2'], tools: TOOLS });
    const [first] = parser.parse(kimi('A')).calls;
    const streamed = parser.stream();
    const events = [...streamed.push(kimi('B')), ...streamed.end()];
    const second = events.flatMap((event) =>
      event.type === 'tool-call-end' && 'call' in event ? [event.call] : [],
    )[0];
    expect(second?.id).toBe(first?.id);
    // Each result lands on its own call's record, in whatever order the tools finish.
    expect(parser.recordToolResult(first!, 'error')).toMatchObject({
      call_id: 'functions.get_weather:0',
      tool_result_status: 'error',
    });
    expect(parser.recordToolResult(structuredClone(second!), 'ok')).toMatchObject({
      tool_result_status: 'ok',
    });
    expect(parser.recordToolResult(first!, 'ok')).toBeUndefined();
    expect(parser.recordToolResult(first!.id, 'ok')).toBeUndefined();
    expect(() => parser.recordToolResult({ id: 1 } as never, 'ok')).toThrow(
      /pass the executed call \(from result.calls or a tool-call-end event\) or its id/,
    );
  });

  it('should aggregate rates by tool, format and schema version', () => {
    const metrics = createMetrics();
    const parser = createParser({
      formats: ['hermes', 'pythonic'],
      tools: TOOLS,
      ids: 'sequential',
      onTelemetry: metrics.record,
    });
    parser.parse(hermes('get_weather', { city: 'A' }));
    parser.parse(hermes('get_weather', { town: 'A' }));
    parser.parse(hermes('ghost', {}));
    const [call] = parser.parse('[get_weather(city="B")]').calls;
    parser.recordToolResult(call!.id, 'error');
    const snapshot = metrics.snapshot();
    expect(snapshot.total).toMatchObject({
      calls: 4,
      accepted: 2,
      validationFailures: 1,
      unknownNames: 1,
      fallbacks: 1,
    });
    expect(snapshot.byTool['get_weather']).toMatchObject({
      calls: 3,
      validationFailureRate: 1 / 3,
      errorResultRate: 1,
    });
    expect(snapshot.byFormat['pythonic']).toMatchObject({ calls: 1, fallbackRate: 1 });
    expect(snapshot.byTool['ghost']?.unknownNameRate).toBe(1);
    expect(Object.keys(snapshot.bySchemaVersion)).toHaveLength(2);
    metrics.reset();
    expect(metrics.snapshot().total.calls).toBe(0);
  });

  it('should bound what model-written tool names cost telemetry and metrics', () => {
    const records: TelemetryRecord[] = [];
    const metrics = createMetrics();
    const parser = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      onTelemetry: (record) => {
        records.push(record);
        metrics.record(record);
      },
    });
    // A model inventing a long new name in every call: each was kept whole, in its own bucket.
    for (let index = 0; index < MAX_TOOL_BUCKETS + 40; index += 1) {
      parser.parse(hermes(`tool_${index}_${'q'.repeat(5000)}`, {}));
    }
    expect(Math.max(...records.map((record) => record.tool?.length ?? 0))).toBeLessThanOrEqual(123);
    const byTool = metrics.snapshot().byTool;
    expect(Object.keys(byTool)).toHaveLength(MAX_TOOL_BUCKETS + 1);
    expect(byTool['(other)']?.calls).toBe(40);
    // A tool first seen past the cap counts as "(other)" too.
    parser.parse(hermes('get_weather', { city: 'A' }));
    expect(records.at(-1)?.tool).toBe('get_weather');
    expect(metrics.snapshot().byTool['(other)']?.calls).toBe(41);
  });

  it('should keep raw, normalised and redacted forms in audit records', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'note',
          effect: 'read',
          parameters: { type: 'object', properties: { text: { type: 'string' } } },
        },
      ],
    });
    const text = `Saving.<tool_call>{"name": "note", "arguments": {"text": "token sk-abcdefghijklmnopqrstuvwxyz and hunter2hunter2"}}</tool_call>`;
    const [record] = createAuditRecords(text, parser.parse(text), { secrets: ['hunter2hunter2'] });
    expect(record?.raw).toBe(text.slice('Saving.'.length));
    expect(record?.verdict).toBe('accepted');
    expect(record?.normalized).toEqual({
      name: 'note',
      arguments: { text: 'token sk-abcdefghijklmnopqrstuvwxyz and hunter2hunter2' },
    });
    expect(record?.redacted.arguments).toEqual({ text: 'token sk-a…[redacted] and [redacted]' });
    expect(record?.redacted.raw).not.toContain('hunter2');
    expect(record?.redacted.raw).not.toContain('sk-abcdefghijklmnopqrstuvwxyz');
  });
});
