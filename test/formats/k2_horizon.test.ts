import { describe, expect, it } from 'vitest';
import { k2_horizon } from '../../src/formats/k2_horizon/index.js';
import { createParser } from '../../src/index.js';
import type { ParserOptions, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'book_ferry',
    parameters: {
      type: 'object',
      properties: {
        harbour: { type: 'string' },
        passengers: { type: 'integer' },
        cabin: { type: 'boolean' },
        stops: { type: 'array', items: { type: 'string' } },
        seat: { type: ['string', 'integer'] },
      },
      required: ['harbour'],
    },
  },
  { name: 'list_sailings', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['k2_horizon'], ids: 'sequential' });
const typed = createParser({ formats: ['k2_horizon'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

/** A call of the plain mode, or of the typed one where a pair gives its type third. */
function call(
  name: string,
  pairs: (readonly [string, string] | readonly [string, string, string])[],
) {
  const written = pairs
    .map(([key, value, type]) => {
      const declared = type === undefined ? '' : `<ifm|arg_type>${type}</ifm|arg_type>`;
      return `<ifm|arg_key>${key}</ifm|arg_key>${declared}<ifm|arg_value>${value}</ifm|arg_value>`;
    })
    .join('');
  return `<ifm|tool_call>${name}${written}</ifm|tool_call>`;
}

/** A group of calls, one a line. */
function group(calls: string[]): string {
  return `<ifm|tool_calls>\n${calls.join('\n')}\n</ifm|tool_calls>`;
}

const FERRY = call('book_ferry', [
  ['harbour', 'Ostend'],
  ['passengers', '2'],
]);
const SAILINGS = call('list_sailings', []);
const JSON_FERRY =
  '<ifm|tool_call>{"name": "book_ferry", "arguments": {"harbour": "Dover", "passengers": 3}}</ifm|tool_call>';

/** The names and reasons of what a parse refused. */
function refusals(text: string, parser = forced): [string, string][] {
  return parser.parse(text).rejected.map((each) => [each.name ?? '', each.reason]);
}

describe('k2_horizon', () => {
  it('should read a call of the plain mode', () => {
    const result = typed.parse(group([FERRY]));
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'book_ferry',
        arguments: { harbour: 'Ostend', passengers: 2 },
        format: 'k2_horizon',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several calls of one group in order, with prose around it as content', () => {
    const fresh = createParser({ formats: ['k2_horizon'], ids: 'sequential' });
    const result = fresh.parse(`Checking both.${group([FERRY, SAILINGS])} Done.`);
    expect(result.calls.map((each) => [each.id, each.name, each.arguments])).toEqual([
      ['call_0', 'book_ferry', { harbour: 'Ostend', passengers: 2 }],
      ['call_1', 'list_sailings', {}],
    ]);
    expect(result.content).toBe('Checking both. Done.');
  });

  it('should read the typed mode, the declared type typing a value no schema types', () => {
    const text = group([
      call('book_ferry', [
        ['harbour', 'Calais', 'string'],
        ['passengers', '4', 'integer'],
        ['stops', '["Dunkirk"]', 'array[string]'],
      ]),
    ]);
    const expected = { harbour: 'Calais', passengers: 4, stops: ['Dunkirk'] };
    expect(typed.parse(text).calls[0]?.arguments).toEqual(expected);
    expect(forced.parse(text).calls[0]?.arguments).toEqual(expected);
    // Without a schema, `string` keeps digits as text, and `any` reads as the plain mode does.
    const declared = forced.parse(
      group([
        call('check_berth', [
          ['berth', '12', 'string'],
          ['deck', '3', 'any'],
        ]),
      ]),
    );
    expect(declared.calls[0]?.arguments).toEqual({ berth: '12', deck: 3 });
  });

  it('should narrow a schema that allows several types to the one declared', () => {
    const text = group([
      call('book_ferry', [
        ['harbour', 'Ostend', 'string'],
        ['seat', '14', 'string'],
      ]),
    ]);
    expect(typed.parse(text).calls[0]?.arguments).toEqual({ harbour: 'Ostend', seat: '14' });
    const plain = group([
      call('book_ferry', [
        ['harbour', 'Ostend'],
        ['seat', '14'],
      ]),
    ]);
    expect(typed.parse(plain).calls[0]?.arguments).toEqual({ harbour: 'Ostend', seat: 14 });
  });

  it('should refuse by name a declared type its schema does not allow', () => {
    const text = group([
      call('book_ferry', [
        ['harbour', 'Ostend', 'string'],
        ['passengers', '2', 'string'],
      ]),
    ]);
    expect(refusals(text, typed)).toEqual([['book_ferry', 'malformed']]);
    expect(typed.parse(text).issues[0]?.message).toContain(
      '"passengers" of "book_ferry" is declared',
    );
    // An integer for a number (or the other way round) is no contradiction.
    const tools2: ToolDefinition[] = [
      { name: 'tip', parameters: { type: 'object', properties: { amount: { type: 'number' } } } },
    ];
    const tip = createParser({ formats: ['k2_horizon'], tools: tools2 });
    expect(
      tip.parse(group([call('tip', [['amount', '5', 'integer']])])).calls[0]?.arguments,
    ).toEqual({
      amount: 5,
    });
  });

  it('should refuse by name a call mixing typed and untyped pairs, or declaring an empty type', () => {
    const mixed = group([
      call('book_ferry', [
        ['harbour', 'Ostend'],
        ['passengers', '2', 'integer'],
      ]),
    ]);
    expect(refusals(mixed, typed)).toEqual([['book_ferry', 'malformed']]);
    const empty = group([call('book_ferry', [['harbour', 'Ostend', ' ']])]);
    expect(refusals(empty, typed)).toEqual([['book_ferry', 'malformed']]);
    const unclosed =
      '<ifm|tool_calls><ifm|tool_call>book_ferry<ifm|arg_key>harbour</ifm|arg_key><ifm|arg_type>string<ifm|arg_value>Ostend</ifm|arg_value></ifm|tool_call></ifm|tool_calls>';
    expect(refusals(unclosed, typed)).toEqual([['book_ferry', 'malformed']]);
  });

  it('should read the JSON mode, arguments as written', () => {
    const result = typed.parse(group([JSON_FERRY, SAILINGS]));
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['book_ferry', { harbour: 'Dover', passengers: 3 }],
      ['list_sailings', {}],
    ]);
    const noArguments = forced.parse(
      '<ifm|tool_calls><ifm|tool_call> {"name": "list_sailings"} </ifm|tool_call></ifm|tool_calls>',
    );
    expect(noArguments.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['list_sailings', {}],
    ]);
  });

  it('should refuse JSON bodies it cannot read, by name where they give one', () => {
    const body = (json: string): string =>
      `<ifm|tool_calls><ifm|tool_call>${json}</ifm|tool_call></ifm|tool_calls>`;
    expect(refusals(body('{"name": "book_ferry", "params": {"harbour": "Dover"}}'))).toEqual([
      ['book_ferry', 'malformed'],
    ]);
    expect(refusals(body('{"name": "book_ferry", "arguments": "Dover"}'))).toEqual([
      ['book_ferry', 'malformed'],
    ]);
    expect(refusals(body('{"name": "book_ferry", "arguments": {"harbour": "Dover"}'))).toEqual([
      ['book_ferry', 'malformed'],
    ]);
    expect(refusals(body('{"name": "list_sailings"},\n{"name": "book_ferry"}'))).toEqual([
      ['list_sailings', 'malformed'],
    ]);
    expect(refusals(body('{"name": "book ferry", "arguments": {}}'))).toEqual([
      ['book ferry', 'malformed'],
    ]);
    // Text after the object is no JSON: the body names no tool that can be trusted.
    const trailing = forced.parse(body('{"name": "book_ferry", "arguments": {}} and more'));
    expect(trailing.calls).toEqual([]);
    expect(trailing.issues[0]?.code).toBe('malformed-tool-call');
    const nameless = forced.parse(body('{"arguments": {}}'));
    expect(nameless.calls).toEqual([]);
    expect(nameless.issues[0]?.code).toBe('malformed-tool-call');
  });

  it('should read a call that takes no argument', () => {
    for (const text of [
      '<ifm|tool_calls><ifm|tool_call>list_sailings</ifm|tool_call></ifm|tool_calls>',
      '<ifm|tool_calls>\n<ifm|tool_call>\nlist_sailings\n</ifm|tool_call>\n</ifm|tool_calls>',
    ]) {
      const result = typed.parse(text);
      expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
        ['list_sailings', {}],
      ]);
    }
  });

  it('should run an empty-parameter call only where the schema allows no arguments', () => {
    // ik_llama.cpp #2482: quantised checkpoints called tools with no parameters. Written whole,
    // the call reads; validation refuses it when its tool requires one.
    const result = typed.parse(
      '<ifm|tool_calls><ifm|tool_call>book_ferry</ifm|tool_call></ifm|tool_calls>',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_ferry', 'schema-violation'],
    ]);
  });

  it('should refuse by name a name holding blanks, or followed by JSON', () => {
    const spaced = '<ifm|tool_calls><ifm|tool_call>book ferry</ifm|tool_call></ifm|tool_calls>';
    expect(refusals(spaced)).toEqual([['book', 'malformed']]);
    // The shape a grammar of llama.cpp's forced (ik_llama.cpp #2466): a name, then JSON.
    const jsonAfter =
      '<ifm|tool_calls><ifm|tool_call>book_ferry\n{"harbour": "Dover"}</ifm|tool_call></ifm|tool_calls>';
    expect(refusals(jsonAfter)).toEqual([['book_ferry', 'malformed']]);
  });

  it('should refuse by name a key written twice, an empty key, or a key with no value', () => {
    const twice = group([
      call('book_ferry', [
        ['harbour', 'Ostend'],
        ['harbour', 'Dover'],
      ]),
    ]);
    expect(refusals(twice)).toEqual([['book_ferry', 'malformed']]);
    expect(forced.parse(twice).issues[0]?.message).toBe(
      '"book_ferry" writes the argument "harbour" twice',
    );
    const emptyKey = group([call('book_ferry', [[' ', 'Ostend']])]);
    expect(refusals(emptyKey)).toEqual([['book_ferry', 'malformed']]);
    const noValue =
      '<ifm|tool_calls><ifm|tool_call>book_ferry<ifm|arg_key>harbour</ifm|arg_key></ifm|tool_call></ifm|tool_calls>';
    expect(refusals(noValue)).toEqual([['book_ferry', 'malformed']]);
  });

  it('should refuse by name every call of a group holding junk between or after pairs', () => {
    const between = group([
      '<ifm|tool_call>book_ferry<ifm|arg_key>harbour</ifm|arg_key><ifm|arg_value>Ostend</ifm|arg_value> and Dover</ifm|tool_call>',
    ]);
    expect(refusals(between)).toEqual([['book_ferry', 'malformed']]);
    const outside = group([FERRY, `Then:\n${SAILINGS}`]);
    expect(refusals(outside)).toEqual([
      ['book_ferry', 'malformed'],
      ['list_sailings', 'malformed'],
    ]);
    const strayValue =
      '<ifm|tool_calls><ifm|tool_call>book_ferry</ifm|arg_value></ifm|tool_call></ifm|tool_calls>';
    expect(refusals(strayValue)).toEqual([['book_ferry', 'malformed']]);
  });

  it('should end a call whose </ifm|tool_call> was left out where the next tag implies it', () => {
    const text = `<ifm|tool_calls><ifm|tool_call>book_ferry<ifm|arg_key>harbour</ifm|arg_key><ifm|arg_value>Ostend</ifm|arg_value>${SAILINGS}</ifm|tool_calls>`;
    const result = forced.parse(text);
    expect(result.calls.map((each) => each.name)).toEqual(['book_ferry', 'list_sailings']);
    expect(result.calls[0]?.repairs).toContainEqual(
      expect.objectContaining({ kind: 'implicit-close-tag', detail: '</ifm|tool_call>' }),
    );
    const last = forced.parse(
      '<ifm|tool_calls><ifm|tool_call>book_ferry<ifm|arg_key>harbour</ifm|arg_key><ifm|arg_value>Ostend</ifm|arg_value></ifm|tool_calls>',
    );
    expect(last.calls.map((each) => each.arguments)).toEqual([{ harbour: 'Ostend' }]);
  });

  it('should end a group at its first </ifm|tool_calls>, even inside a value', () => {
    const result = forced.parse(
      '<ifm|tool_calls><ifm|tool_call>list_sailings<ifm|arg_key>port</ifm|arg_key><ifm|arg_value>Ostend</ifm|tool_calls> and more</ifm|arg_value></ifm|tool_call>',
    );
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['list_sailings', { port: 'Ostend' }],
    ]);
    expect(result.content).toBe(' and more</ifm|arg_value></ifm|tool_call>');
  });

  it('should read a group whose </ifm|tool_calls> was left out, prose after it staying content', () => {
    const open = `<ifm|tool_calls>${FERRY}`;
    const bare = forced.parse(open);
    expect(bare.calls.map((each) => each.name)).toEqual(['book_ferry']);
    expect(bare.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
    const result = forced.parse(`${open}\nBooked.`);
    expect(result.calls.map((each) => each.name)).toEqual(['book_ferry']);
    expect(result.content).toBe('\nBooked.');
    expect(result.calls[0]?.repairs).toContainEqual(
      expect.objectContaining({ kind: 'implicit-close-tag', detail: '</ifm|tool_calls>' }),
    );
  });

  it('should keep the whole calls of a group cut off and refuse the cut one as incomplete', () => {
    const text = group([FERRY, call('book_ferry', [['harbour', 'Dover']])]);
    const cut = text.slice(0, text.indexOf('Dover') + 2);
    const result = forced.parse(cut);
    expect(result.calls.map((each) => each.arguments)).toEqual([
      { harbour: 'Ostend', passengers: 2 },
    ]);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_ferry', 'incomplete'],
    ]);
    const json = group([JSON_FERRY]);
    const cutJson = forced.parse(json.slice(0, json.indexOf('Dover')));
    expect(cutJson.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_ferry', 'incomplete'],
    ]);
    const opened = forced.parse('<ifm|tool_calls><ifm|tool_call>book_fe');
    expect(opened.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_fe', 'incomplete'],
    ]);
  });

  it('should report a call with no name, and a group with no call', () => {
    const nameless = forced.parse(
      '<ifm|tool_calls><ifm|tool_call> <ifm|arg_key>a</ifm|arg_key><ifm|arg_value>1</ifm|arg_value></ifm|tool_call></ifm|tool_calls>',
    );
    expect(nameless.calls).toEqual([]);
    expect(nameless.issues.map((issue) => issue.message)).toContain('a call has no tool name');
    expect(forced.parse('<ifm|tool_calls></ifm|tool_calls>').issues[0]?.code).toBe(
      'malformed-tool-call',
    );
    expect(forced.parse('<ifm|tool_calls>\n').issues[0]?.code).toBe('incomplete-tool-call');
  });

  it('should read each effort’s reasoning block, a prefilled one by its close tag', () => {
    for (const [open, close] of [
      ['<ifm|think>', '</ifm|think>'],
      ['<ifm|think_fast>', '</ifm|think_fast>'],
      ['<ifm|think_faster>', '</ifm|think_faster>'],
    ]) {
      const result = forced.parse(`${open}Ostend, two people.${close}Booking.${group([FERRY])}`);
      expect(result.reasoning).toBe('Ostend, two people.');
      expect(result.content).toBe('Booking.');
      expect(result.calls.map((each) => each.name)).toEqual(['book_ferry']);
      // The template writes the opener into the prompt: the model writes only the close tag.
      const prefilled = forced.parse(`Two people.${close}${group([SAILINGS])}`);
      expect(prefilled.reasoning).toBe('Two people.');
      expect(prefilled.calls.map((each) => each.name)).toEqual(['list_sailings']);
    }
    // A group opened inside the reasoning ends it; another effort's close tag does not.
    const inside = forced.parse(`<ifm|think_fast>Plan</ifm|think>${group([SAILINGS])}`);
    expect(inside.reasoning).toBe('Plan</ifm|think>');
    expect(inside.calls.map((each) => each.name)).toEqual(['list_sailings']);
  });

  it('should be read as k2_horizon in auto mode, and leave other formats’ calls alone', () => {
    expect(auto.parse(group([FERRY, JSON_FERRY])).calls.map((each) => each.format)).toEqual([
      'k2_horizon',
      'k2_horizon',
    ]);
    const glm =
      '<tool_call>book_ferry\n<arg_key>harbour</arg_key>\n<arg_value>Ostend</arg_value>\n</tool_call>';
    expect(auto.parse(glm).calls.map((each) => each.format)).toEqual(['glm45']);
    const hy = '<tool_calls><tool_call>list_sailings<tool_sep></tool_call></tool_calls>';
    expect(auto.parse(hy).calls.map((each) => each.format)).toEqual(['hy_v3']);
    expect(forced.parse(glm).syntaxSeen).toBe(false);
    // A lone call tag outside a group is no call of this syntax.
    expect(forced.parse(SAILINGS).calls).toEqual([]);
  });

  it('should say where a reasoning block’s text starts and ends', () => {
    expect(k2_horizon.readTextHead?.('x<ifm|think_fast>', 1)).toEqual({
      kind: 'reasoning',
      start: 17,
      stops: ['</ifm|think_fast>', '<ifm|tool_calls>'],
    });
    expect(k2_horizon.readTextHead?.('<ifm|tool_calls>', 0)).toBeUndefined();
  });

  describe('streams', () => {
    const texts = [
      group([FERRY, SAILINGS]),
      `Booking.\n${group([
        call('book_ferry', [
          ['stops', '["Dunkirk"]'],
          ['cabin', 'false'],
        ]),
        SAILINGS,
      ])} done`,
      group([
        call('book_ferry', [
          ['harbour', 'Calais', 'string'],
          ['passengers', '4', 'integer'],
        ]),
        SAILINGS,
      ]),
      group([JSON_FERRY, FERRY]),
      group([FERRY, JSON_FERRY, SAILINGS]),
      group([FERRY, call('book_ferry', [['harbour', 'Dover']])]).slice(0, -40),
      `<ifm|tool_calls>${FERRY}\nBooked.`,
      group([
        call('book_ferry', [
          ['harbour', 'Ostend'],
          ['harbour', 'Dover'],
        ]),
      ]),
      group([
        call('book_ferry', [
          ['harbour', 'Ostend'],
          ['passengers', '2', 'integer'],
        ]),
      ]),
      group([FERRY, `junk ${SAILINGS}`]),
      `<ifm|think_faster>Two.</ifm|think_faster>${group([SAILINGS])}`,
      `Two.</ifm|think>${group([FERRY])}`,
      `<ifm|think>Two.${group([FERRY])}`,
    ];
    const settings: ParserOptions[] = [
      { formats: ['k2_horizon'] },
      {},
      { formats: ['k2_horizon'], tools },
    ];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start each call at its first key and stream its values', () => {
      const stream = createParser({
        formats: ['k2_horizon'],
        tools,
        reasoning: { startsInside: false },
      }).stream();
      const text = group([FERRY, SAILINGS]);
      const cut = text.indexOf('Ost') + 3;
      const early = stream.push(text.slice(0, cut));
      expect(early.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"harbour":"Ost');
      const second = stream.push(text.slice(cut, text.lastIndexOf('</ifm|tool_call>') + 16));
      expect(second.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
    });

    it('should give no head to a JSON-mode call or a name holding blanks', () => {
      const head = k2_horizon.readCallHead as NonNullable<typeof k2_horizon.readCallHead>;
      expect(head(group([JSON_FERRY]), 0)).toBeUndefined();
      expect(head('<ifm|tool_calls><ifm|tool_call>book ferry<ifm|arg_key>', 0)).toBeUndefined();
      expect(head('<ifm|tool_calls><ifm|tool_call>book_ferry', 0)).toBe('wait');
      expect(head('<ifm|tool_calls><ifm|tool_call>book_ferry<ifm|arg_', 0)).toBe('wait');
      expect(head('<ifm|tool_calls><ifm|tool_call>book_ferry</ifm|arg_value>', 0)).toBeUndefined();
    });
  });
});
