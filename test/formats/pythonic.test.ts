import { describe, expect, it } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['pythonic'], ids: 'sequential' });

describe('pythonic', () => {
  it('should read one call with keyword arguments', () => {
    const result = parser.parse('[lookup_order(order_id="A-17", verbose=False)]');
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'lookup_order',
        arguments: { order_id: 'A-17', verbose: false },
        format: 'pythonic',
        id: 'call_0',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several calls in one list, in order', () => {
    const result = parser.parse("[open_door(room='lab'), set_light(level=70, color=None)]");
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['open_door', { room: 'lab' }],
      ['set_light', { level: 70, color: null }],
    ]);
  });

  it('should read every kind of Python literal, nested', () => {
    const result = parser.parse(
      "[store(items=[1, -2.5, 1e3, 0x1F, 1_000], pair=(1, 'a'), single=(7,), grouped=(8), " +
        "meta={'ok': True, 3: 'three', None: 'nil'}, json_style=[true, false, null], empty={})]",
    );
    expect(result.calls[0]?.arguments).toEqual({
      items: [1, -2.5, 1000, 31, 1000],
      pair: [1, 'a'],
      single: [7],
      grouped: 8,
      meta: { ok: true, '3': 'three', null: 'nil' },
      json_style: [true, false, null],
      empty: {},
    });
  });

  it('should decode string escapes and keep raw strings as written', () => {
    const result = parser.parse(
      String.raw`[write(a='it\'s', b="say \"hi\"", c='tab\tnew\nline', d=r'C:\temp\new', e='\x41\u00e9', f='''tri'ple''')]`,
    );
    expect(result.calls[0]?.arguments).toEqual({
      a: "it's",
      b: 'say "hi"',
      c: 'tab\tnew\nline',
      d: String.raw`C:\temp\new`,
      e: 'Aé',
      f: "tri'ple",
    });
  });

  it('should keep the prose around a call list as content', () => {
    const result = parser.parse('Checking now: [ping(host="db1")] then I will report back.');
    expect(result.calls.map((call) => call.name)).toEqual(['ping']);
    expect(result.content).toBe('Checking now:  then I will report back.');
  });

  it('should read calls inside the Llama 4 python tokens and drop the tokens from content', () => {
    const result = parser.parse(
      'Sure. <|python_start|>[ping(host="db1"), ping(host="db2")]<|python_end|> Done.',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ host: 'db1' }, { host: 'db2' }]);
    expect(result.content).toBe('Sure.  Done.');
  });

  it('should record a missing <|python_end|> as a repair', () => {
    const result = parser.parse('<|python_start|>[ping(host="db1")]');
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should leave markdown links and bracketed prose as content', () => {
    const text = 'See [the docs](https://example.com) and [note 3]. Also [].';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse("[ping(host='db1'), ping(host='db");
    expect(result.calls.map((call) => call.name)).toEqual(['ping']);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'ping', reason: 'incomplete' }),
    ]);
  });

  it('should accept complete calls whose closing bracket never came, recording the repair', () => {
    const result = parser.parse("[ping(host='db1')");
    expect(result.calls.map((call) => call.arguments)).toEqual([{ host: 'db1' }]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should read calls written without the comma between them, recording where it was missing', () => {
    for (const gap of [' ', '\n', '\n  ', '']) {
      const text = `[open_door(room='lab')${gap}set_light(level=70)]`;
      const result = parser.parse(text);
      expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
        ['open_door', { room: 'lab' }],
        ['set_light', { level: 70 }],
      ]);
      expect(result.calls.map((call) => call.repairs)).toEqual([
        [],
        [{ kind: 'missing-comma', offset: text.indexOf(')') + 1 }],
      ]);
      expect(result.content).toBe('');
    }
  });

  it('should refuse only the cut-off call of a list missing its commas, in parse and stream', () => {
    const text = "Doing both: [open_door(room='lab')\nset_light(level=";
    const result = createParser({ formats: ['pythonic'], ids: 'sequential' }).parse(text);
    expect(result.calls.map((call) => call.name)).toEqual(['open_door']);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'set_light', reason: 'incomplete' }),
    ]);
    const options = { formats: ['pythonic' as const], reasoning: { startsInside: false } };
    expectEveryChunking(options, text);
  });

  it('should treat a lone "[" at the end of the output as a cut-off call list', () => {
    const result = parser.parse('Let me look that up: [');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('Let me look that up: ');
    expect(result.issues.map((issue) => issue.code)).toEqual(['incomplete-tool-call']);
  });

  it('should not read names as values', () => {
    const result = parser.parse('[ping(host=db1)]');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('[ping(host=db1)]');
  });

  it('should refuse a call with a positional argument, asking for keywords and naming the parameters', () => {
    const tools = [
      {
        name: 'ping',
        parameters: { type: 'object', properties: { host: { type: 'string' }, count: {} } },
      },
    ];
    for (const [options, takes] of [
      [{}, ''],
      [{ tools }, ' (ping takes host, count)'],
    ] as const) {
      const result = createParser({ formats: ['pythonic'], ...options }).parse(
        '[ping("db1", count=3)]',
      );
      expect(result.calls).toEqual([]);
      expect(result.content).toBe('');
      expect(
        result.rejected.map((call) => [call.name, call.reason, call.envelope.received]),
      ).toEqual([
        [
          'ping',
          'malformed',
          `an argument of "ping" has no keyword; write each as name=value${takes}`,
        ],
      ]);
    }
  });

  it('should refuse a call that repeats a keyword', () => {
    const result = parser.parse('[ping(host="a", host="b")]');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'ping', reason: 'malformed' }),
    ]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should refuse an integer written with leading zeros, as Python does, in parse and stream', () => {
    // `0123` may be a PIN (text whose zero reading it as 123 drops) or a Python 2 octal (83).
    const text = '[set_pin(code=0123, room="B")]';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'set_pin', reason: 'malformed' }),
    ]);
    expect(result.rejected[0]?.envelope.received).toBe(
      "0123 is not a Python number (an integer cannot start with 0); write 123 for the number, or '0123' in quotes for the text",
    );
    for (const size of [1, 5]) {
      const stream = createParser({ formats: ['pythonic'], ids: 'sequential' }).stream();
      const events = [];
      for (let at = 0; at < text.length; at += size)
        events.push(...stream.push(text.slice(at, at + size)));
      events.push(...stream.end());
      expect(foldEvents(events).rejected).toEqual(
        createParser({ formats: ['pythonic'], ids: 'sequential' }).parse(text).rejected,
      );
    }
  });

  it('should advise the digits the model wrote, not a float, for a long integer with leading zeros', () => {
    const long = `0${'9'.repeat(400)}`;
    const received = parser
      .parse(`[f(x=${long}), f(y=01111111111111111111111111)]`)
      .rejected.map((rejection) => rejection.envelope.received);
    expect(received).toEqual([
      `${long.slice(0, 40)}... is not a Python number (an integer cannot start with 0); write ${'9'.repeat(40)}... for the number, or '${long.slice(0, 40)}...' in quotes for the text`,
      "01111111111111111111111111 is not a Python number (an integer cannot start with 0); write 1111111111111111111111111 for the number, or '01111111111111111111111111' in quotes for the text",
    ]);
  });

  it('should read zeros alone, floats with leading zeros and prefixed integers as Python does', () => {
    const result = parser.parse('[tune(a=00, b=0_0, c=-0, d=0123.5, e=007e1, f=0o17, g=0x0A)]');
    expect(result.calls[0]?.arguments).toEqual({
      a: 0,
      b: 0,
      c: -0,
      d: 123.5,
      e: 70,
      f: 15,
      g: 10,
    });
  });

  it('should refuse a call nested deeper than the depth limit', () => {
    const shallow = createParser({ formats: ['pythonic'], limits: { maxDepth: 2 } });
    // The arguments object is the first level.
    expect(shallow.parse('[f(a=[1])]').calls).toHaveLength(1);
    const result = shallow.parse('[f(a=[[1]])]');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([expect.objectContaining({ name: 'f', reason: 'too-large' })]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['too-deep']);
    // Worded as every other syntax's nesting limit, naming the limit rather than a syntax error.
    expect(result.rejected[0]?.envelope).toMatchObject({
      error: 'too_large',
      tool: 'f',
      expected: 'a nesting of at most 2 levels',
    });
  });

  it('should report a <|python_start|> body that is not calls as malformed', () => {
    const result = parser.parse('<|python_start|>print("hi")<|python_end|>tail');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('tail');
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should keep __proto__ and constructor keywords as plain data', () => {
    const result = parser.parse("[set(__proto__={'polluted': 1}, constructor='x')]");
    const args = result.calls[0]?.arguments ?? {};
    expect(Object.keys(args)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(args, '__proto__')?.value).toEqual({ polluted: 1 });
  });

  it('should only trust a bare list in auto mode when it is the whole output', () => {
    const auto = createParser({ ids: 'sequential' });
    expect(auto.parse('[ping(host="db1")]').calls.map((call) => call.name)).toEqual(['ping']);
    expect(auto.parse('Maybe [ping(host="db1")] later.').calls).toEqual([]);
  });
});
