import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['dots'], ids: 'sequential' });

const OPEN = '<dots_function_call>';
const CLOSE = '</dots_function_call>';

function parameter(key: string, value: string): string {
  return `<parameter name="${key}">${value}</parameter>`;
}

function invoke(name: string, ...parameters: string[]): string {
  return `<invoke name="${name}">\n${parameters.join('\n')}\n</invoke>`;
}

const noteTools: ToolDefinition[] = [
  {
    name: 'search_notes',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        limit: { type: 'integer' },
        pinned: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['query'],
    },
  },
];

describe('dots', () => {
  it('should read the invokes of a block, their values trimmed, prose before it staying content', () => {
    const result = parser.parse(
      `Let me look.\n${OPEN}\n${invoke('search_notes', parameter('query', '\n  tram schedule Ghent  \n'))}\n${invoke('search_notes', parameter('query', 'bike repair'))}\n${CLOSE}`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments, call.format])).toEqual([
      ['search_notes', { query: 'tram schedule Ghent' }, 'dots'],
      ['search_notes', { query: 'bike repair' }, 'dots'],
    ]);
    expect(result.content).toBe('Let me look.\n');
  });

  it('should read a name written in single quotes or none', () => {
    for (const name of ["'search_notes'", 'search_notes']) {
      const result = parser.parse(
        `${OPEN}<invoke name=${name}>${parameter('query', 'x')}</invoke>${CLOSE}`,
      );
      expect(result.calls.map((call) => call.name)).toEqual(['search_notes']);
    }
  });

  it('should type values by the tool schema, recording it, and keep them text without one', () => {
    const typed = createParser({ formats: ['dots'], tools: noteTools });
    const text = `${OPEN}${invoke('search_notes', parameter('query', 'tram'), parameter('limit', '5'), parameter('pinned', 'true'), parameter('tags', '["city", "travel"]'))}${CLOSE}`;
    const result = typed.parse(text);
    expect(result.calls[0]?.arguments).toEqual({
      query: 'tram',
      limit: 5,
      pinned: true,
      tags: ['city', 'travel'],
    });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
      'schema-typed-value',
    ]);
    expect(parser.parse(text).calls[0]?.arguments).toMatchObject({ limit: '5' });
  });

  it('should read a JSON call object in the block, with arguments or parameters', () => {
    for (const key of ['arguments', 'parameters']) {
      const result = parser.parse(
        `${OPEN}\n{"name": "search_notes", "${key}": {"query": "tram", "limit": 5}}\n${CLOSE}`,
      );
      expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
        ['search_notes', { query: 'tram', limit: 5 }],
      ]);
    }
  });

  it('should read each block of an output', () => {
    const result = parser.parse(
      `${OPEN}${invoke('search_notes', parameter('query', 'a'))}${CLOSE} and ${OPEN}{"name": "search_notes", "arguments": {"query": "b"}}${CLOSE}`,
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ query: 'a' }, { query: 'b' }]);
    expect(result.content).toBe(' and ');
  });

  it('should run the whole calls of a block whose close tag never came, recording it', () => {
    const result = parser.parse(`${OPEN}\n${invoke('search_notes', parameter('query', 'a'))}\n`);
    expect(result.calls.map((call) => call.repairs.map((repair) => repair.kind))).toEqual([
      ['missing-end-marker'],
    ]);
    const json = parser.parse(`${OPEN}{"name": "search_notes", "arguments": {"query": "a"}}`);
    expect(json.calls.map((call) => call.repairs.map((repair) => repair.kind))).toEqual([
      ['missing-end-marker'],
    ]);
  });

  it('should refuse by name an invoke or a JSON call cut off, and stray text in a block', () => {
    const cut = parser.parse(`${OPEN}\n<invoke name="search_notes">\n<parameter name="query">tra`);
    expect(cut.calls).toEqual([]);
    expect(cut.rejected).toEqual([
      expect.objectContaining({ name: 'search_notes', reason: 'incomplete' }),
    ]);
    const json = parser.parse(`${OPEN}{"name": "search_notes", "arguments": {"query": "tr`);
    expect(json.calls).toEqual([]);
    expect(json.rejected.map((each) => each.name)).toEqual(['search_notes']);
    const stray = parser.parse(
      `${OPEN}${invoke('search_notes', parameter('query', 'a'), 'and also', parameter('limit', '2'))}${CLOSE}`,
    );
    expect(stray.calls).toEqual([]);
    expect(stray.rejected).toEqual([
      expect.objectContaining({ name: 'search_notes', reason: 'malformed' }),
    ]);
  });

  it('should refuse a JSON body that is no call object', () => {
    const result = parser.parse(`${OPEN}{"query": "tram"${CLOSE}`);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should be found in auto mode', () => {
    const result = createParser({}).parse(
      `${OPEN}${invoke('search_notes', parameter('query', 'a'))}${CLOSE}`,
    );
    expect(result.calls.map((call) => call.format)).toEqual(['dots']);
  });

  describe('streams', () => {
    const texts = [
      `Looking.\n${OPEN}\n${invoke('search_notes', parameter('query', 'tram'), parameter('limit', '5'))}\n${invoke('search_notes', parameter('query', 'bus'))}\n${CLOSE} Done.`,
      `${OPEN}{"name": "search_notes", "arguments": {"query": "a${CLOSE}b"}}${CLOSE}`,
      `${OPEN}${invoke('search_notes', parameter('query', 'tra'))}`.slice(0, -14),
      `${OPEN}${parameter('query', 'x')}${CLOSE}${OPEN}<invoke name='search_notes'></invoke>`,
    ];
    const settings = [
      { formats: ['dots' as const] },
      {},
      { formats: ['dots' as const], tools: noteTools },
    ];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start the first invoke at its open tag and stream its text values', () => {
      const stream = createParser({
        formats: ['dots'],
        reasoning: { startsInside: false },
      }).stream();
      const text = `${OPEN}${invoke('search_notes', parameter('query', 'tram schedule'))}${CLOSE}`;
      const events = stream.push(text.slice(0, text.indexOf('schedule') + 3));
      expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
        expect.objectContaining({ name: 'search_notes' }),
      ]);
    });
  });
});
