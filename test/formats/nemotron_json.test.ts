import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'book_table',
    parameters: {
      type: 'object',
      properties: {
        restaurant: { type: 'string' },
        guests: { type: 'integer' },
        time: { type: 'string' },
      },
      required: ['restaurant', 'guests'],
      additionalProperties: false,
    },
  },
  { name: 'list_reservations', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['nemotron_json'], ids: 'sequential' });
const typed = createParser({ formats: ['nemotron_json'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

const OPEN = '<TOOLCALL>';
const CLOSE = '</TOOLCALL>';
const BOOK =
  '{"name": "book_table", "arguments": {"restaurant": "De Kas", "guests": 4, "time": "19:30"}}';
const LIST = '{"name": "list_reservations", "arguments": {}}';

/** A block as Nemotron writes it: one list of call objects between the tags. */
function block(...calls: string[]): string {
  return `${OPEN}[${calls.join(', ')}]${CLOSE}`;
}

/** The names and repair kinds of a result's calls. */
function callsOf(result: ReturnType<typeof forced.parse>): [string, string[]][] {
  return result.calls.map((each) => [each.name, each.repairs.map((repair) => repair.kind)]);
}

describe('nemotron_json', () => {
  it('should read one call from the list', () => {
    const result = forced.parse(block(BOOK));
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'book_table',
        arguments: { restaurant: 'De Kas', guests: 4, time: '19:30' },
        format: 'nemotron_json',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read parallel calls in order, with prose before and after as content', () => {
    const result = forced.parse(`I will book it.\n${block(BOOK, LIST)}\nAnything else?`);
    expect(callsOf(result)).toEqual([
      ['book_table', []],
      ['list_reservations', []],
    ]);
    expect(result.content).toBe('I will book it.\n\nAnything else?');
  });

  it('should read every block of an output', () => {
    const result = forced.parse(`${block(BOOK)}\n${block(LIST)}`);
    expect(callsOf(result)).toEqual([
      ['book_table', []],
      ['list_reservations', []],
    ]);
  });

  it('should validate against the allowlist and the schema', () => {
    const result = typed.parse(
      block(
        '{"name": "book_table", "arguments": {"restaurant": "De Kas", "guests": "four"}}',
        '{"name": "cancel_all", "arguments": {}}',
        LIST,
      ),
    );
    expect(result.calls.map((each) => [each.name, each.validated])).toEqual([
      ['list_reservations', true],
    ]);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_table', 'schema-violation'],
      ['cancel_all', 'unknown-tool'],
    ]);
  });

  it('should read a call object written without its list, recording the slip', () => {
    const lone = forced.parse(`${OPEN}${LIST}${CLOSE}`);
    expect(callsOf(lone)).toEqual([['list_reservations', ['other']]]);
    expect(lone.calls[0]?.repairs[0]?.detail).toBe('call object written without its list');
    const several = forced.parse(`${OPEN}\n${BOOK},\n${LIST}\n${CLOSE}`);
    expect(callsOf(several)).toEqual([
      ['book_table', ['several-values']],
      ['list_reservations', ['several-values']],
    ]);
    // Only the opening bracket left out: the stray closer is dropped too.
    const half = forced.parse(`${OPEN}${BOOK}, ${LIST}]${CLOSE}`);
    expect(half.calls.map((each) => each.name)).toEqual(['book_table', 'list_reservations']);
    expect(half.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['several-values']);
  });

  it('should decode arguments written as a JSON string, recording the repair', () => {
    const result = forced.parse(
      block(
        '{"name": "book_table", "arguments": "{\\"restaurant\\": \\"Nuri\\", \\"guests\\": 2}"}',
      ),
    );
    expect(result.calls.map((each) => each.arguments)).toEqual([{ restaurant: 'Nuri', guests: 2 }]);
    expect(callsOf(result)).toEqual([['book_table', ['arguments-as-string']]]);
  });

  it('should run the whole calls of a block whose close tag was left out', () => {
    const atEnd = forced.parse(`${OPEN}[${BOOK}, ${LIST}]`);
    expect(callsOf(atEnd)).toEqual([
      ['book_table', ['missing-end-marker']],
      ['list_reservations', ['missing-end-marker']],
    ]);
    // The next block's tag ends the one left open.
    const next = forced.parse(`${OPEN}[${LIST}]\n${block(BOOK)}`);
    expect(callsOf(next)).toEqual([
      ['list_reservations', ['missing-end-marker']],
      ['book_table', []],
    ]);
    // Prose after a list never closed is content.
    const prose = forced.parse(`${OPEN}[${LIST}]\nI have asked for your bookings.`);
    expect(callsOf(prose)).toEqual([['list_reservations', ['missing-end-marker']]]);
    expect(prose.content).toBe('\nI have asked for your bookings.');
  });

  it('should close a list whose last bracket alone was left out before the close tag', () => {
    const result = forced.parse(`${OPEN}[${LIST}, ${BOOK}${CLOSE}`);
    expect(result.calls.map((each) => each.name)).toEqual(['list_reservations', 'book_table']);
  });

  it('should keep the whole calls of a list cut off and refuse the cut one by name', () => {
    const result = forced.parse(`${OPEN}[${LIST}, {"name": "book_table", "arguments": {"restau`);
    expect(result.calls.map((each) => each.name)).toEqual(['list_reservations']);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_table', 'incomplete'],
    ]);
    // A call object missing its own close and its arguments' ran into the close tag.
    const unclosed = forced.parse(
      `${OPEN}[{"name": "book_table", "arguments": {"guests": 2${CLOSE}`,
    );
    expect(unclosed.calls).toEqual([]);
    expect(unclosed.rejected.map((each) => each.name)).toEqual(['book_table']);
  });

  it('should refuse by name a call whose arguments are no object, and report junk', () => {
    const numbers = forced.parse(block('{"name": "book_table", "arguments": 4}'));
    expect(numbers.calls).toEqual([]);
    expect(numbers.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_table', 'malformed'],
    ]);
    const prose = forced.parse(`${OPEN}I would like to book a table.${CLOSE}`);
    expect(prose.calls).toEqual([]);
    expect(prose.syntaxSeen).toBe(true);
    expect(prose.content).toBe('');
    expect(prose.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    // JSON after the list inside the block: the block does not read, its call refused by name.
    const after = forced.parse(`${OPEN}[${LIST}] ${BOOK}${CLOSE}`);
    expect(after.calls).toEqual([]);
    expect(after.rejected.map((each) => each.name)).toEqual(['list_reservations']);
    const nameless = forced.parse(block('{"arguments": {"guests": 2}}'));
    expect(nameless.calls).toEqual([]);
    expect(nameless.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should find no call in an empty list, nor leave the block in the content', () => {
    const result = forced.parse(`No booking needed. ${OPEN}[]${CLOSE}`);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.content).toBe('No booking needed. ');
    expect(result.syntaxSeen).toBe(true);
    const blank = forced.parse(`${OPEN}${CLOSE}`);
    expect(blank.calls).toEqual([]);
    expect(blank.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should end a payload at a close tag written inside a string, refusing its call', () => {
    const result = forced.parse(
      block('{"name": "book_table", "arguments": {"restaurant": "a</TOOLCALL>b", "guests": 1}}'),
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => each.name)).toEqual(['book_table']);
  });

  it('should read the tags only as written, in capitals', () => {
    for (const text of [
      `<toolcall>[${LIST}]</toolcall>`,
      `<ToolCall>[${LIST}]</ToolCall>`,
      `[${LIST}]`,
    ]) {
      const result = forced.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.syntaxSeen).toBe(false);
      expect(result.content).toBe(text);
    }
  });

  it('should read reasoning before the call apart, and refuse a call inside it', () => {
    const written = forced.parse(`<think>Four guests at 19:30.</think>\n${block(BOOK)}`);
    expect(written.reasoning).toBe('Four guests at 19:30.');
    expect(written.calls.map((each) => each.name)).toEqual(['book_table']);
    // Nano v2's template opens <think> in the prompt: the model writes only its close.
    const prefilled = forced.parse(`Four guests.\n</think>\n${block(BOOK)}`);
    expect(prefilled.reasoning).toBe('Four guests.\n');
    expect(prefilled.calls.map((each) => each.name)).toEqual(['book_table']);
    const inside = forced.parse(`<think>Maybe ${block(LIST)}</think>No call after all.`);
    expect(inside.calls).toEqual([]);
    expect(inside.content).toBe('No call after all.');
  });

  it('should be found in auto mode without taking other formats’ calls', () => {
    const found = auto.parse(`Booking. ${block(BOOK, LIST)}`);
    expect(found.calls.map((each) => [each.name, each.format])).toEqual([
      ['book_table', 'nemotron_json'],
      ['list_reservations', 'nemotron_json'],
    ]);
    const others: [string, string][] = [
      [`<tool_call>${LIST}</tool_call>`, 'hermes'],
      [`<tool_calls>[${LIST}]</tool_calls>`, 'hunyuan_a13b'],
      [`[TOOL_CALLS][${LIST}]`, 'mistral'],
      [`functools[${LIST}]`, 'phi4_mini'],
    ];
    for (const [text, format] of others) {
      expect(auto.parse(text).calls.map((each) => each.format)).toEqual([format]);
      expect(forced.parse(text).syntaxSeen).toBe(false);
    }
  });

  describe('streams', () => {
    const texts = [
      block(BOOK),
      `Sure. ${block(BOOK, LIST)} Anything else?`,
      `${OPEN}[${BOOK}]`,
      `${OPEN}${LIST}${CLOSE}`,
      `${OPEN}${BOOK}, ${LIST}${CLOSE}`,
      `${OPEN}${BOOK}, ${LIST}]${CLOSE}`,
      `${OPEN}[${LIST}]\nDone for now.`,
      `${OPEN}[${LIST}, {"name": "book_table", "arguments": {"restaurant": "De`,
      `${OPEN}[${LIST}] ${BOOK}${CLOSE}`,
      `${OPEN}[${LIST}, junk]${CLOSE}`,
      `${OPEN}[{"name": "book_table", "arguments": {"restaurant": "a${CLOSE}b"}}]${CLOSE}`,
      `${OPEN}[${LIST}]${block(BOOK)}`,
      block('{"name": "book_table", "arguments": "{\\"guests\\": 2}"}', LIST),
      block('{"name": "book_table", "arguments": 4}', LIST),
      `${OPEN}[]${CLOSE} ok`,
      `<think>Four guests.</think>${block(BOOK)}`,
      `Four guests.</think>${block(LIST)} ok`,
    ];
    const settings: ParserOptions[] = [
      { formats: ['nemotron_json'] },
      {},
      { formats: ['nemotron_json'], tools },
    ];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start each call at its arguments and stream them', () => {
      const stream = createParser({
        formats: ['nemotron_json'],
        tools,
        reasoning: { startsInside: false },
      }).stream();
      const text = block(BOOK, LIST);
      const cut = text.indexOf('De Kas') + 2;
      const early = stream.push(text.slice(0, cut));
      expect(
        early.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['book_table']);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"restaurant":"De');
      const second = stream.push(text.slice(cut, text.indexOf('"arguments": {}') + 15));
      expect(
        second.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['list_reservations']);
    });

    it('should start a call written without its list at its arguments too', () => {
      const stream = createParser({
        formats: ['nemotron_json'],
        reasoning: { startsInside: false },
      }).stream();
      const text = `${OPEN}${BOOK}${CLOSE}`;
      const early = stream.push(text.slice(0, text.indexOf('De Kas')));
      expect(
        early.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['book_table']);
    });
  });
});
