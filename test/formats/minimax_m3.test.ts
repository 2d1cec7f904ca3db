import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { deltaText, expectEveryChunking, streamAll } from '../stream/equivalence.js';

/** The namespace token MiniMax-M3 writes before every tag of a call block. */
const NS = ']<]minimax[>[';

/** A call block around the given invokes, laid out one tag a line as the model does. */
function block(...invokes: string[]): string {
  return `${NS}<tool_call>\n${invokes.join('\n')}\n${NS}</tool_call>`;
}

/** An invoke of `name` whose arguments are the given elements. */
function invoke(name: string, ...elements: string[]): string {
  return `${NS}<invoke name="${name}">\n${elements.join('\n')}\n${NS}</invoke>`;
}

/** An element: a scalar when given text, else the elements it holds. */
function el(key: string, ...inner: string[]): string {
  return `${NS}<${key}>${inner.join('')}${NS}</${key}>`;
}

const parser = createParser({ formats: ['minimax_m3'], ids: 'sequential' });

const tripTools = [
  {
    name: 'plan_trip',
    parameters: {
      type: 'object',
      properties: {
        destination: { type: 'string' },
        nights: { type: 'integer' },
        flexible: { type: 'boolean' },
        stops: { type: 'array', items: { type: 'string' } },
        budget: {
          type: 'object',
          properties: { amount: { type: 'number' }, currency: { type: 'string' } },
        },
        ratings: { type: 'array', items: { type: 'integer' } },
        notes: { type: 'string' },
      },
      required: ['destination'],
    },
  },
];

describe('minimax_m3', () => {
  it('should read an invoke whose arguments are elements named by their keys', () => {
    const result = parser.parse(
      `Let me look.${block(invoke('find_flight', el('from', 'Lisbon'), el('to', 'Oslo')))}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'find_flight',
        arguments: { from: 'Lisbon', to: 'Oslo' },
        format: 'minimax_m3',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('Let me look.');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read tags written without layout between them', () => {
    const text = `${NS}<tool_call>${NS}<invoke name="read_file">${NS}<path>C:\\src\\main.rs${NS}</path>${NS}<first_line>130${NS}</first_line>${NS}</invoke>${NS}</tool_call>`;
    expect(parser.parse(text).calls[0]?.arguments).toEqual({
      path: 'C:\\src\\main.rs',
      first_line: '130',
    });
  });

  it('should read every invoke of a block and every block, in order', () => {
    const text = `${block(invoke('translate', el('text', 'merci')), invoke('translate', el('text', 'danke')))}\nThen:\n${block(invoke('speak', el('text', 'gracias')))}`;
    const result = parser.parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['translate', { text: 'merci' }],
      ['translate', { text: 'danke' }],
      ['speak', { text: 'gracias' }],
    ]);
    expect(result.content).toBe('\nThen:\n');
  });

  it('should keep a value as written: blanks, angle brackets and tags without the token', () => {
    const body = '  if a < b:\n    print("<b>bold</b>")\n</code>\n';
    const result = parser.parse(block(invoke('write_file', el('content', body))));
    expect(result.calls[0]?.arguments).toEqual({ content: body });
  });

  it('should read a list from <item> elements and an object from member elements', () => {
    const text = block(
      invoke(
        'plan_trip',
        el('destination', 'Kyoto'),
        el('stops', el('item', 'Osaka'), '\n', el('item', 'Nara')),
        el('budget', '\n', el('amount', '1200.5'), '\n', el('currency', 'EUR'), '\n'),
      ),
    );
    expect(parser.parse(text).calls[0]?.arguments).toEqual({
      destination: 'Kyoto',
      stops: ['Osaka', 'Nara'],
      budget: { amount: '1200.5', currency: 'EUR' },
    });
  });

  it('should type scalars at any depth by the tool schema and record each conversion', () => {
    const typed = createParser({ formats: ['minimax_m3'], tools: tripTools, ids: 'sequential' });
    const text = block(
      invoke(
        'plan_trip',
        el('destination', 'Kyoto'),
        el('nights', '4'),
        el('flexible', 'true'),
        el('budget', el('amount', '1200.5'), el('currency', 'EUR')),
        el('ratings', el('item', '5'), el('item', '3')),
      ),
    );
    const [call] = typed.parse(text).calls;
    expect(call?.arguments).toEqual({
      destination: 'Kyoto',
      nights: 4,
      flexible: true,
      budget: { amount: 1200.5, currency: 'EUR' },
      ratings: [5, 3],
    });
    expect(call?.validated).toBe(true);
    expect(call?.repairs.map((repair) => [repair.kind, repair.detail])).toEqual([
      ['schema-typed-value', 'nights'],
      ['schema-typed-value', 'flexible'],
      ['schema-typed-value', 'amount'],
      ['schema-typed-value', 'item'],
      ['schema-typed-value', 'item'],
    ]);
  });

  it('should read an element with nothing inside as an empty list where the schema wants one', () => {
    const typed = createParser({ formats: ['minimax_m3'], tools: tripTools, ids: 'sequential' });
    const text = block(
      invoke('plan_trip', el('destination', 'Kyoto'), el('stops', ''), el('notes', '')),
    );
    expect(typed.parse(text).calls[0]?.arguments).toEqual({
      destination: 'Kyoto',
      stops: [],
      notes: '',
    });
    // Without a schema an empty element is empty text: nothing says it was a list.
    expect(parser.parse(text).calls[0]?.arguments).toEqual({
      destination: 'Kyoto',
      stops: '',
      notes: '',
    });
  });

  it('should read <item> elements as a member where the schema says the element is an object', () => {
    const tools = [
      {
        name: 'stock',
        parameters: {
          type: 'object',
          properties: { entry: { type: 'object', properties: { item: { type: 'string' } } } },
        },
      },
    ];
    const typed = createParser({ formats: ['minimax_m3'], tools, ids: 'sequential' });
    const text = block(invoke('stock', el('entry', el('item', 'bolts'))));
    expect(typed.parse(text).calls[0]?.arguments).toEqual({ entry: { item: 'bolts' } });
    expect(parser.parse(text).calls[0]?.arguments).toEqual({ entry: ['bolts'] });
  });

  it('should read an argument written twice as the list of its values, recording the repair', () => {
    const result = parser.parse(
      block(invoke('tag_photo', el('tag', 'beach'), el('tag', 'sunset'), el('id', '7'))),
    );
    expect(result.calls[0]?.arguments).toEqual({ tag: ['beach', 'sunset'], id: '7' });
    expect(result.calls[0]?.repairs).toEqual([
      expect.objectContaining({ kind: 'other', detail: expect.stringContaining('"tag"') }),
    ]);
  });

  it('should take keys as data: hyphens, spaces and __proto__ become own properties', () => {
    const result = parser.parse(
      block(invoke('grep', el('-n', 'true'), el('max count', '3'), el('__proto__', 'x'))),
    );
    const args = result.calls[0]?.arguments ?? {};
    expect(Object.keys(args)).toEqual(['-n', 'max count', '__proto__']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('should read an open tag written without its "<" after the token, recording the repair', () => {
    const text = `${NS}<tool_call>\n${NS}invoke name="run">\n${NS}cmd>ls -a${NS}</cmd>\n${NS}</invoke>\n${NS}</tool_call>`;
    const [call] = parser.parse(text).calls;
    expect(call?.name).toBe('run');
    expect(call?.arguments).toEqual({ cmd: 'ls -a' });
    expect(call?.repairs.map((repair) => [repair.kind, repair.detail])).toEqual([
      ['other', 'the <invoke> tag was written without its "<"'],
      ['other', 'the <cmd> tag was written without its "<"'],
    ]);
  });

  it('should read a value whose open tag was left out by its close tag, recording the repair', () => {
    // The shape deployed checkpoints write for a call's first argument: a token, the value, then
    // the close tag.
    const text = `${NS}<tool_call>\n${NS}<invoke name="save_file">${NS}report.docx${NS}</filename>${NS}<content>Hello${NS}</content>${NS}</invoke>${NS}</tool_call>`;
    const [call] = parser.parse(text).calls;
    expect(call?.arguments).toEqual({ filename: 'report.docx', content: 'Hello' });
    expect(call?.repairs.map((repair) => repair.detail)).toEqual([
      'the open tag of <filename> was left out',
    ]);
    // A `>` in such a value does not make it a tag written without its `<`.
    expect(
      parser.parse(block(invoke('filter', `${NS}x > 0${NS}</where>`))).calls[0]?.arguments,
    ).toEqual({
      where: 'x > 0',
    });
    // Inside an element too, typed by the schema there.
    const typed = createParser({ formats: ['minimax_m3'], tools: tripTools });
    const nested = block(
      invoke('plan_trip', el('destination', 'Kyoto'), el('budget', `${NS}900${NS}</amount>`)),
    );
    expect(typed.parse(nested).calls[0]?.arguments).toEqual({
      destination: 'Kyoto',
      budget: { amount: 900 },
    });
  });

  it("should read a token written before an element's own value as that value", () => {
    const [call] = parser.parse(block(invoke('ping', `${NS}<host>${NS}db1${NS}</host>`))).calls;
    expect(call?.arguments).toEqual({ host: 'db1' });
    expect(call?.repairs.map((repair) => repair.detail)).toEqual([
      'a namespace token before the value of <host>',
    ]);
  });

  describe('refuses what it cannot read, naming the tool', () => {
    const refusals: [string, string, RegExp][] = [
      [
        'a close tag that is not the open one',
        block(invoke('get_time', `${NS}<zone>UTC${NS}</region>`)),
        /<zone> is closed by <\/region>/,
      ],
      [
        'an element that is never closed',
        block(invoke('get_time', `${NS}<zone>UTC`)),
        /<zone> has no close tag/,
      ],
      [
        'text mixed with elements',
        block(invoke('get_time', el('zone', 'near ', el('city', 'Oslo')))),
        /<zone> mixes text/,
      ],
      [
        'text in the invoke outside any element',
        block(invoke('get_time', 'UTC please')),
        /text that is not an argument/,
      ],
      [
        'a namespace token that opens no tag',
        block(invoke('get_time', `${NS}zone UTC`)),
        /namespace token opens no tag/,
      ],
      [
        'a close tag with nothing open',
        block(invoke('get_time', `${NS}</zone>`)),
        /<\/zone> closes no element/,
      ],
      [
        'a token and a value followed by an element rather than a close tag',
        block(invoke('get_time', `${NS}UTC${NS}<zone>x${NS}</zone>`)),
        /namespace token opens no tag/,
      ],
      [
        'a token inside a value',
        block(invoke('get_time', el('zone', `U${NS}TC`))),
        /namespace token opens no tag/,
      ],
    ];

    it.each(refusals)('%s', (_, text, message) => {
      const result = parser.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toEqual([
        expect.objectContaining({ name: 'get_time', reason: 'malformed' }),
      ]);
      expect(result.issues).toEqual([
        expect.objectContaining({
          code: 'malformed-tool-call',
          message: expect.stringMatching(message),
        }),
      ]);
    });
  });

  it('should refuse every call of a block holding text outside its invokes', () => {
    const result = parser.parse(
      block(
        invoke('lock_door', el('door', 'front')),
        'and also',
        invoke('lock_door', el('door', 'back')),
      ),
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['lock_door', 'malformed'],
      ['lock_door', 'malformed'],
    ]);
    expect(result.issues.map((issue) => issue.message)).toEqual([
      `unexpected text in ${NS}<tool_call>`,
    ]);
  });

  it('should report an invoke without a name, a name written twice and a block without invokes', () => {
    expect(parser.parse(block(`${NS}<invoke>${el('a', '1')}${NS}</invoke>`)).issues).toEqual([
      expect.objectContaining({
        code: 'malformed-tool-call',
        message: 'an invoke has no tool name',
      }),
    ]);
    const twice = parser.parse(block(`${NS}<invoke name="a" name="b">${NS}</invoke>`));
    expect(twice.calls).toEqual([]);
    expect(twice.issues).toEqual([expect.objectContaining({ code: 'malformed-tool-call' })]);
    expect(parser.parse(block('')).issues).toEqual([
      expect.objectContaining({ message: `the ${NS}<tool_call> block holds no <invoke>` }),
    ]);
  });

  it('should never run a call the end of the output cut off', () => {
    const result = parser.parse(
      `${NS}<tool_call>\n${NS}<invoke name="delete_branch">\n${NS}<name>feat`,
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'delete_branch', reason: 'incomplete' }),
    ]);
    const opened = parser.parse(`${NS}<tool_call>\n`);
    expect(opened.calls).toEqual([]);
    expect(opened.issues).toEqual([expect.objectContaining({ code: 'incomplete-tool-call' })]);
  });

  it('should read a whole invoke whose block the output ended before closing, with a repair', () => {
    const result = parser.parse(`${NS}<tool_call>\n${invoke('ping', el('host', 'db1'))}\n`);
    expect(result.calls.map((call) => [call.arguments, call.repairs.map((r) => r.kind)])).toEqual([
      [{ host: 'db1' }, ['missing-end-marker']],
    ]);
  });

  it('should take an invoke or block close tag implied by the next one, with a repair', () => {
    const text = `${NS}<tool_call>\n${NS}<invoke name="a">${el('x', '1')}\n${NS}<invoke name="b">${el('y', '2')}${NS}</invoke>\n${block(invoke('c'))}`;
    const result = parser.parse(text);
    expect(
      result.calls.map((call) => [
        call.name,
        call.repairs.map((r) => `${r.kind} ${r.detail ?? ''}`),
      ]),
    ).toEqual([
      ['a', [`implicit-close-tag ${NS}</invoke>`, `implicit-close-tag ${NS}</tool_call>`]],
      ['b', [`implicit-close-tag ${NS}</tool_call>`]],
      ['c', []],
    ]);
  });

  it('should refuse arguments nested past maxDepth without using the stack', () => {
    const depth = 50_000;
    const nested = `${`${NS}<a>`.repeat(depth)}1${`${NS}</a>`.repeat(depth)}`;
    const result = parser.parse(block(invoke('deep', nested)));
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([expect.objectContaining({ name: 'deep' })]);
    expect(result.issues).toEqual([expect.objectContaining({ code: 'too-deep' })]);
    const shallow = createParser({ formats: ['minimax_m3'], limits: { maxDepth: 3 } });
    expect(shallow.parse(block(invoke('f', el('a', el('b', '1'))))).calls).toHaveLength(1);
    expect(shallow.parse(block(invoke('f', el('a', el('b', el('c', '1')))))).issues).toEqual([
      expect.objectContaining({ code: 'too-deep' }),
    ]);
  });

  describe('<mm:think>', () => {
    it('should read the block as reasoning, and calls after it', () => {
      const result = parser.parse(
        `<mm:think>The user wants Oslo.</mm:think>${block(invoke('weather', el('city', 'Oslo')))}`,
      );
      expect(result.reasoning).toBe('The user wants Oslo.');
      expect(result.calls.map((call) => call.name)).toEqual(['weather']);
    });

    it('should end an open block where a call block starts', () => {
      const result = parser.parse(
        `<mm:think>Checking the weather. ${block(invoke('weather', el('city', 'Oslo')))}`,
      );
      expect(result.reasoning).toBe('Checking the weather. ');
      expect(result.calls.map((call) => call.arguments)).toEqual([{ city: 'Oslo' }]);
    });

    it('should keep tags written without the namespace token inside it as reasoning', () => {
      const result = parser.parse(
        '<mm:think>I could write <tool_call><invoke name="f"></mm:think>Done.',
      );
      expect(result.reasoning).toBe('I could write <tool_call><invoke name="f">');
      expect(result.content).toBe('Done.');
      expect(result.calls).toEqual([]);
    });

    it('should read text before an orphan </mm:think> as reasoning the prompt opened', () => {
      const text = `The user wants Oslo.\n</mm:think>\nOn it.${block(invoke('weather', el('city', 'Oslo')))}`;
      const result = parser.parse(text);
      expect(result.reasoning).toBe('The user wants Oslo.\n');
      expect(result.content).toBe('\nOn it.');
      expect(result.calls.map((call) => call.arguments)).toEqual([{ city: 'Oslo' }]);
      // A parser told the model never thinks keeps that text, tag included, as content.
      const plain = createParser({ formats: ['minimax_m3'], reasoning: { startsInside: false } });
      expect(plain.parse(text).content).toBe('The user wants Oslo.\n</mm:think>\nOn it.');
      expectEveryChunking({ formats: ['minimax_m3'], reasoning: { startsInside: true } }, text);
    });

    it('should stream the reasoning before the block closes', () => {
      const options = { formats: ['minimax_m3' as const], reasoning: { startsInside: false } };
      const stream = createParser(options).stream();
      const early = [...stream.push('<mm:think>Weighing '), ...stream.push('the options')];
      expect(deltaText(early, 'reasoning-delta')).toBe('Weighing the options');
      const events = streamAll(options, ['<mm:think>a</mm:', 'think>b']);
      expect(deltaText(events, 'reasoning-delta')).toBe('a');
      expect(deltaText(events, 'text-delta')).toBe('b');
    });
  });

  it('should start each call in a stream at its invoke tag, and write its arguments when it closes', () => {
    const options = { formats: ['minimax_m3' as const], reasoning: { startsInside: false } };
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const types = (events: { type: string }[]) => events.map((event) => event.type);
    expect(types(stream.push(`${NS}<tool_call>\n${NS}<invoke name="weather">`))).toEqual([
      'tool-call-start',
    ]);
    expect(stream.push(`\n${NS}<city>Oslo${NS}</city>`)).toEqual([]);
    expect(stream.push(`\n${NS}</invoke>`)).toEqual([
      { type: 'tool-call-delta', id: 'call_0', argumentsDelta: '{"city":"Oslo"}' },
    ]);
    expect(types(stream.push(`\n${NS}<invoke name="time">`))).toEqual(['tool-call-start']);
    const rest = [...stream.push(`${NS}</invoke>\n${NS}</tool_call>`), ...stream.end()];
    expect(types(rest)).toEqual(['tool-call-delta', 'tool-call-end', 'tool-call-end']);
    // Arguments the lowering refuses are never written: the call ends refused with its block.
    const refused = createParser(options).stream();
    refused.push(`${NS}<tool_call>${NS}<invoke name="weather">`);
    expect(refused.push(`${el('city', 'near ', el('town', 'Oslo'))}${NS}</invoke>`)).toEqual([]);
    const end = [...refused.push(`${NS}</tool_call>`), ...refused.end()];
    expect(end.at(-1)).toEqual(
      expect.objectContaining({
        type: 'tool-call-end',
        rejection: expect.objectContaining({ reason: 'malformed' }),
      }),
    );
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ ids: 'sequential' });
    const result = auto.parse(`Sure.${block(invoke('weather', el('city', 'Oslo')))}`);
    expect(result.calls.map((call) => [call.format, call.arguments])).toEqual([
      ['minimax_m3', { city: 'Oslo' }],
    ]);
  });

  describe('streams the same result as parse, for every chunking', () => {
    const texts = [
      `Looking.<mm:think>plan</mm:think>${block(invoke('weather', el('city', 'Oslo'), el('days', el('item', '1'), el('item', '2'))))} ok`,
      `${block(invoke('a', el('x', '1')), invoke('b', el('y', '2')))}${NS}<tool_call>${invoke('c')}`,
      `<mm:think>hmm ${block(invoke('f', el('k', 'v', el('j', 'w'))))}`,
    ];
    it.each(texts)('%j', (text) => {
      expectEveryChunking({ formats: ['minimax_m3'] }, text);
      expectEveryChunking({ formats: 'auto', tools: tripTools }, text);
    });
  });
});
