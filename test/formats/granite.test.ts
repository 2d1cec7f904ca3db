import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['granite'], ids: 'sequential' });

describe('granite', () => {
  it('should read a list of calls after <|tool_call|>', () => {
    const result = parser.parse(
      '<|tool_call|>[{"name": "stock", "arguments": {"sku": "X1"}}, {"name": "price", "arguments": {"sku": "X1", "currency": "USD"}}]',
    );
    expect(
      result.calls.map(({ name, arguments: args, format }) => ({ name, args, format })),
    ).toEqual([
      { name: 'stock', args: { sku: 'X1' }, format: 'granite' },
      { name: 'price', args: { sku: 'X1', currency: 'USD' }, format: 'granite' },
    ]);
  });

  it('should read a list inside <tool_call> tags', () => {
    const result = parser.parse('<tool_call>[{"name": "stock", "arguments": {}}]</tool_call>');
    expect(result.calls.map((call) => call.name)).toEqual(['stock']);
    expect(result.content).toBe('');
  });

  it('should keep prose around the call list as content', () => {
    const result = parser.parse(
      'Looking it up.\n<|tool_call|>[{"name": "stock", "arguments": {}}]\nOne moment.',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['stock']);
    expect(result.content).toBe('Looking it up.\n\nOne moment.');
  });

  it('should accept a single object after <|tool_call|>', () => {
    const result = parser.parse('<|tool_call|>{"name": "stock", "arguments": {"sku": "Q"}}');
    expect(result.calls[0]?.arguments).toEqual({ sku: 'Q' });
  });

  it('should leave <tool_call> with a single object to hermes', () => {
    const result = parser.parse('<tool_call>{"name": "stock", "arguments": {}}</tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should accept the complete calls of a list cut off by the end of the output', () => {
    const result = parser.parse(
      '<|tool_call|>[{"name": "stock", "arguments": {}}, {"name": "price", "argu',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['stock']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse('<|tool_call|>[{"name": "stock", "arguments": {"sku": "X');
    expect(result.calls).toEqual([]);
  });

  it('should report what follows <|tool_call|> when it is not JSON', () => {
    const result = parser.parse('<|tool_call|> stock(sku="X1")');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should report a call with arguments that are not an object', () => {
    const result = parser.parse('<|tool_call|>[{"name": "stock", "arguments": 7}]');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should take <tool_call> lists before hermes in auto mode', () => {
    const result = createParser().parse(
      '<tool_call>[{"name": "stock", "arguments": {}}]</tool_call>',
    );
    expect(result.calls.map((call) => call.format)).toEqual(['granite']);
  });
});
