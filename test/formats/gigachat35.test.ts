import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['gigachat35'], ids: 'sequential' });

const OPEN = '<｜GCML｜tool_calls>';
const CLOSE = '</｜GCML｜tool_calls>';

/** A parameter; `literal` says how the string attribute is written (none when undefined). */
function parameter(key: string, value: string, literal?: boolean): string {
  const attribute = literal === undefined ? '' : ` string="${String(literal)}"`;
  return `<｜GCML｜parameter name="${key}"${attribute}>${value}</｜GCML｜parameter>`;
}

function invoke(name: string, ...parameters: string[]): string {
  return `<｜GCML｜invoke name="${name}">\n${parameters.join('\n')}\n</｜GCML｜invoke>`;
}

const ticketTools = [
  {
    name: 'find_trains',
    parameters: {
      type: 'object',
      properties: {
        from: { type: 'string' },
        to: { type: 'string' },
        passengers: { type: 'integer' },
        overnight: { type: 'boolean' },
      },
      required: ['from', 'to'],
    },
  },
];

describe('gigachat35', () => {
  it('should keep string="true" text as written and read string="false" values as JSON', () => {
    const result = parser.parse(
      `${OPEN}\n${invoke(
        'find_trains',
        parameter('from', 'Москва', true),
        parameter('to', 'Казань', true),
        parameter('passengers', '2', false),
        parameter('classes', '["купе", "СВ"]', false),
        parameter('train', '016', true),
      )}\n${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'find_trains',
        arguments: {
          from: 'Москва',
          to: 'Казань',
          passengers: 2,
          classes: ['купе', 'СВ'],
          train: '016',
        },
        format: 'gigachat35',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read several invokes of a block in order, prose before it staying content', () => {
    const result = parser.parse(
      `Проверяю оба направления.\n${OPEN}\n${invoke('find_trains', parameter('from', 'A', true), parameter('to', 'B', true))}\n${invoke('find_trains', parameter('from', 'B', true), parameter('to', 'A', true))}\n${CLOSE}`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['find_trains', { from: 'A', to: 'B' }],
      ['find_trains', { from: 'B', to: 'A' }],
    ]);
    expect(result.content).toBe('Проверяю оба направления.\n');
  });

  it('should end reasoning the template opened at a lone </think>', () => {
    const thinking = createParser({ formats: ['gigachat35'], reasoning: { startsInside: true } });
    const result = thinking.parse(
      `The user wants a train.</think>${OPEN}${invoke('find_trains', parameter('from', 'A', true), parameter('to', 'B', true))}${CLOSE}`,
    );
    expect(result.reasoning).toBe('The user wants a train.');
    expect(result.calls.map((call) => call.name)).toEqual(['find_trains']);
  });

  it('should type values written without the string attribute by the tool schema, recording it', () => {
    const typed = createParser({ formats: ['gigachat35'], tools: ticketTools });
    const result = typed.parse(
      `${OPEN}${invoke('find_trains', parameter('from', 'A'), parameter('to', 'B'), parameter('passengers', '3'), parameter('overnight', 'false'))}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({
      from: 'A',
      to: 'B',
      passengers: 3,
      overnight: false,
    });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should read an invoke with no parameters as a call with no arguments', () => {
    const result = parser.parse(
      `${OPEN}<｜GCML｜invoke name="list_stations"></｜GCML｜invoke>${CLOSE}`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['list_stations', {}],
    ]);
  });

  it('should run whole invokes of a block whose close tag never came, recording it', () => {
    const result = parser.parse(`${OPEN}\n${invoke('list_stations')}\n`);
    expect(result.calls.map((call) => call.repairs.map((repair) => repair.kind))).toEqual([
      ['missing-end-marker'],
    ]);
  });

  it('should refuse by name an invoke cut off inside a value, and run nothing from an empty block', () => {
    const cut = parser.parse(
      `${OPEN}\n<｜GCML｜invoke name="find_trains">\n<｜GCML｜parameter name="from" string="true">Мос`,
    );
    expect(cut.calls).toEqual([]);
    expect(cut.rejected).toEqual([
      expect.objectContaining({ name: 'find_trains', reason: 'incomplete' }),
    ]);
    const empty = parser.parse(`${OPEN}${CLOSE}`);
    expect(empty.calls).toEqual([]);
    expect(empty.rejected).toEqual([]);
    expect(empty.syntaxSeen).toBe(true);
  });

  it('should refuse parameters written outside an invoke and an invoke with stray text', () => {
    const bare = parser.parse(`${OPEN}${parameter('x', '1')}${CLOSE}`);
    expect(bare.calls).toEqual([]);
    expect(bare.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
    const stray = parser.parse(
      `${OPEN}${invoke('find_trains', parameter('from', 'A', true), 'и ещё', parameter('to', 'B', true))}${CLOSE}`,
    );
    expect(stray.calls).toEqual([]);
    expect(stray.rejected).toEqual([
      expect.objectContaining({ name: 'find_trains', reason: 'malformed' }),
    ]);
  });

  it('should be found in auto mode, and leave the DSML blocks to DeepSeek', () => {
    const auto = createParser({});
    const text = `${OPEN}${invoke('list_stations')}${CLOSE}`;
    expect(auto.parse(text).calls.map((call) => call.format)).toEqual(['gigachat35']);
    const dsml =
      '<｜DSML｜tool_calls><｜DSML｜invoke name="f"></｜DSML｜invoke></｜DSML｜tool_calls>';
    expect(auto.parse(dsml).calls.map((call) => call.format)).toEqual(['deepseek_v4_dsml']);
    expect(parser.parse(dsml).syntaxSeen).toBe(false);
  });

  describe('streams', () => {
    const texts = [
      `Ищу.\n${OPEN}\n${invoke('find_trains', parameter('from', 'A', true), parameter('passengers', '2', false))}\n${invoke('list_stations')}\n${CLOSE} Готово.`,
      `${OPEN}${invoke('find_trains', parameter('from', 'Мос', true))}`.slice(0, -12),
      `${OPEN}${invoke('find_trains', parameter('to', 'a</｜GCML｜tool_calls>b', true))}${CLOSE}`,
      `${OPEN}${parameter('x', '1')}${CLOSE}${OPEN}${invoke('list_stations')}`,
    ];
    const settings = [
      { formats: ['gigachat35' as const] },
      {},
      { formats: ['gigachat35' as const], tools: ticketTools },
    ];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start the first invoke at its open tag and stream its text values', () => {
      const stream = createParser({
        formats: ['gigachat35'],
        reasoning: { startsInside: false },
      }).stream();
      const text = `${OPEN}${invoke('find_trains', parameter('from', 'Москва', true))}${CLOSE}`;
      const events = stream.push(text.slice(0, text.indexOf('Моск') + 4));
      expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
        expect.objectContaining({ name: 'find_trains' }),
      ]);
      const deltas = events.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"from":"Моск');
    });
  });
});
