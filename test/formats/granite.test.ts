import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GraniteNode } from '../../src/formats/granite/ast.js';
import { granite } from '../../src/formats/granite/index.js';
import { lowerGranite } from '../../src/formats/granite/lower.js';
import { JSON_EXTENT_OPTIONS } from '../../src/formats/shared/json-extent.js';
import { runGrammar } from '../../src/formats/shared/run-grammar.js';
import { parse } from '../../src/generated/granite.js';
import { createParser } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';

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
    const text = '<tool_call>{"name": "stock", "arguments": {}}</tool_call>';
    const withHermes = createParser({ formats: ['granite', 'hermes'] });
    expect(withHermes.parse(text).calls.map((call) => call.format)).toEqual(['hermes']);
    // Alone, granite refuses it rather than leave it in the content.
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.message)).toEqual([
      '<tool_call> does not hold a call written as granite',
    ]);
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

  it('should claim a list it cannot read after <|tool_call|> and refuse its calls by name', () => {
    // Two call objects with no comma between: not a list of calls, yet tool syntax, not prose.
    const result = parser.parse(
      'Checking.\n<|tool_call|> [{"name": "stock", "arguments": {"sku": "X1"}} {"name": "price", "arguments": {}}]\nDone.',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map(({ name, reason }) => ({ name, reason }))).toEqual([
      { name: 'stock', reason: 'malformed' },
    ]);
    expect(result.content).toBe('Checking.\n\nDone.');
  });

  it('should refuse a call object it cannot read after <|tool_call|> by its name', () => {
    // The second object writes its name twice: refused, under the name its head gave.
    const result = parser.parse(
      '<|tool_call|>[{"name": "stock", "arguments": {"sku": "X1"}}, {"name": "price", "arguments": {}, "name": "stock"}]',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['stock']);
    expect(result.rejected.map(({ name, reason }) => ({ name, reason }))).toEqual([
      { name: 'price', reason: 'malformed' },
    ]);
  });

  it('should report a call with arguments that are not an object', () => {
    const result = parser.parse('<|tool_call|>[{"name": "stock", "arguments": 7}]');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should refuse before the grammar only what the grammar refuses, at any text', () => {
    const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxCallSize: DEFAULT_LIMITS.maxCallSize };
    // The reference: parseAt without its look for a list after <tool_call>.
    const grammarOnly = (text: string) => {
      const matched = runGrammar<GraniteNode>(parse, text, 0, 'Section', JSON_EXTENT_OPTIONS);
      return matched && lowerGranite(matched.node, matched.end, { text, tools: undefined, limits });
    };
    // Its markers, broken ones, and text that is neither (the look must not rely on a marker).
    const head = fc.oneof(
      fc.constantFrom(...granite.markers, '<tool_cal>', '<|tool_call>', '<|tool_calls|>'),
      fc.string({ unit: fc.constantFrom('<', '|', 't', '>', '[', ' '), maxLength: 14 }),
    );
    const piece = fc.constantFrom(
      ...[' ', '\n', '\t', '\r', '\f', '[', ']', '{', '}', '"', '<', '</tool_call>', 'x'],
      ...['{"name": "f", "arguments": {}}', '[{"name": "f", "arguments": {}}]', ','],
    );
    fc.assert(
      fc.property(head, fc.array(piece, { maxLength: 8 }), (start, parts) => {
        const text = start + parts.join('');
        expect(granite.parseAt({ text, tools: undefined, limits }, 0)).toEqual(grammarOnly(text));
      }),
      { numRuns: 4000 },
    );
  });

  it('should take <tool_call> lists before hermes in auto mode', () => {
    const result = createParser().parse(
      '<tool_call>[{"name": "stock", "arguments": {}}]</tool_call>',
    );
    expect(result.calls.map((call) => call.format)).toEqual(['granite']);
  });
});
