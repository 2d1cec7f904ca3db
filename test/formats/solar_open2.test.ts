import { describe, expect, it } from 'vitest';
import { solar_open2 } from '../../src/formats/solar_open2/index.js';
import { createParser } from '../../src/index.js';
import type { ParserOptions, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'rent_bike',
    parameters: {
      type: 'object',
      properties: {
        station: { type: 'string' },
        hours: { type: 'integer' },
        electric: { type: 'boolean' },
        extras: { type: 'array', items: { type: 'string' } },
      },
      required: ['station'],
    },
  },
  { name: 'list_stations', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['solar_open2'], ids: 'sequential' });
const typed = createParser({ formats: ['solar_open2'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

/** A call as the template writes it: the name's line, one pair a line, the end token. */
function call(name: string, pairs: (readonly [string, string])[]): string {
  const written = pairs
    .map(([key, value]) => `<|tool_arg:start|>${key}<|tool_arg:value|>${value}<|tool_arg:end|>\n`)
    .join('');
  return `<|tool_call:start|>${name}\n${written}<|tool_call:end|>`;
}

const BIKE = call('rent_bike', [
  ['station', 'Gent-Sint-Pieters'],
  ['hours', '3'],
]);
const STATIONS = call('list_stations', []);

/** The names and reasons of what a parse refused. */
function refusals(text: string, parser = forced): [string, string][] {
  return parser.parse(text).rejected.map((each) => [each.name ?? '', each.reason]);
}

/** The kinds of the repairs of each accepted call. */
function repairKinds(text: string, parser = forced): string[][] {
  return parser.parse(text).calls.map((each) => each.repairs.map((repair) => repair.kind));
}

describe('solar_open2', () => {
  it('should read a call, its values typed as glm45 types them', () => {
    const result = forced.parse(BIKE);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['rent_bike', { station: 'Gent-Sint-Pieters', hours: 3 }],
    ]);
    expect(result.calls[0]?.format).toBe('solar_open2');
    expect(result.syntaxSeen).toBe(true);
    expect(result.content).toBe('');
  });

  it('should type text values by the schema where one is given', () => {
    const text = call('rent_bike', [
      ['station', '42'],
      ['hours', ' 2 '],
      ['electric', 'true'],
      ['extras', '["helmet", "lock"]'],
    ]);
    expect(typed.parse(text).calls[0]?.arguments).toEqual({
      station: '42',
      hours: 2,
      electric: true,
      extras: ['helmet', 'lock'],
    });
    // Without a schema, "42" is JSON and is decoded.
    expect(forced.parse(text).calls[0]?.arguments).toMatchObject({ station: 42 });
  });

  it('should read parallel calls in order, with prose around them as content', () => {
    const result = forced.parse(`Renting one now.\n${BIKE}\n${STATIONS}\nDone.`);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['rent_bike', { station: 'Gent-Sint-Pieters', hours: 3 }],
      ['list_stations', {}],
    ]);
    expect(result.content).toBe('Renting one now.\n\n\nDone.');
  });

  it('should read a call whose <|tool_arg:end|> was left out up to the next token', () => {
    const beforePair =
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Brugge\n<|tool_arg:start|>hours<|tool_arg:value|>1<|tool_arg:end|>\n<|tool_call:end|>';
    expect(forced.parse(beforePair).calls[0]?.arguments).toEqual({ station: 'Brugge', hours: 1 });
    expect(repairKinds(beforePair)).toEqual([['implicit-close-tag']]);
    expect(forced.parse(beforePair).calls[0]?.repairs[0]?.detail).toBe('<|tool_arg:end|>');
    const beforeEnd =
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Brugge<|tool_call:end|>';
    expect(forced.parse(beforeEnd).calls[0]?.arguments).toEqual({ station: 'Brugge' });
    expect(repairKinds(beforeEnd)).toEqual([['implicit-close-tag']]);
  });

  it('should end a call whose <|tool_call:end|> was left out where the next call starts', () => {
    const text = `${BIKE.slice(0, -'<|tool_call:end|>'.length)}${STATIONS}`;
    const result = forced.parse(text);
    expect(result.calls.map((each) => each.name)).toEqual(['rent_bike', 'list_stations']);
    expect(result.calls[0]?.repairs.map((each) => [each.kind, each.detail])).toEqual([
      ['implicit-close-tag', '<|tool_call:end|>'],
    ]);
    // Both ends left out: the value ends at the next call too.
    const both =
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Aalst' + STATIONS;
    expect(forced.parse(both).calls.map((each) => [each.name, each.arguments])).toEqual([
      ['rent_bike', { station: 'Aalst' }],
      ['list_stations', {}],
    ]);
    expect(repairKinds(both)[0]).toEqual(['implicit-close-tag', 'implicit-close-tag']);
  });

  it('should refuse by name a call the output cut off, keeping the whole calls before it', () => {
    const text = `${BIKE}\n<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Leu`;
    const result = forced.parse(text);
    expect(result.calls.map((each) => each.name)).toEqual(['rent_bike']);
    expect(refusals(text)).toEqual([['rent_bike', 'incomplete']]);
    // Cut on the name's line: refused under the name written so far.
    expect(refusals('<|tool_call:start|>rent_bi')).toEqual([['rent_bi', 'incomplete']]);
    // Whole pairs, then no end token: the call may have gone on.
    const pairsOnly = BIKE.slice(0, -'<|tool_call:end|>'.length);
    expect(refusals(pairsOnly)).toEqual([['rent_bike', 'incomplete']]);
  });

  it('should refuse by name a key written twice, an empty key, or a key with no value', () => {
    const twice = call('rent_bike', [
      ['station', 'Gent'],
      ['station', 'Lier'],
    ]);
    expect(refusals(twice)).toEqual([['rent_bike', 'malformed']]);
    expect(forced.parse(twice).issues[0]?.message).toBe(
      '"rent_bike" writes the argument "station" twice',
    );
    expect(refusals(call('rent_bike', [['', 'Gent']]))).toEqual([['rent_bike', 'malformed']]);
    const noValue =
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:end|>\n<|tool_call:end|>';
    expect(refusals(noValue)).toEqual([['rent_bike', 'malformed']]);
    const keyCutByCall = '<|tool_call:start|>rent_bike\n<|tool_arg:start|>sta<|tool_call:end|>';
    expect(refusals(keyCutByCall)).toEqual([['rent_bike', 'malformed']]);
  });

  it('should refuse by name a call holding junk between pairs', () => {
    const text =
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Gent<|tool_arg:end|>\nand also\n<|tool_arg:start|>hours<|tool_arg:value|>2<|tool_arg:end|>\n<|tool_call:end|>';
    expect(refusals(text)).toEqual([['rent_bike', 'malformed']]);
    expect(forced.parse(text).issues[0]?.message).toBe('unexpected text in "rent_bike"');
    const json = '<|tool_call:start|>rent_bike\n{"station": "Gent"}<|tool_call:end|>';
    expect(refusals(json)).toEqual([['rent_bike', 'malformed']]);
    const strayToken =
      '<|tool_call:start|>rent_bike\n<|tool_arg:value|>Gent<|tool_arg:end|>\n<|tool_call:end|>';
    expect(refusals(strayToken)).toEqual([['rent_bike', 'malformed']]);
  });

  it('should refuse by name a call whose name no line break ends', () => {
    const text =
      '<|tool_call:start|>rent_bike<|tool_arg:start|>station<|tool_arg:value|>Gent<|tool_arg:end|><|tool_call:end|>';
    expect(refusals(text)).toEqual([['rent_bike', 'malformed']]);
    expect(refusals('<|tool_call:start|>list_stations<|tool_call:end|>')).toEqual([
      ['list_stations', 'malformed'],
    ]);
  });

  it('should read a call that takes no argument, and \\r\\n after the name', () => {
    expect(forced.parse(STATIONS).calls.map((each) => each.arguments)).toEqual([{}]);
    const crlf = BIKE.replace('rent_bike\n', 'rent_bike\r\n');
    expect(forced.parse(crlf).calls[0]?.arguments).toEqual({
      station: 'Gent-Sint-Pieters',
      hours: 3,
    });
  });

  it('should keep a value holding a prefix of a token or a stray <|tool_arg:value|>', () => {
    const text = call('rent_bike', [['station', 'what is <|tool_call: and <|tool_arg:value|>?']]);
    expect(forced.parse(text).calls[0]?.arguments).toEqual({
      station: 'what is <|tool_call: and <|tool_arg:value|>?',
    });
  });

  it('should report a call with no name', () => {
    const nameless = forced.parse('<|tool_call:start|>\n<|tool_call:end|>');
    expect(nameless.calls).toEqual([]);
    expect(nameless.issues.map((each) => each.code)).toEqual(['malformed-tool-call']);
    expect(forced.parse('<|tool_call:start|>').issues.map((each) => each.code)).toEqual([
      'incomplete-tool-call',
    ]);
  });

  it('should keep an argument named __proto__ an own property', () => {
    const result = forced.parse(call('rent_bike', [['__proto__', '{"polluted": 1}']]));
    const args = result.calls[0]?.arguments as Record<string, unknown>;
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should read the reasoning the prompt opened up to <|think:end|>, and one written whole', () => {
    const prefilled = forced.parse(`Station first.<|think:end|>Renting.${BIKE}`);
    expect(prefilled.reasoning).toBe('Station first.');
    expect(prefilled.content).toBe('Renting.');
    expect(prefilled.calls).toHaveLength(1);
    const written = forced.parse(`<|think:start|>Station first.<|think:end|>${BIKE}`);
    expect(written.reasoning).toBe('Station first.');
    expect(written.calls).toHaveLength(1);
    // A call started inside the block ends the reasoning, as vLLM's stream reads it.
    const inside = forced.parse(`<|think:start|>Station first.${BIKE}`);
    expect(inside.reasoning).toBe('Station first.');
    expect(inside.calls.map((each) => each.name)).toEqual(['rent_bike']);
    // The prefilled block: a call before its <|think:end|> stays reasoning.
    const thinking = forced.parse(`Maybe ${BIKE} later.<|think:end|>No.`);
    expect(thinking.calls).toEqual([]);
    expect(thinking.content).toBe('No.');
  });

  it('should be read as solar_open2 in auto mode, and leave other formats’ calls alone', () => {
    const result = auto.parse(`Checking.${BIKE}`);
    expect(result.calls.map((each) => [each.format, each.name])).toEqual([
      ['solar_open2', 'rent_bike'],
    ]);
    const hermes = auto.parse('<tool_call>{"name": "list_stations", "arguments": {}}</tool_call>');
    expect(hermes.calls.map((each) => each.format)).toEqual(['hermes']);
  });

  it('should say where a reasoning block’s text starts and ends', () => {
    expect(solar_open2.readTextHead?.('<|think:start|>Hm', 0)).toEqual({
      kind: 'reasoning',
      start: 15,
      stops: ['<|think:end|>', '<|tool_call:start|>'],
    });
    expect(solar_open2.readTextHead?.(BIKE, 0)).toBeUndefined();
  });

  describe('streams', () => {
    const texts = [
      BIKE,
      `Renting.\n${BIKE}\n${STATIONS}\nDone.`,
      `${BIKE.slice(0, -'<|tool_call:end|>'.length)}${STATIONS}`,
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Brugge\n<|tool_arg:start|>hours<|tool_arg:value|>1<|tool_call:end|>',
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Aalst' + STATIONS,
      `${BIKE}\n<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Leu`,
      call('rent_bike', [
        ['station', 'Gent'],
        ['station', 'Lier'],
      ]),
      call('rent_bike', [
        ['station', ' 42 '],
        ['electric', 'true'],
        ['extras', '["helmet"]'],
      ]),
      '<|tool_call:start|>rent_bike\n<|tool_arg:start|>station<|tool_arg:value|>Gent<|tool_arg:end|>\njunk<|tool_call:end|>',
      '<|tool_call:start|>rent_bike<|tool_arg:start|>station<|tool_arg:value|>Gent<|tool_arg:end|><|tool_call:end|>',
      `Station first.<|think:end|>${BIKE}`,
      `<|think:start|>Station first.${BIKE}`,
      call('rent_bike', [['station', 'a <|tool_call: b <|tool_arg:value|> c']]),
    ];
    const settings: ParserOptions[] = [
      { formats: ['solar_open2'] },
      {},
      { formats: ['solar_open2'], tools },
    ];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start a call once its name’s line ends and stream its values', () => {
      const stream = createParser({
        formats: ['solar_open2'],
        tools,
        reasoning: { startsInside: false },
      }).stream();
      const cut = BIKE.indexOf('Sint') + 4;
      const early = stream.push(BIKE.slice(0, cut));
      expect(early.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"station":"Gent-Sint');
    });

    it('should give a head only after the name’s line break', () => {
      const head = solar_open2.readCallHead as NonNullable<typeof solar_open2.readCallHead>;
      expect(head('<|tool_call:start|>rent_bike', 0)).toBe('wait');
      expect(head('<|tool_call:start|>rent_bike\r', 0)).toBe('wait');
      expect(head('<|tool_call:start|>rent_bike<', 0)).toBe('wait');
      expect(head('<|tool_call:start|>rent_bike<|tool_arg:start|>', 0)).toBeUndefined();
      expect(head('<|tool_call:start|>rent_bike\rx', 0)).toBeUndefined();
      expect(head('<|tool_call:start|> \n', 0)).toBeUndefined();
      const found = head('<|tool_call:start|> rent_bike \n<|tool_arg:start|>', 0);
      expect(found).toMatchObject({ name: 'rent_bike', argumentsStart: 31 });
    });
  });
});
