import { describe, expect, it } from 'vitest';
import { createParser, type StreamEvent } from '../../src/index.js';
import { deltaText, expectEveryChunking, streamAll } from '../stream/equivalence.js';

const O = '<|open|>';
const C = '<|close|>';
const S = '<|sep|>';

/** A channel: its open tag, its body, its close tag. */
function channel(name: string, body: string): string {
  return `${O}${name}${S}${body}${C}${name}${S}`;
}

/** A call of `tool` whose arguments are the given argument blocks. */
function call(tool: string, index: number, ...args: string[]): string {
  return `${O}call tool="${tool}" index="${String(index)}"${S}${args.join('')}${C}call${S}`;
}

/** An argument block: its key, its declared type and its text. */
function arg(key: string, type: string, value: string): string {
  return `${O}argument key="${key}" type="${type}"${S}${value}${C}argument${S}`;
}

/** The tools channel around the given calls. */
function tools(...calls: string[]): string {
  return channel('tools', calls.join(''));
}

/** The turn's close, as the model writes it before its stop token. */
const MESSAGE_CLOSE = `${C}message${S}`;

const parser = createParser({ formats: ['kimi_k3'] });

/** A parser of its own, so that its ids start at `call_0`. */
const numbered = () => createParser({ formats: ['kimi_k3'], ids: 'sequential' });

const shopTools = [
  {
    name: 'add_to_cart',
    parameters: {
      type: 'object',
      properties: {
        sku: { type: 'string' },
        quantity: { type: 'integer' },
        gift: { type: 'boolean' },
        options: { type: 'object' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: ['string', 'null'] },
      },
      required: ['sku', 'quantity'],
    },
  },
  { name: 'view_cart', parameters: { type: 'object', properties: {} } },
];

describe('kimi_k3', () => {
  it('should read a thinking-mode turn: reasoning the prompt opened, the response, the calls', () => {
    // The prompt ends with the think channel's tag: the output starts inside it.
    const text = `The user wants two mugs.${C}think${S}${channel('response', 'Adding them now.')}${tools(
      call('add_to_cart', 1, arg('sku', 'string', 'MUG-42'), arg('quantity', 'number', '2')),
    )}${MESSAGE_CLOSE}`;
    const result = numbered().parse(text);
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'add_to_cart',
        arguments: { sku: 'MUG-42', quantity: 2 },
        format: 'kimi_k3',
        repairs: [],
      }),
    ]);
    expect(result.reasoning).toBe('The user wants two mugs.');
    expect(result.content).toBe('Adding them now.');
    expect(result.issues).toEqual([]);
  });

  it('should leave no framing in the content of a turn with thinking off', () => {
    // The prompt opened the response channel: the model writes its close alone.
    const answer = parser.parse(`Your cart is empty.${C}response${S}${MESSAGE_CLOSE}`);
    expect(answer.content).toBe('Your cart is empty.');
    expect(answer.calls).toEqual([]);
    const withCall = parser.parse(`${C}response${S}${tools(call('view_cart', 1))}${MESSAGE_CLOSE}`);
    expect(withCall.content).toBe('');
    expect(withCall.calls.map((each) => [each.name, each.arguments])).toEqual([['view_cart', {}]]);
  });

  it('should read a think channel the model opened itself, and the turn tag', () => {
    const text = `${O}message role="assistant"${S}${channel('think', 'Check the cart first.')}${channel('response', '')}${tools(call('view_cart', 1))}`;
    const result = parser.parse(text);
    expect(result.reasoning).toBe('Check the cart first.');
    expect(result.content).toBe('');
    expect(result.calls.map((each) => each.name)).toEqual(['view_cart']);
  });

  it('should read every call of the channel in order, a call without arguments as {}', () => {
    const text = tools(
      call('add_to_cart', 1, arg('sku', 'string', 'MUG-42'), arg('quantity', 'number', '1')),
      call('view_cart', 2),
      call('add_to_cart', 3, arg('sku', 'string', 'TEA-7'), arg('quantity', 'number', '3')),
    );
    expect(
      numbered()
        .parse(text)
        .calls.map((each) => [each.id, each.name, each.arguments]),
    ).toEqual([
      ['call_0', 'add_to_cart', { sku: 'MUG-42', quantity: 1 }],
      ['call_1', 'view_cart', {}],
      ['call_2', 'add_to_cart', { sku: 'TEA-7', quantity: 3 }],
    ]);
  });

  it('should keep a string value exactly as written, and read other types as JSON', () => {
    const code = 'if (a < b && c > "d") {\n  return;\n}\n';
    const text = tools(
      call(
        'run',
        1,
        arg('code', 'string', code),
        arg('padded', 'string', '  42  '),
        arg('n', 'number', '1.5e3'),
        arg('flag', 'boolean', 'false'),
        arg('nothing', 'null', 'null'),
        arg('opts', 'object', '{"depth": 2, "paths": ["a", "b"]}'),
        arg('list', 'array', '[1, "two"]'),
      ),
    );
    expect(parser.parse(text).calls[0]?.arguments).toEqual({
      code,
      padded: '  42  ',
      n: 1500,
      flag: false,
      nothing: null,
      opts: { depth: 2, paths: ['a', 'b'] },
      list: [1, 'two'],
    });
  });

  it('should read a value of another type that is not JSON as text, with a repair', () => {
    // A bare word is read as the lenient JSON reader reads one: a string, with its repair.
    const word = parser.parse(tools(call('wait', 1, arg('seconds', 'number', 'ten'))));
    expect(word.calls[0]?.arguments).toEqual({ seconds: 'ten' });
    expect(word.calls[0]?.repairs).toEqual([
      expect.objectContaining({ kind: 'other', detail: 'unquoted string' }),
    ]);
    const broken = parser.parse(tools(call('wait', 1, arg('seconds', 'number', '{"a": ]'))));
    expect(broken.calls[0]?.arguments).toEqual({ seconds: '{"a": ]' });
    expect(broken.calls[0]?.repairs).toEqual([
      expect.objectContaining({ kind: 'other', detail: expect.stringContaining('not JSON') }),
    ]);
    // With the tool's schema, such a value does not pass: the call is refused with an envelope.
    const checked = createParser({
      formats: ['kimi_k3'],
      tools: [
        {
          name: 'wait',
          parameters: { type: 'object', properties: { seconds: { type: 'number' } } },
        },
      ],
    }).parse(tools(call('wait', 1, arg('seconds', 'number', 'ten'))));
    expect(checked.calls).toEqual([]);
    expect(checked.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['wait', 'schema-violation'],
    ]);
  });

  it('should refuse a value nesting past maxDepth, not read it as text', () => {
    const deep = (levels: number) =>
      tools(call('f', 1, arg('a', 'array', `${'['.repeat(levels)}1${']'.repeat(levels)}`)));
    const limited = createParser({ formats: ['kimi_k3'], limits: { maxDepth: 4 } });
    // The arguments object is one level, the list three more.
    expect(limited.parse(deep(3)).calls[0]?.arguments).toEqual({ a: [[[1]]] });
    const over = limited.parse(deep(6));
    expect(over.calls).toEqual([]);
    expect(over.rejected.map((each) => [each.name, each.reason])).toEqual([['f', 'too-large']]);
    expect(over.issues.map((issue) => issue.code)).toEqual(['too-deep']);
  });

  it('should type a value written without a type by the tool schema', () => {
    const typed = createParser({ formats: ['kimi_k3'], tools: shopTools }).parse(
      tools(
        call(
          'add_to_cart',
          1,
          `${O}argument key="sku"${S}MUG-42${C}argument${S}`,
          `${O}argument key="quantity"${S}2${C}argument${S}`,
        ),
      ),
    );
    expect(typed.calls[0]?.arguments).toEqual({ sku: 'MUG-42', quantity: 2 });
  });

  it('should undo the escapes of attribute values, and only those', () => {
    const text = `${O}tools${S}${O}call tool="R&amp;D&quot;lookup" index="1"${S}${O}argument key="a&amp;quot;b" type="string"${S}x &amp; y${C}argument${S}${C}call${S}${C}tools${S}`;
    const [first] = parser.parse(text).calls;
    expect(first?.name).toBe('R&D"lookup');
    // `&amp;quot;` is an escaped `&quot;`; the value itself is never escaped.
    expect(first?.arguments).toEqual({ 'a&quot;b': 'x &amp; y' });
  });

  it('should read a json block as the whole arguments object', () => {
    const text = tools(
      `${O}call tool="add_to_cart" index="1"${S}${O}json type="object"${S}{"sku": "MUG-42", "quantity": 2,}${C}json${S}${C}call${S}`,
    );
    const [first] = parser.parse(text).calls;
    expect(first?.arguments).toEqual({ sku: 'MUG-42', quantity: 2 });
    expect(first?.repairs.map((repair) => repair.kind)).toEqual(['trailing-comma']);
    const mixed = parser.parse(
      tools(
        `${O}call tool="f" index="1"${S}${arg('a', 'string', 'x')}${O}json type="object"${S}{}${C}json${S}${C}call${S}`,
      ),
    );
    expect(mixed.calls).toEqual([]);
    expect(mixed.rejected.map((each) => [each.name, each.reason])).toEqual([['f', 'malformed']]);
  });

  it('should end a think channel left open where the tools channel opens', () => {
    // vLLM #54273: the model goes from thinking straight to its calls.
    const text = `${O}think${S}I should add the mug.${tools(call('add_to_cart', 1, arg('sku', 'string', 'MUG-42'), arg('quantity', 'number', '1')))}${MESSAGE_CLOSE}`;
    const result = parser.parse(text);
    expect(result.reasoning).toBe('I should add the mug.');
    expect(result.calls.map((each) => each.arguments)).toEqual([{ sku: 'MUG-42', quantity: 1 }]);
    expect(result.content).toBe('');
  });

  it('should read the text before a call as reasoning when told the prompt opened the think channel', () => {
    // vLLM #54273: thinking on, the model went from its reasoning straight to the tools channel.
    const text = `I should look at the cart first.${tools(call('view_cart', 1))}${MESSAGE_CLOSE}`;
    const options = { formats: ['kimi_k3' as const], reasoning: { prefilled: true } };
    const result = createParser(options).parse(text);
    expect(result.reasoning).toBe('I should look at the cart first.');
    expect(result.content).toBe('');
    expect(result.calls.map((each) => each.name)).toEqual(['view_cart']);
    expectEveryChunking(options, text);
    // Without the option the text is content: the output alone cannot tell.
    expect(parser.parse(text).content).toBe('I should look at the cart first.');
    // vLLM #56850: cut off while thinking, with no call, the whole output is reasoning.
    const cut = createParser(options).parse('Comparing the two carts, the first');
    expect([cut.reasoning, cut.content]).toEqual(['Comparing the two carts, the first', '']);
  });

  it('should end the think channel at a close tag written without its <|sep|>', () => {
    // SGLang #32567: on turns after tool results the model opens the response channel right
    // after `<|close|>think`.
    const after = `${C}think${O}response${S}Both are in stock.${C}response${S}${MESSAGE_CLOSE}`;
    const prompted = `Both calls returned.${after}`;
    const result = parser.parse(prompted);
    expect(result.reasoning).toBe('Both calls returned.');
    expect(result.content).toBe('Both are in stock.');
    expectEveryChunking({ formats: ['kimi_k3'] }, prompted);
    const written = `${O}think${S}Both calls returned.${after}`;
    for (const options of [{}, { reasoning: { startsInside: false } }]) {
      const own = createParser({ formats: ['kimi_k3'], ...options }).parse(written);
      expect([own.reasoning, own.content]).toEqual(['Both calls returned.', 'Both are in stock.']);
    }
    expectEveryChunking({ formats: ['kimi_k3'] }, written);
    // Not before text: `<|close|>think` then prose is no close tag.
    expect(parser.parse(`${O}think${S}a${C}think b`).reasoning).toBe('a');
  });

  it('should read calls written while the prompt-opened think channel was never closed', () => {
    // smg #1983: the think channel the prompt opened is left open, the tools channel follows.
    const text = `${tools(call('get_weather', 1, arg('city', 'string', 'San Francisco')))}${MESSAGE_CLOSE}`;
    const result = parser.parse(text);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['get_weather', { city: 'San Francisco' }],
    ]);
    expect(result.content).toBe('');
  });

  it('should read tags whose tokens a server joined with spaces', () => {
    const text = `${O} response ${S}Done.${C} response ${S}${O} tools ${S}\n${O} call tool="view_cart" index="1" ${S}${C} call ${S}\n${C} tools ${S}`;
    const result = parser.parse(text);
    expect(result.content).toBe('Done.');
    expect(result.calls.map((each) => each.name)).toEqual(['view_cart']);
  });

  it('should read an argument whose close tag was left out, with a repair', () => {
    const text = tools(
      `${O}call tool="add_to_cart" index="1"${S}${O}argument key="sku" type="string"${S}MUG-42${O}argument key="quantity" type="number"${S}2${C}call${S}`,
    );
    const [first] = parser.parse(text).calls;
    expect(first?.arguments).toEqual({ sku: 'MUG-42', quantity: 2 });
    expect(first?.repairs.map((repair) => [repair.kind, repair.detail])).toEqual([
      ['implicit-close-tag', `${C}argument${S}`],
      ['implicit-close-tag', `${C}argument${S}`],
    ]);
  });

  it('should refuse every call of a tools channel holding text that is not a call, by name', () => {
    const text = tools(
      call('add_to_cart', 1, arg('sku', 'string', 'MUG-42'), arg('quantity', 'number', '1')),
      'and then I will check out',
      call('view_cart', 2),
    );
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['add_to_cart', 'malformed'],
      ['view_cart', 'malformed'],
    ]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should refuse a call naming no tool, or naming it twice', () => {
    const none = parser.parse(`${O}tools${S}${O}call index="1"${S}${C}call${S}${C}tools${S}`);
    expect(none.calls).toEqual([]);
    expect(none.issues.map((issue) => issue.message)).toContain('a call has no tool name');
    const twice = parser.parse(
      `${O}tools${S}${O}call tool="a" tool="b"${S}${C}call${S}${C}tools${S}`,
    );
    // Which of the two it calls is anyone's guess: refused with no name.
    expect(twice.calls).toEqual([]);
    expect(twice.rejected.map((each) => [each.name, each.reason])).toEqual([
      [undefined, 'malformed'],
    ]);
  });

  it('should never run a call the end of the output cut off', () => {
    const text = `${C}response${S}${O}tools${S}${O}call tool="add_to_cart" index="1"${S}${arg('sku', 'string', 'MUG-42')}${O}argument key="quantity" type="number"${S}2`;
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['add_to_cart', 'incomplete'],
    ]);
    // Cut inside the call tag: no name was written whole, nothing to refuse by name.
    const header = parser.parse(`${C}response${S}${O}tools${S}${O}call tool="add_to_cart"`);
    expect(header.calls).toEqual([]);
    expect(header.content).toBe('');
  });

  it('should read a tools channel left unclosed at the end of the output, with a repair', () => {
    const result = parser.parse(`${O}tools${S}${call('view_cart', 1)}`);
    expect(result.calls.map((each) => each.repairs.map((repair) => repair.kind))).toEqual([
      ['missing-end-marker'],
    ]);
  });

  it('should drop what follows the stop token', () => {
    const result = parser.parse(
      `Done.${C}response${S}${MESSAGE_CLOSE}<|end_of_msg|>${O}message role="user"${S}thanks`,
    );
    expect(result.content).toBe('Done.');
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ ids: 'sequential' });
    const text = `Thinking done.${C}think${S}${channel('response', 'Adding.')}${tools(call('view_cart', 1))}`;
    const result = auto.parse(text);
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([
      ['view_cart', 'kimi_k3'],
    ]);
    expect(result.reasoning).toBe('Thinking done.');
    expect(result.content).toBe('Adding.');
  });

  it('should read a flood of call tags without close tags, each closing the one before', () => {
    const flood = `${O}tools${S}${`${O}call tool="f" index="1"${S}`.repeat(20_000)}`;
    const result = parser.parse(flood);
    const [first] = result.calls;
    expect(first?.repairs.map((repair) => repair.kind)).toEqual([
      'implicit-close-tag',
      'missing-end-marker',
    ]);
    // Past the parser's call limit the rest are refused, not read on.
    expect(result.rejected.at(-1)?.reason).toBe('too-many-calls');
  });

  describe('streaming', () => {
    const turn = `The user wants a mug.${C}think${S}${channel('response', 'On it.')}${tools(
      call('add_to_cart', 1, arg('sku', 'string', 'MUG-<42>'), arg('quantity', 'number', '2')),
      call('view_cart', 2),
    )}${MESSAGE_CLOSE}`;

    it('should fold to parse for every chunking', () => {
      expectEveryChunking({ formats: ['kimi_k3'] }, turn);
      expectEveryChunking({ formats: ['kimi_k3'], reasoning: { startsInside: false } }, turn);
      expectEveryChunking({ formats: ['kimi_k3'], tools: shopTools }, turn);
      expectEveryChunking({}, turn);
    });

    // With thinking off the prompt opened the response channel: no reasoning precedes.
    const thinkingOff = { formats: ['kimi_k3'], reasoning: { startsInside: false } } as const;

    it('should send the reasoning and the response as they are written', () => {
      const text = `${O}think${S}Checking the cart`;
      const stream = createParser({ formats: ['kimi_k3'] }).stream();
      const events = [...text].flatMap((unit) => stream.push(unit));
      expect(deltaText(events, 'reasoning-delta')).toBe('Checking the cart');
      const answer = `${O}response${S}All set`;
      const second = createParser(thinkingOff).stream();
      const sent = [...answer].flatMap((unit) => second.push(unit));
      expect(deltaText(sent, 'text-delta')).toBe('All set');
    });

    /** The argument text a stream sent in `events`. */
    const sentArguments = (events: readonly StreamEvent[]): string =>
      events
        .map((event) => (event.type === 'tool-call-delta' ? event.argumentsDelta : ''))
        .join('');

    it('should start each call at its tag, and stream a string value as it is written', () => {
      const stream = createParser({ ...thinkingOff, ids: 'sequential' }).stream();
      const head = `${O}tools${S}${O}call tool="write_file" index="1"${S}`;
      const started = [...head].flatMap((unit) => stream.push(unit));
      expect(started).toEqual([
        expect.objectContaining({ type: 'tool-call-start', id: 'call_0', name: 'write_file' }),
      ]);
      // The value goes out unit by unit, escaped as JSON; a `<` is held only while it may still
      // begin a token.
      const value = `${O}argument key="body" type="string"${S}if (a<b) say("hi")\n`;
      const early = [...value].flatMap((unit) => stream.push(unit));
      expect(sentArguments(early)).toBe('{"body":"if (a<b) say(\\"hi\\")\\n');
      const held = [...`${C}argu`].flatMap((unit) => stream.push(unit));
      expect(sentArguments(held)).toBe('');
      const rest = `ment${S}${arg('mode', 'number', '644')}${C}call${S}`;
      const late = [...rest].flatMap((unit) => stream.push(unit));
      // A number comes once its argument closes.
      expect(sentArguments(late)).toBe('","mode":644}');
      const ended = [...`${C}tools${S}`].flatMap((unit) => stream.push(unit));
      expect(ended.filter((event) => event.type === 'tool-call-end')).toHaveLength(1);
    });

    it('should fold to parse where the deltas cannot be the canonical text as they go', () => {
      const options = { formats: ['kimi_k3' as const], tools: shopTools };
      // A key written twice, a value that is not JSON, an argument and a call left unclosed,
      // a surrogate pair, a lone token in a value, a json block.
      for (const text of [
        tools(
          call('f', 1, arg('a', 'string', 'x'), arg('b', 'number', '1'), arg('a', 'string', 'y')),
        ),
        tools(call('f', 1, arg('n', 'number', '{"x": ]'), arg('s', 'string', 'ok'))),
        tools(`${O}call tool="f"${S}${O}argument key="a" type="string"${S}x${C}call${S}`),
        tools(`${O}call tool="f"${S}${arg('a', 'string', 'x')}${O}call tool="g"${S}${C}call${S}`),
        tools(call('f', 1, arg('a', 'string', 'snow \u{2603} and \u{1F600}'))),
        tools(call('f', 1, arg('a', 'string', `x${S}y`))),
        tools(`${O}call tool="f"${S}${O}json type="object"${S}{"a": 1}${C}json${S}${C}call${S}`),
        tools(call('add_to_cart', 1, `${O}argument key="quantity"${S}2${C}argument${S}`)),
        tools(
          call(
            'f',
            1,
            arg('o', 'object', '{"a": [1, "x"]}'),
            arg('b', 'boolean', 'true'),
            arg('z', 'null', 'null'),
            arg('t', 'string', 'true'),
          ),
        ),
      ]) {
        expectEveryChunking(options, text);
        // No call was started, abandoned and sent again: each start is a call of its own (with
        // no tools, so that an unknown tool's refusal does not end the call whatever was sent).
        const events = streamAll({ formats: ['kimi_k3'], reasoning: { startsInside: false } }, [
          ...text,
        ]);
        const started = events.flatMap((event) =>
          event.type === 'tool-call-start' ? [event.id] : [],
        );
        expect(new Set(started).size, text).toBe(started.length);
      }
    });
  });
});
