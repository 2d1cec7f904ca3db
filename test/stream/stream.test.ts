import { describe, expect, it } from 'vitest';
import {
  createParser,
  createToolParserAdapter,
  foldEvents,
  streamEvents,
  toTransformStream,
} from '../../src/index.js';
import type { ParserOptions } from '../../src/index.js';
import type { StreamEvent } from '../../src/types.js';
import {
  everyTwoWaySplit,
  randomChunkings,
  split,
  unitByUnit,
  whole,
} from '../helpers/chunkers.js';
import { expectEquivalent, streamAll } from './equivalence.js';

// Models that never think: content streams at once (by default text is held until a forced-open
// reasoning block's `</think>` could no longer come).
const hermes: ParserOptions = { formats: ['hermes'], reasoning: { startsInside: false } };
const longcatAndInternlm: ParserOptions = {
  formats: ['longcat', 'internlm'],
  reasoning: { startsInside: false },
};
const CALL =
  '<tool_call>{"name": "get_weather", "arguments": {"city": "Antwerp", "days": 2.0}}</tool_call>';

const ownCases: { name: string; text: string; options: ParserOptions }[] = [
  { name: 'prose around one call', text: `Checking.\n${CALL}\nDone.`, options: hermes },
  { name: 'two calls', text: `${CALL} and ${CALL}`, options: hermes },
  {
    name: 'a call cut off inside its JSON',
    text: '<tool_call>{"name": "f", "arguments": {"a": [1, 2',
    options: hermes,
  },
  {
    name: 'a closed call without its end tag',
    text: '<tool_call>{"name": "f", "arguments": {}}',
    options: hermes,
  },
  {
    name: 'reasoning, then a call',
    text: `<think>I should call\r\nit</think>\r\n${CALL}`,
    options: hermes,
  },
  { name: 'a call inside reasoning', text: `<think>${CALL}</think>No call.`, options: hermes },
  {
    name: 'an example block',
    text: `For example:\n\`\`\`\n${CALL}\n\`\`\`\nThat is all.`,
    options: hermes,
  },
  {
    name: 'escapes and an emoji in arguments',
    text: '<tool_call>{"name":"say","arguments":{"text":"caf\\u00e9 \\ud83d\\ude00 😀 \\"q\\" \\/"}}</tool_call>',
    options: hermes,
  },
  {
    name: 'a payload that needs repairs',
    text: "<tool_call>{'name': 'f', 'arguments': {'a': True,}}</tool_call>",
    options: hermes,
  },
  {
    name: 'two call objects in one tag',
    text: '<tool_call>{"name":"a","arguments":{}}, {"name":"b","arguments":{"n":1}}</tool_call>',
    options: hermes,
  },
  {
    name: 'a bare JSON call in auto mode',
    text: '  {"name": "f", "arguments": {"x": 1}}  ',
    options: {},
  },
  {
    name: 'a bare JSON call followed by prose in auto mode',
    text: '{"name": "f", "arguments": {"x": 1}} and more',
    options: {},
  },
  {
    name: 'forced-open reasoning',
    text: `thinking here</think>\n${CALL}`,
    options: { ...hermes, reasoning: { startsInside: true } },
  },
  {
    name: 'a tool outside the allowlist',
    text: CALL,
    options: { ...hermes, tools: [{ name: 'other' }] },
  },
  {
    name: 'an allowlisted tool',
    text: CALL,
    options: { ...hermes, tools: [{ name: 'get_weather', parameters: { type: 'object' } }] },
  },
  {
    // JSON.parse keeps the first place and the last value of a key written twice.
    name: 'a key written twice',
    text: '<tool_call>{"name": "f", "arguments": {"a": 1, "b": {"c": 2, "c": 3}, "a": 4}}</tool_call>',
    options: hermes,
  },
  {
    // JSON.stringify writes array-index keys first, in ascending order.
    name: 'array-index keys after other keys',
    text: '<tool_call>{"name": "f", "arguments": {"year": "x", "2025": 1, "2024": 2}}</tool_call>',
    options: hermes,
  },
  // Compact calls: what the writer sent is the raw arguments, and the end takes them as the
  // canonical text only when nothing else in the payload could change what was read.
  ...[
    '{"name":"f","arguments":{"a":[1,{"b":null}],"c":"x\\"y"}}',
    '{"name":"f","arguments":{"a":1},"path":"/tmp"}',
    '{"name":"f","arguments":{"a":1,"b":{"a":2},"a":3}}',
    '{"name":"f","arguments":{"a":1}},{"name":"f","arguments":{"a":1}}',
    '{"name":"f","arguments":{"a":1}} }',
    ' {"name":"f","arguments":{"a":1}}\n',
    // The opener written again between calls: dropped, with a repair on the next call.
    '\n{"name":"f","arguments":{"a":1}}\n<tool_call>\n{"name":"g","arguments":{}}\n',
    '\n<tool_call>\n{"name":"f","arguments":{"a":1}}\n',
    // A list of calls: read call by call, none started before the section ends.
    '[{"name":"f","arguments":{"a":1}}, {"name":"g","arguments":{}}]',
    '[{"name":"f","arguments":{"a":1}}, {"name":"g","arguments":{"b":tru}}]',
    '[{"name":"f","arguments":{"a":1}} {"name":"g"}]',
  ].map((payload) => ({
    name: `the compact call ${payload}`,
    text: `<tool_call>${payload}</tool_call>`,
    options: hermes,
  })),
  ...[
    '<longcat_tool_call>[{"name":"f","arguments":{"a":1}}, {"name":"g","arguments":{}}]</longcat_tool_call>',
    '<|action_start|><|plugin|>[{"name":"f","parameters":{"a":1}}, {"name":"g"}]<|action_end|>',
  ].map((text) => ({
    name: `the list of calls ${text}`,
    text,
    options: longcatAndInternlm,
  })),
  {
    // End-marker prefixes inside the arguments: the one-unit path skips the end finder only
    // while it has no partial match.
    name: 'arguments holding parts of the end marker',
    text: '<tool_call>{"name":"f","arguments":{"a":"<</tool_cal<</tool_call","b":"<"}}<</tool_call> after',
    options: hermes,
  },
  {
    // Each unreadable section is decided on the rest of the text held with it: the lookups of
    // `<think>` and of markers carry over from one rest to the next.
    name: 'unreadable sections, reasoning and calls in a run',
    text: `${'<tool_call><function=f>x</function></tool_call> <think>r</think>'.repeat(4)}<tool_call>\n<function=g>\n</function>\n</tool_call>${'<tool_call><function=f>y</function></tool_call>'.repeat(3)} end`,
    options: { formats: ['qwen3_coder', 'hermes'], reasoning: { startsInside: false } },
  },
  {
    // A fallback call's events wait for the end; the text after its section is still content.
    name: 'a prefilled reasoning block ended by a fallback call with text after it',
    text: 'Action: lookup\nAction Input: {"sku": "A-7"}  \n',
    options: { reasoning: { prefilled: true } },
  },
  {
    // More fences than the example guard's log keeps before it forgets those behind the cursor.
    name: 'example blocks and calls after fourteen hundred plain fences',
    text: `${'```x```\n'.repeat(700)}For example:\n\`\`\`\n${CALL}\n\`\`\`\n${CALL}\n\`\`\`y\`\`\`${CALL}\n\nFor example:\n\`\`\`\n${CALL}\n\`\`\`\n${CALL}`,
    options: hermes,
  },
  {
    // A fence at every unit, overlapping: the guard logs one per backtick.
    name: 'a flood of backticks, then a call',
    text: `${'`'.repeat(3000)} ${CALL}`,
    options: hermes,
  },
  {
    name: 'harmony headers with no body, then a call',
    text: `${'<|start|>assistant'.repeat(5)}<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>`,
    options: { formats: ['harmony'], reasoning: { startsInside: false } },
  },
];

describe.each([whole, unitByUnit, everyTwoWaySplit(2048), randomChunkings(16)])(
  'streaming equivalence, $name',
  (chunker) => {
    it.each(ownCases)('should fold to parse() for $name', ({ text, options }) => {
      for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
    });
  },
);

describe('forced-open reasoning (the default)', () => {
  it('should hold text until an orphan </think> shows it was reasoning', () => {
    const stream = createParser({ formats: ['hermes'] }).stream();
    expect(stream.push('Weighing the options. ')).toEqual([]);
    const events = stream.push('Done.</think>The answer is 4.');
    expect(events).toEqual([
      { type: 'reasoning-delta', delta: 'Weighing the options. Done.' },
      { type: 'text-delta', delta: 'The answer is 4.' },
    ]);
  });
});

describe('chunk boundaries', () => {
  it('should hold back a marker split mid-token and send the prose before it at once', () => {
    const stream = createParser(hermes).stream();
    expect(stream.push('Let me check. <tool_')).toEqual([
      { type: 'text-delta', delta: 'Let me check. ' },
    ]);
    expect(stream.held).toBe('<tool_'.length);
    const events = stream.push('call>{"name": "f", "arguments": {"a": 1}}</tool_call>');
    expect(events.map((event) => event.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
    ]);
    expect(events[1]).toEqual({
      type: 'tool-call-delta',
      id: expect.any(String),
      argumentsDelta: '{"a":1}',
    });
  });

  it('should release a held "<tool_" as text when the marker does not complete', () => {
    const stream = createParser(hermes).stream();
    stream.push('a <tool_');
    expect(stream.push('box> b')).toEqual([{ type: 'text-delta', delta: '<tool_box> b' }]);
  });

  it('should keep a surrogate pair split across deltas whole in the argument deltas', () => {
    const text = '<tool_call>{"name": "say", "arguments": {"text": "😀"}}</tool_call>';
    const at = text.indexOf('😀') + 1;
    const events = streamAll(hermes, split(text, [at]));
    const deltas = events.flatMap((event) =>
      event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
    );
    expect(deltas.join('')).toBe('{"text":"😀"}');
    expect(deltas.some((delta) => delta.includes('\\ud83d'))).toBe(false);
  });

  it('should pass a \\r\\n split across deltas through as content unchanged', () => {
    const events = streamAll(hermes, ['line one\r', '\nline two']);
    expect(foldEvents(events).content).toBe('line one\r\nline two');
  });

  it('should find a DeepSeek special token split inside its multi-byte characters', () => {
    const text =
      'Sure<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"city": "Tokyo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const options: ParserOptions = { formats: ['deepseek_v31'] };
    const cut = text.indexOf('tool▁calls') + 6;
    const events = streamAll(options, split(text, [cut]));
    expect(foldEvents(events).calls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_time', { city: 'Tokyo' }],
    ]);
    expect(foldEvents(events).content).toBe('Sure');
    for (const deltas of unitByUnit.chunkings(text)) expectEquivalent(options, deltas);
  });
});

describe('events', () => {
  it('should stream canonical argument deltas before the closing tag arrives', () => {
    const stream = createParser(hermes).stream();
    const early = stream.push(
      '<tool_call>{"name": "write", "arguments": {"path": "a.txt", "body": "hel',
    );
    expect(early).toEqual([
      { type: 'tool-call-start', id: expect.any(String), index: 0, name: 'write' },
      {
        type: 'tool-call-delta',
        id: expect.any(String),
        argumentsDelta: '{"path":"a.txt","body":"hel',
      },
    ]);
  });

  it('should end a started compact call only with the arguments its deltas spell', () => {
    // Calls whose payload reads otherwise than the arguments the stream started with: the started
    // call ends refused, never with other arguments than its deltas, as parse() reads the payload.
    const payloads = [
      '{"name":"f","arguments":{"a":1},"arguments":{"b":2}}',
      '{"name":"f","params":{"a":1},"arguments":{"b":2}}',
      '{"name":"f","arguments":{"a":1},"id":"c1"}',
      '{"name":"f","arguments":{"a":"</tool_call>"}}',
    ];
    for (const payload of payloads) {
      const text = `<tool_call>${payload}</tool_call>`;
      for (const deltas of [[text], text.split('')]) {
        expectEquivalent(hermes, deltas);
        const events = streamAll(hermes, deltas);
        const sent = new Map<string, string>();
        for (const event of events) {
          if (event.type === 'tool-call-start') sent.set(event.id, '');
          if (event.type === 'tool-call-delta')
            sent.set(event.id, (sent.get(event.id) ?? '') + event.argumentsDelta);
          if (event.type === 'tool-call-end' && 'call' in event)
            expect(sent.get(event.id)).toBe(JSON.stringify(event.call.arguments));
        }
      }
    }
  });

  it('should end a started call with the refusal parse() gives when its deltas spelled another order', () => {
    // The writer stopped at the depth limit after an array-index key, which JSON.stringify moves
    // first: the started call used to end as malformed and the refused call came again.
    const text = '<tool_call>{"name":"f","arguments":{"a":1,"0":{"b":{}}}}</tool_call>';
    const options: ParserOptions = { ...hermes, limits: { maxDepth: 2 } };
    for (const deltas of [[text], text.split('')]) expectEquivalent(options, deltas);
    const folded = foldEvents(streamAll(options, [text]));
    expect(folded.rejected.map((rejection) => rejection.reason)).toEqual(['too-large']);
  });

  it('should send a call whose tool coerces or sanitizes its arguments only once decided', () => {
    // Deltas sent early would spell "5" where the call ends with 5.
    const coerced = {
      name: 'f',
      coerce: true,
      parameters: { type: 'object', properties: { a: { type: 'integer' } } },
    };
    const plain = { name: 'g', parameters: { type: 'object' } };
    const options: ParserOptions = { ...hermes, tools: [coerced, plain] };
    for (const [name, expected] of [
      ['f', { a: 5 }],
      ['g', { a: '5' }],
    ] as const) {
      const text = `<tool_call>{"name":"${name}","arguments":{"a":"5"}}</tool_call>`;
      for (const deltas of [[text], text.split('')]) {
        expectEquivalent(options, deltas);
        const folded = foldEvents(streamAll(options, deltas));
        expect(folded.calls.map((call) => call.arguments)).toEqual([expected]);
        expect(folded.argumentsText.map((entry) => entry.text)).toEqual([JSON.stringify(expected)]);
      }
    }
    // g's arguments still stream before its end; f's wait for it.
    const early = (name: string): number =>
      createParser(options)
        .stream()
        .push(`<tool_call>{"name":"${name}","arguments":{"a":"5`)
        .filter((event) => event.type === 'tool-call-delta').length;
    expect([early('f'), early('g')]).toEqual([0, 1]);
  });

  it('should end a cut-off call with the incomplete rejection parse() gives', () => {
    const text = '<tool_call>{"name": "f", "arguments": {"a": 1';
    const folded = foldEvents(streamAll(hermes, [text]));
    expect(folded.calls).toEqual([]);
    expect(folded.rejected.map((rejection) => rejection.reason)).toEqual(['incomplete']);
  });

  it('should send nothing more when end() is called twice', () => {
    const stream = createParser(hermes).stream();
    stream.push(CALL);
    stream.end();
    expect(stream.end()).toEqual([]);
  });

  it('should refuse a push after end(), whose text would otherwise be lost', () => {
    for (const first of [CALL, 'Some prose', '<tool_call>{"name": "f"', '']) {
      const stream = createParser(hermes).stream();
      stream.push(first);
      stream.end();
      for (const late of [CALL, '']) {
        expect(() => stream.push(late)).toThrow(
          new TypeError(
            'stream.push: this stream has ended; start a new one with parser.stream() for the next output',
          ),
        );
      }
      expect(stream.end()).toEqual([]);
    }
  });

  it('should hold no more than the longest marker while prose streams', () => {
    const stream = createParser({ reasoning: { startsInside: false } }).stream();
    let most = 0;
    for (const char of 'plain prose, no tools, '.repeat(200)) {
      stream.push(char);
      most = Math.max(most, stream.held);
    }
    expect(most).toBeLessThan(32);
  });

  it('should decide a run of sections as it arrives, not hold the run until the end', () => {
    // Each `[TOOL_CALLS]` is a section of its own that cannot be read; mistral has no end marker,
    // so whether each is over is a guess, which used to be confirmed only once the held text grew
    // by half: the run was held whole and its rejections all came at end().
    const options: ParserOptions = {
      formats: ['mistral'],
      ids: 'sequential',
      reasoning: { startsInside: false },
    };
    const run = '[TOOL_CALLS]'.repeat(10);
    const stream = createParser(options).stream();
    let ended = 0;
    let most = 0;
    for (let push = 0; push < 10; push += 1) {
      ended += stream.push(run).filter((event) => event.type === 'tool-call-end').length;
      most = Math.max(most, stream.held);
    }
    // All but the last few, which only more text or the end can settle.
    expect(ended).toBeGreaterThanOrEqual(95);
    expect(most).toBeLessThan(3 * run.length);
    expect(ended + stream.end().length).toBe(100);
    expect(createParser(options).parse(run.repeat(10)).rejected).toHaveLength(100);
    expectEquivalent(
      options,
      Array.from({ length: 10 }, () => run),
    );
  });

  it('should reject each unreadable section in the push that closes it', () => {
    const section = '<tool_call>{"name": "f", "arguments": {oops ></tool_call> and\n';
    const stream = createParser({ ...hermes, ids: 'sequential' }).stream();
    for (let push = 0; push < 50; push += 1) {
      const ends = stream.push(section).filter((event) => event.type === 'tool-call-end');
      expect(ends.map((event) => event.id)).toEqual([`call_${push}`]);
    }
    expect(stream.end()).toEqual([]);
  });
});

describe('adapters', () => {
  it('should turn a Web TransformStream of text into the same events', async () => {
    const parser = createParser({ ...hermes, ids: 'sequential' });
    const source = new ReadableStream<string>({
      start(controller) {
        for (const piece of split(CALL, [5, 30, 60])) controller.enqueue(piece);
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    for await (const event of source.pipeThrough(toTransformStream(parser))) events.push(event);
    expect(foldEvents(events).calls.map((call) => call.name)).toEqual(['get_weather']);
  });

  it('should read an async iterable of deltas', async () => {
    async function* deltas(): AsyncGenerator<string> {
      yield 'Hi <tool';
      yield CALL.slice(5);
    }
    const events: StreamEvent[] = [];
    for await (const event of streamEvents(createParser(hermes), deltas())) events.push(event);
    expect(foldEvents(events).content).toBe('Hi ');
  });

  it('should emit a MAX call only once it is validated, with dense indexes', () => {
    // A serving layer turns these deltas into OpenAI chunks, and a client runs every call it
    // accumulated: a call streamed before validation would run even when refused.
    const refused: string[] = [];
    const adapter = createToolParserAdapter(
      createParser({
        ...hermes,
        tools: [
          {
            name: 'get_weather',
            effect: 'read',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        ],
      }),
      { onRejected: (rejection) => refused.push(`${rejection.name}: ${rejection.reason}`) },
    );
    const text =
      '<tool_call>{"name": "drop_tables", "arguments": {}}</tool_call>' +
      '<tool_call>{"name": "get_weather", "arguments": {"city": 7}}</tool_call>' +
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
    const deltas = [];
    // Where each call's JSON is: inside it (held until validated) the answer is [], never null.
    const payloads = [...text.matchAll(/<tool_call>(.*?)<\/tool_call>/g)].map((match) => [
      (match.index ?? 0) + '<tool_call>'.length,
      (match.index ?? 0) + '<tool_call>'.length + (match[1]?.length ?? 0),
    ]);
    for (const [at, unit] of [...text].entries()) {
      const answer = adapter.parseDelta(unit);
      if (payloads.some(([from = 0, to = 0]) => at >= from && at < to))
        expect(answer).not.toBeNull();
      if (answer !== null) deltas.push(...answer);
    }
    deltas.push(...adapter.finish());
    expect(deltas).toEqual([
      { kind: 'tool-call', index: 0, id: expect.any(String), name: 'get_weather' },
      { kind: 'tool-call', index: 0, argumentsDelta: '{"city":"Oslo"}' },
    ]);
    expect(refused).toEqual(['drop_tables: unknown-tool', 'get_weather: schema-violation']);
  });

  it('should refuse a MAX delta after finish() until reset() starts the next session', () => {
    const adapter = createToolParserAdapter(createParser(hermes));
    adapter.parseDelta('Hello');
    adapter.finish();
    expect(() => adapter.parseDelta(CALL)).toThrow(/this session has finished; call reset\(\)/);
    adapter.reset();
    expect(adapter.parseDelta(CALL)?.map((delta) => delta.kind)).toEqual([
      'tool-call',
      'tool-call',
    ]);
  });

  it('should answer the MAX protocol: null while buffering, [] inside a section, deltas when ready', () => {
    const adapter = createToolParserAdapter(createParser(hermes));
    expect(adapter.parseDelta('<tool_')).toBeNull();
    expect(adapter.parseDelta('call>{"na')).toEqual([]);
    expect(adapter.parseDelta('me": "f", "arguments": {"a": 1}}</tool_call>')).toEqual([
      { kind: 'tool-call', index: 0, id: expect.any(String), name: 'f' },
      { kind: 'tool-call', index: 0, argumentsDelta: '{"a":1}' },
    ]);
    expect(adapter.parseComplete(CALL).toolCalls[0]?.arguments).toBe('{"city":"Antwerp","days":2}');
  });
});

describe('the caller context', () => {
  // A tenant check: the account must be the session's own.
  const tenantOptions: ParserOptions = {
    ...hermes,
    tools: [
      {
        name: 'refund',
        effect: 'write',
        parameters: { type: 'object', properties: { account: { type: 'string' } } },
      },
    ],
    policy: {
      checkArguments: (call, context) =>
        call.arguments['account'] === (context as { tenant?: string } | undefined)?.tenant,
    },
  };
  const refund = '<tool_call>{"name": "refund", "arguments": {"account": "acct_7"}}</tool_call>';
  const mine = { context: { tenant: 'acct_7' } };
  const theirs = { context: { tenant: 'acct_9' } };

  it('should hand the context of stream({ context }) to every decision, as parse does', () => {
    const parser = createParser(tenantOptions);
    for (const options of [mine, theirs]) {
      const expected = parser.parse(`${refund}${refund}`, options);
      for (const deltas of [[`${refund}${refund}`], [...`${refund}${refund}`]]) {
        const stream = parser.stream(options);
        const folded = foldEvents([
          ...deltas.flatMap((delta) => stream.push(delta)),
          ...stream.end(),
        ]);
        expect(folded.calls.map((call) => call.arguments)).toEqual(
          expected.calls.map((call) => call.arguments),
        );
        expect(folded.rejected.map((rejection) => rejection.reason)).toEqual(
          expected.rejected.map((rejection) => rejection.reason),
        );
      }
    }
    expect(parser.parse(refund, theirs).rejected.map((rejection) => rejection.reason)).toEqual([
      'check-failed',
    ]);
  });

  it('should pass the context through the Web, async-iterable and MAX adapters', async () => {
    const parser = createParser(tenantOptions);
    const source = (): ReadableStream<string> =>
      new ReadableStream<string>({
        start(controller) {
          controller.enqueue(refund);
          controller.close();
        },
      });
    for (const [options, accepted] of [
      [mine, 1],
      [theirs, 0],
    ] as const) {
      const piped: StreamEvent[] = [];
      for await (const event of source().pipeThrough(toTransformStream(parser, options)))
        piped.push(event);
      expect(foldEvents(piped).calls).toHaveLength(accepted);
      const iterated: StreamEvent[] = [];
      for await (const event of streamEvents(parser, source(), options)) iterated.push(event);
      expect(foldEvents(iterated).calls).toHaveLength(accepted);
      const adapter = createToolParserAdapter(parser, options);
      const deltas = [...(adapter.parseDelta(refund) ?? []), ...adapter.finish()];
      expect(deltas.filter((delta) => delta.kind === 'tool-call' && delta.name)).toHaveLength(
        accepted,
      );
      expect(adapter.parseComplete(refund).toolCalls).toHaveLength(accepted);
    }
  });

  it('should refuse a stream option other than context, so a hook never runs without its session', () => {
    const parser = createParser(tenantOptions);
    expect(() => parser.stream({ contxt: { tenant: 'acct_7' } } as never)).toThrow(
      new TypeError(
        'parser.stream: unknown option "contxt"; the only per-call option is "context"',
      ),
    );
    expect(() => parser.stream('acct_7' as never)).toThrow(
      /^parser\.stream: options must be an object/,
    );
  });
});

describe('an output past maxOutputSize', () => {
  const tools: ParserOptions['tools'] = [
    { name: 'write_file', effect: 'write', parameters: { type: 'object' } },
  ];
  const limited = (reasoning: boolean): ParserOptions => ({
    formats: ['hermes'],
    tools,
    limits: { maxOutputSize: 200 },
    reasoning: { startsInside: reasoning },
  });
  const open = '<tool_call>{"name": "write_file", "arguments": {"body": "';

  it('should end a call it started with a too-large rejection, never leave it open', () => {
    const parser = createParser(limited(false));
    expect(parser.parse(`${open}${'x'.repeat(300)}"}}</tool_call>`).issues[0]?.code).toBe(
      'too-large',
    );
    const stream = parser.stream();
    const events = [...stream.push(open), ...stream.push('x'.repeat(100))];
    expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
    events.push(...stream.push('x'.repeat(100)), ...stream.push('"}}</tool_call>'));
    events.push(...stream.end());
    const [start] = events.filter((event) => event.type === 'tool-call-start');
    const ends = events.filter((event) => event.type === 'tool-call-end');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({
      id: start?.type === 'tool-call-start' ? start.id : '',
      rejection: {
        name: 'write_file',
        reason: 'too-large',
        envelope: {
          error: 'too_large',
          tool: 'write_file',
          expected: expect.stringMatching(/model output of at most 200/),
        },
      },
    });
    expect(foldEvents(events).calls).toEqual([]);
  });

  it('should say so with one too-large rejection when the text it held vanishes', () => {
    // Held as possible reasoning until a `</think>` that never comes.
    const stream = createParser(limited(true)).stream();
    const events = [
      ...stream.push('Thinking about it. '.repeat(8)),
      ...stream.push('more '.repeat(20)),
    ];
    events.push(...stream.end());
    const folded = foldEvents(events);
    expect(folded.content + folded.reasoning).toBe('');
    expect(
      folded.rejected.map((rejection) => [rejection.reason, rejection.envelope.error]),
    ).toEqual([['too-large', 'too_large']]);
    expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([]);
  });

  it('should keep what it sent before the limit and read nothing after it', () => {
    const stream = createParser(limited(false)).stream();
    const call = '<tool_call>{"name": "write_file", "arguments": {}}</tool_call>';
    const events = [...stream.push(`Done. ${call}`), ...stream.push('y'.repeat(200))];
    events.push(...stream.push(call), ...stream.end());
    const folded = foldEvents(events);
    expect(folded.calls.map((accepted) => accepted.name)).toEqual(['write_file']);
    expect(folded.rejected.map((rejection) => rejection.reason)).toEqual(['too-large']);
  });
});
