import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['markup'], ids: 'sequential' });
const calls = (text: string) => parser.parse(text).calls.map((call) => [call.name, call.arguments]);

describe('markup', () => {
  it('should read invoke elements with named parameters', () => {
    expect(
      calls('<invoke name="open_ticket"><parameter name="title">Printer jam</parameter></invoke>'),
    ).toEqual([['open_ticket', { title: 'Printer jam' }]]);
  });

  it('should read every invoke of a function_calls block', () => {
    const text =
      'On it.\n<function_calls>\n<invoke name="a"><parameter name="x">1</parameter></invoke>\n<invoke name="b"></invoke>\n</function_calls>';
    const result = parser.parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', { x: '1' }],
      ['b', {}],
    ]);
    expect(result.content.trim()).toBe('On it.');
  });

  it('should take the name from an attribute and nested fields as the arguments', () => {
    expect(
      calls(
        '<tool_call name="book"><arguments><room>4B</room><guests><item>Ana</item><item>Bo</item></guests></arguments></tool_call>',
      ),
    ).toEqual([['book', { room: '4B', guests: ['Ana', 'Bo'] }]]);
  });

  it('should take the name from a child element and JSON text as the arguments', () => {
    expect(
      calls(
        '<function_call><name>book</name><arguments>{"room": "4B"}</arguments></function_call>',
      ),
    ).toEqual([['book', { room: '4B' }]]);
  });

  it('should type top-level values by the tool schema', () => {
    const typed = createParser({
      formats: ['markup'],
      tools: [
        {
          name: 'book',
          parameters: {
            type: 'object',
            properties: { nights: { type: 'integer' }, late: { type: 'boolean' } },
          },
        },
      ],
    });
    const result = typed.parse(
      '<tool_call name="book"><arguments><nights>3</nights><late>true</late></arguments></tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ nights: 3, late: true });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should keep element names such as __proto__ as plain keys', () => {
    const result = parser.parse(
      '<tool_call name="f"><arguments><__proto__><polluted>1</polluted></__proto__></arguments></tool_call>',
    );
    const args = result.calls[0]?.arguments as Record<string, unknown>;
    expect(Object.keys(args)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('should leave a tool_call holding JSON to the hermes format', () => {
    const result = parser.parse('<tool_call>{"name": "f", "arguments": {}}</tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.content).toContain('<tool_call>');
  });

  it('should never execute an element cut off by the end of the output', () => {
    const result = parser.parse('<tool_call name="f"><arguments><q>half');
    expect(result.calls).toEqual([]);
  });
});
