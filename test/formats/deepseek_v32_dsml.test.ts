import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['deepseek_v32_dsml'], ids: 'sequential' });

const OPEN = '<｜DSML｜function_calls>';
const CLOSE = '</｜DSML｜function_calls>';

function parameter(key: string, value: string, string?: boolean): string {
  const attribute = string === undefined ? '' : ` string="${String(string)}"`;
  return `<｜DSML｜parameter name="${key}"${attribute}>${value}</｜DSML｜parameter>`;
}

function invoke(name: string, ...parameters: string[]): string {
  return `<｜DSML｜invoke name="${name}">\n${parameters.join('\n')}\n</｜DSML｜invoke>`;
}

const bookingTools = [
  {
    name: 'book_table',
    parameters: {
      type: 'object',
      properties: {
        restaurant: { type: 'string' },
        guests: { type: 'integer' },
        terrace: { type: 'boolean' },
      },
    },
  },
];

describe('deepseek_v32_dsml', () => {
  it('should keep string="true" text and read string="false" values as JSON', () => {
    const result = parser.parse(
      `${OPEN}\n${invoke(
        'book_table',
        parameter('restaurant', 'Chez Nous', true),
        parameter('guests', '4', false),
        parameter('times', '["19:00", "19:30"]', false),
        parameter('code', '0042', true),
      )}\n${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'book_table',
        arguments: { restaurant: 'Chez Nous', guests: 4, times: ['19:00', '19:30'], code: '0042' },
        format: 'deepseek_v32_dsml',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should keep every repair of a long value (more than a spread into push can take)', () => {
    // 150,000 Python `True`s, each a repair: the list of repairs was once spread into `push`,
    // whose RangeError was then reported as a section nested too deep.
    const list = `[${Array.from({ length: 150_000 }, () => 'True').join(',')}]`;
    const result = parser.parse(
      `${OPEN}\n${invoke('f', parameter('flags', list, false))}\n${CLOSE}`,
    );
    expect(result.issues).toEqual([]);
    expect(result.calls.map((call) => call.repairs.length)).toEqual([150_000]);
    expect(result.calls[0]?.repairs[0]?.kind).toBe('python-literal');
  });

  it('should read several invokes in order', () => {
    const result = parser.parse(
      `${OPEN}\n${invoke('lookup', parameter('q', 'otters', true))}\n${invoke('lookup', parameter('q', 'beavers', true))}\n${CLOSE}`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['lookup', { q: 'otters' }],
      ['lookup', { q: 'beavers' }],
    ]);
  });

  it('should keep the prose before the block as content and split off reasoning', () => {
    const result = parser.parse(
      `<think>The user wants a table.</think>Booking it now.\n\n${OPEN}\n${invoke('book_table', parameter('guests', '2', false))}\n${CLOSE}`,
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ guests: 2 }]);
    expect(result.content).toBe('Booking it now.\n\n');
    expect(result.reasoning).toBe('The user wants a table.');
  });

  it('should keep string="true" text exactly as written, spaces included', () => {
    const result = parser.parse(
      `${OPEN}${invoke('echo', parameter('text', '  two spaces  ', true))}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ text: '  two spaces  ' });
  });

  it('should type values without a string attribute by the tool schema', () => {
    const typed = createParser({
      formats: ['deepseek_v32_dsml'],
      tools: bookingTools,
      ids: 'sequential',
    });
    const result = typed.parse(
      `${OPEN}${invoke('book_table', parameter('guests', '6'), parameter('terrace', 'true'))}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ guests: 6, terrace: true });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should keep a string="false" value that is not JSON as text, recording it', () => {
    const result = parser.parse(
      `${OPEN}${invoke('search', parameter('query', 'red shoes', false))}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ query: 'red shoes' });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['other']);
  });

  it('should read an invoke body written as one JSON object of arguments', () => {
    const result = parser.parse(
      `${OPEN}\n<｜DSML｜invoke name="convert">\n  {"amount": 12.5, "to": "EUR"}\n</｜DSML｜invoke>\n${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ amount: 12.5, to: 'EUR' });
  });

  it('should read an empty invoke as a call with no arguments', () => {
    const result = parser.parse(
      `${OPEN}\n<｜DSML｜invoke name="now">\n\n</｜DSML｜invoke>\n${CLOSE}`,
    );
    expect(result.calls).toEqual([expect.objectContaining({ name: 'now', arguments: {} })]);
  });

  it('should accept a complete invoke whose block close tag never came, recording the repair', () => {
    const result = parser.parse(`${OPEN}\n${invoke('now')}\n`);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse an invoke cut off inside a value', () => {
    const result = parser.parse(
      `${OPEN}\n<｜DSML｜invoke name="post">\n<｜DSML｜parameter name="text" string="true">Hel`,
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'post', reason: 'incomplete' }),
    ]);
  });

  it('should reject an invoke with stray text between parameters as malformed', () => {
    const result = parser.parse(
      `${OPEN}${invoke('f', parameter('a', '1', true), 'and then', parameter('b', '2', true))}${CLOSE}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([expect.objectContaining({ name: 'f', reason: 'malformed' })]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report a parameter without a name as malformed', () => {
    const result = parser.parse(
      `${OPEN}<｜DSML｜invoke name="f"><｜DSML｜parameter string="true">1</｜DSML｜parameter></｜DSML｜invoke>${CLOSE}`,
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should not read the deepseek_v4_dsml block name', () => {
    const result = parser.parse(`<｜DSML｜tool_calls>${invoke('f')}</｜DSML｜tool_calls>`);
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ ids: 'sequential' }).parse(
      `${OPEN}${invoke('get_time', parameter('zone', 'UTC', true))}${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'get_time',
        arguments: { zone: 'UTC' },
        format: 'deepseek_v32_dsml',
      }),
    ]);
  });

  it('should read the block with ASCII bars and without its ">", recording the repairs, in parse and stream', () => {
    const options = {
      formats: ['deepseek_v32_dsml' as const],
      reasoning: { startsInside: false },
    };
    const text =
      '<|DSML|function_calls\n<|DSML|invoke name="ping">\n<|DSML|parameter name="host" string="true">a</|DSML|parameter>\n' +
      '</|DSML|invoke>\n</|DSML|function_calls>';
    const result = createParser(options).parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['ping', { host: 'a' }],
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.detail)).toEqual([
      'DSML tags written with ASCII "|" read as "｜"',
      'the ">" missing from the block\'s open tag',
    ]);
    expectEveryChunking(options, text);
  });
});
