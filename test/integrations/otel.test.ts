import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/parser.js';
import { foldEvents } from '../../src/stream/fold.js';
import type { StreamEvent } from '../../src/types.js';
import { ATTRIBUTES, traceParser } from '../../src/integrations/otel.js';

const TOOLS = [
  {
    name: 'get_weather',
    effect: 'read' as const,
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
];

function traced() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const parser = traceParser(createParser({ formats: ['hermes'], tools: TOOLS }), {
    tracer: provider.getTracer('test'),
  });
  return { parser, spans: (): ReadableSpan[] => exporter.getFinishedSpans() };
}

function byName(spans: ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((span) => span.name === name);
}

describe('traceParser', () => {
  it('should record a parse span with extract, validate and sanitize children', () => {
    const { parser, spans } = traced();
    const output = "<tool_call>{'name': 'get_weather', 'arguments': {'city': 'Ghent'}}</tool_call>";
    const result = parser.parse(output);
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: 'Ghent' }]);
    const [root] = byName(spans(), 'tool_call_parser.parse');
    const rootId = root?.spanContext().spanId;
    const children = spans().filter((span) => span.parentSpanContext?.spanId === rootId);
    expect(children.map((span) => span.name)).toEqual([
      'tool_call_parser.extract',
      'tool_call_parser.validate',
      'tool_call_parser.sanitize',
    ]);
    expect(root?.attributes[ATTRIBUTES.calls]).toBe(1);
    expect(root?.attributes[ATTRIBUTES.outputLength]).toBe(output.length);
  });

  it('should put tool, format, schema version, repairs and verdict on the validate span', () => {
    const { parser, spans } = traced();
    const result = parser.parse(
      "<tool_call>{'name': 'get_weather', 'arguments': {'city': 'Ghent'}}</tool_call>",
    );
    const [validate] = byName(spans(), 'tool_call_parser.validate');
    expect(validate?.attributes).toMatchObject({
      [ATTRIBUTES.tool]: 'get_weather',
      [ATTRIBUTES.format]: 'hermes',
      [ATTRIBUTES.schemaVersion]: result.calls[0]?.schemaVersion,
      [ATTRIBUTES.verdict]: 'accepted',
      [ATTRIBUTES.schemaValidation]: 'pass',
    });
    expect(validate?.attributes[ATTRIBUTES.repairs]).toContain('single-quoted-string');
    expect(validate?.status.code).toBe(SpanStatusCode.UNSET);
    const [sanitize] = byName(spans(), 'tool_call_parser.sanitize');
    expect(sanitize?.attributes[ATTRIBUTES.verdict]).toBe('pass');
  });

  it('should mark a schema violation as an error and the sanitize step as not reached', () => {
    const { parser, spans } = traced();
    parser.parse('<tool_call>{"name": "get_weather", "arguments": {"town": "Ghent"}}</tool_call>');
    const [validate] = byName(spans(), 'tool_call_parser.validate');
    expect(validate?.attributes[ATTRIBUTES.verdict]).toBe('schema-violation');
    expect(validate?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'schema-violation' });
    expect(byName(spans(), 'tool_call_parser.sanitize')[0]?.attributes[ATTRIBUTES.verdict]).toBe(
      'not-reached',
    );
  });

  it('should keep child spans inside the parse span', () => {
    const { parser, spans } = traced();
    parser.parse('<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>');
    const [root] = byName(spans(), 'tool_call_parser.parse');
    const toMs = ([seconds, nanos]: [number, number]) => seconds * 1e3 + nanos / 1e6;
    for (const span of spans()) {
      expect(toMs(span.startTime)).toBeGreaterThanOrEqual(toMs(root?.startTime ?? [0, 0]) - 0.001);
      expect(toMs(span.endTime)).toBeLessThanOrEqual(toMs(root?.endTime ?? [0, 0]) + 0.001);
    }
  });

  it('should record only an extract span for an output without calls', () => {
    const { parser, spans } = traced();
    parser.parse('No tools needed: it is sunny.');
    expect(
      spans()
        .map((span) => span.name)
        .sort(),
    ).toEqual(['tool_call_parser.extract', 'tool_call_parser.parse']);
  });

  it('should trace provider-native calls too', () => {
    const { parser, spans } = traced();
    const result = parser.fromNative([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Lima"}' },
      },
    ]);
    expect(result.calls).toHaveLength(1);
    expect(byName(spans(), 'tool_call_parser.from_native')).toHaveLength(1);
    expect(byName(spans(), 'tool_call_parser.validate')[0]?.attributes[ATTRIBUTES.format]).toBe(
      'openai_tool_calls',
    );
  });

  it('should trace a stream: one span to its end, a decide span per call', () => {
    const { parser, spans } = traced();
    const output =
      'Checking.<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>' +
      '<tool_call>{"name": "wipe_disk", "arguments": {}}</tool_call>';
    const stream = parser.stream();
    const events: StreamEvent[] = [];
    for (let at = 0; at < output.length; at += 9)
      events.push(...stream.push(output.slice(at, at + 9)));
    // Nothing is recorded before the end: the stream's span is still open.
    expect(byName(spans(), 'tool_call_parser.stream')).toHaveLength(0);
    events.push(...stream.end());
    stream.end();
    const [root] = byName(spans(), 'tool_call_parser.stream');
    expect(byName(spans(), 'tool_call_parser.stream')).toHaveLength(1);
    expect(root?.attributes).toMatchObject({
      [ATTRIBUTES.calls]: 1,
      [ATTRIBUTES.rejected]: 1,
      [ATTRIBUTES.outputLength]: output.length,
    });
    const decided = byName(spans(), 'tool_call_parser.decide');
    expect(decided.map((span) => span.parentSpanContext?.spanId)).toEqual([
      root?.spanContext().spanId,
      root?.spanContext().spanId,
    ]);
    expect(
      decided.map((span) => [
        span.attributes[ATTRIBUTES.tool],
        span.attributes[ATTRIBUTES.verdict],
        span.status.code,
      ]),
    ).toEqual([
      ['get_weather', 'accepted', SpanStatusCode.UNSET],
      ['wipe_disk', 'unknown-tool', SpanStatusCode.ERROR],
    ]);
    // The events are the stream's own.
    const plain = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' }).stream();
    const expected = [...plain.push(output), ...plain.end()];
    expect(foldEvents(events).calls.map((call) => call.arguments)).toEqual(
      foldEvents(expected).calls.map((call) => call.arguments),
    );
    expect(events.map((event) => event.type)).toEqual(expected.map((event) => event.type));
  });
});
