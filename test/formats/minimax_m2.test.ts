import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['minimax_m2'], ids: 'sequential' });

const ticketTools = [
  {
    name: 'open_ticket',
    parameters: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        priority: { type: 'integer' },
        urgent: { type: 'boolean' },
        labels: { type: 'array', items: { type: 'string' } },
        assignee: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    },
  },
];

describe('minimax_m2', () => {
  it('should read one invoke with its parameters as strings when no schema is known', () => {
    const result = parser.parse(
      '<minimax:tool_call>\n<invoke name="lookup_order">\n<parameter name="order_id">A-1093</parameter>\n<parameter name="page">2</parameter>\n</invoke>\n</minimax:tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'lookup_order',
        arguments: { order_id: 'A-1093', page: '2' },
        format: 'minimax_m2',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several invokes in one block, in order', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="translate"><parameter name="text">bonjour</parameter></invoke>\n<invoke name="translate"><parameter name="text">hallo</parameter></invoke></minimax:tool_call>',
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['translate', { text: 'bonjour' }],
      ['translate', { text: 'hallo' }],
    ]);
  });

  it('should keep the prose around the block as content', () => {
    const result = parser.parse(
      'I will look that up.\n<minimax:tool_call><invoke name="search"><parameter name="q">tide tables</parameter></invoke></minimax:tool_call>\nOne moment.',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['search']);
    expect(result.content).toBe('I will look that up.\n\nOne moment.');
  });

  it('should strip the layout whitespace around values', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="note"><parameter name="body">\n  buy milk  \n</parameter></invoke></minimax:tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ body: 'buy milk' });
  });

  it('should type values by the tool schema and record each conversion', () => {
    const typed = createParser({ formats: ['minimax_m2'], tools: ticketTools, ids: 'sequential' });
    const result = typed.parse(
      '<minimax:tool_call><invoke name="open_ticket"><parameter name="title">Printer jam</parameter><parameter name="priority">3</parameter><parameter name="urgent">false</parameter><parameter name="labels">["hardware", "floor-2"]</parameter><parameter name="assignee">null</parameter></invoke></minimax:tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({
      title: 'Printer jam',
      priority: 3,
      urgent: false,
      labels: ['hardware', 'floor-2'],
      assignee: null,
    });
    expect(result.calls[0]?.validated).toBe(true);
    expect(result.calls[0]?.repairs.map((repair) => repair.detail)).toEqual([
      'priority',
      'urgent',
      'labels',
      'assignee',
    ]);
  });

  it('should keep a value that contains a parameter close tag followed by text', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="write_doc"><parameter name="body">Close it with </parameter> then stop</parameter></invoke></minimax:tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ body: 'Close it with </parameter> then stop' });
  });

  it('should read an invoke without parameters as a call with no arguments', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="ping"></invoke></minimax:tool_call>',
    );
    expect(result.calls).toEqual([expect.objectContaining({ name: 'ping', arguments: {} })]);
  });

  it('should accept a complete invoke whose block close tag never came, recording the repair', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="stop_timer"><parameter name="id">7</parameter></invoke>',
    );
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse an invoke cut off inside a value', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="send_mail"><parameter name="to">ops@example.org</parameter><parameter name="body">The deploy',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'send_mail', reason: 'incomplete' }),
    ]);
  });

  it('should refuse an invoke cut off inside a parameter open tag', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="send_mail"><parameter name="to">ops@example.org</parameter><parameter na',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => call.reason)).toEqual(['incomplete']);
  });

  it('should report an invoke with an empty name as malformed and find no call', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name=""><parameter name="a">1</parameter></invoke></minimax:tool_call>',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should reject a parameter that never closes before the invoke does as malformed', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="rm"><parameter name="path">/tmp/x</invoke></minimax:tool_call>after',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([expect.objectContaining({ name: 'rm', reason: 'malformed' })]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.content).toBe('after');
  });

  it('should report a block body that is not invoke elements as malformed', () => {
    const result = parser.parse(
      '<minimax:tool_call>{"name": "x", "arguments": {}}</minimax:tool_call>Done.',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.content).toBe('Done.');
  });

  it('should keep a parameter named __proto__ as plain data', () => {
    const result = parser.parse(
      '<minimax:tool_call><invoke name="f"><parameter name="__proto__">x</parameter></invoke></minimax:tool_call>',
    );
    const args = result.calls[0]?.arguments ?? {};
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['__proto__']);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ ids: 'sequential' }).parse(
      'Sure.<minimax:tool_call><invoke name="get_time"><parameter name="zone">UTC</parameter></invoke></minimax:tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'get_time',
        arguments: { zone: 'UTC' },
        format: 'minimax_m2',
      }),
    ]);
    expect(result.content).toBe('Sure.');
  });

  it('should never turn an invoke written inside <think> into a call', () => {
    const result = parser.parse(
      '<think>maybe <minimax:tool_call><invoke name="x"></invoke></minimax:tool_call></think>No call needed.',
    );
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('No call needed.');
  });

  it('should refuse an invoke or a parameter that writes its name attribute twice', () => {
    const invokeTwice = parser.parse(
      '<minimax:tool_call><invoke name="open_ticket" name="close_ticket"></invoke></minimax:tool_call>',
    );
    expect(invokeTwice.calls).toEqual([]);
    expect(invokeTwice.rejected.map((call) => call.reason)).toEqual(['malformed']);
    const parameterTwice = parser.parse(
      '<minimax:tool_call><invoke name="open_ticket"><parameter name="title" name="priority">1</parameter></invoke></minimax:tool_call>',
    );
    expect(parameterTwice.calls).toEqual([]);
    expect(parameterTwice.rejected.map((call) => [call.name, call.reason])).toEqual([
      ['open_ticket', 'malformed'],
    ]);
  });

  it('should read a value that is one CDATA section, trimmed around it, as what it holds, in parse and stream', () => {
    const options = {
      formats: ['minimax_m2' as const],
      tools: ticketTools,
      reasoning: { startsInside: false },
    };
    const text =
      '<minimax:tool_call>\n<invoke name="open_ticket">\n<parameter name="title">\n<![CDATA[ <b>Jam</b> ]]>\n</parameter>\n' +
      '<parameter name="priority"><![CDATA[2]]></parameter>\n</invoke>\n</minimax:tool_call>';
    expect(createParser(options).parse(text).calls[0]?.arguments).toEqual({
      title: ' <b>Jam</b> ',
      priority: 2,
    });
    expectEveryChunking(options, text);
  });
});
