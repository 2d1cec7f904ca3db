import { describe, expect, it } from 'vitest';
import {
  createParser,
  type FormatId,
  type ParserOptions,
  type ToolDefinition,
} from '../../src/index.js';
import { foldEvents } from '../../src/stream/fold.js';
import { everyTwoWaySplit, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent, expectEveryChunking } from '../stream/equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'archive',
    effect: 'destructive',
    parameters: {
      type: 'object',
      properties: { folder: { type: 'string' }, keep_days: { type: 'integer' } },
    },
  },
];

/** Hermes with the tools, and no reasoning open at the start: a stream starts calls from their heads. */
const STREAMED = {
  formats: ['hermes'],
  tools: TOOLS,
  reasoning: { startsInside: false },
} as const;

describe('the JSON call object', () => {
  it('should refuse a call with an argument written beside its arguments object', () => {
    // The arguments closed early and `keep_days` landed in the call object: run as read, the
    // archive would have kept nothing.
    const parser = createParser({ formats: ['hermes'], tools: TOOLS });
    for (const text of [
      '<tool_call>{"name": "archive", "arguments": {"folder": "logs"}, "keep_days": 30}</tool_call>',
      '<tool_call>{"name": "archive", "arguments": {"folder": "logs"}, "keep_days": 30}}</tool_call>',
    ]) {
      const result = parser.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toMatchObject([
        {
          reason: 'malformed',
          envelope: {
            received:
              '"keep_days" is written beside "arguments", outside the arguments of "archive"; put every argument inside "arguments"',
          },
        },
      ]);
    }
  });

  it('should refuse a call whose arguments are written beside its name with no arguments field', () => {
    const parser = createParser({ formats: ['llama3_json'], tools: TOOLS });
    const result = parser.parse('<|python_tag|>{"name": "archive", "folder": "logs"}');
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]?.envelope.received).toBe(
      '"folder" is written beside the name, outside the arguments of "archive"; put every argument inside "parameters"',
    );
    // With its arguments where they belong, and with an id and a type beside them, it runs.
    expect(
      parser.parse(
        '<|python_tag|>{"type": "function", "id": "a1", "name": "archive", "parameters": {"folder": "logs"}}',
      ).calls,
    ).toHaveLength(1);
  });

  it("should refuse OpenAI's nested shape with the arguments outside the function object", () => {
    const parser = createParser({ formats: ['openai_json'], tools: TOOLS });
    const entry = (call: unknown) => parser.parse(JSON.stringify({ tool_calls: [call] }));
    const inside = { id: 'c1', type: 'function', function: { name: 'archive', arguments: {} } };
    expect(entry(inside).calls).toHaveLength(1);
    const outside = { function: { name: 'archive' }, arguments: { folder: 'logs' } };
    expect(entry(outside).calls).toEqual([]);
    expect(entry(outside).rejected).toHaveLength(1);
  });

  it('should refuse arguments given as a JSON string that is cut off inside', () => {
    // `"keep_days": 3` may have been 30: as cut off as the same arguments written as an object.
    const parser = createParser({ formats: ['hermes'], tools: TOOLS });
    const result = parser.parse(
      '<tool_call>{"name": "archive", "arguments": "{\\"folder\\": \\"logs\\", \\"keep_days\\": 3"}</tool_call>',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]?.envelope.received).toBe(
      'the arguments of "archive" are a JSON string cut off before its end',
    );
  });

  it('should place the repairs made inside string arguments at the call, in parse and stream alike', () => {
    const parser = createParser({
      formats: ['llama3_json'],
      tools: TOOLS,
      reasoning: { startsInside: false },
    });
    const text = 'Sure. <|python_tag|>{"name": "archive", "parameters": "{\'folder\': \'logs\'}"}';
    const parsed = parser.parse(text);
    expect(parsed.calls[0]?.arguments).toEqual({ folder: 'logs' });
    const callAt = text.indexOf('{');
    expect(parsed.calls[0]?.repairs).toEqual([
      { kind: 'arguments-as-string', offset: callAt },
      { kind: 'single-quoted-string', offset: callAt },
      { kind: 'single-quoted-string', offset: callAt },
    ]);
    for (const split of [0, 6, callAt + 3, text.length - 2]) {
      const stream = parser.stream();
      const events = [...stream.push(text.slice(0, split)), ...stream.push(text.slice(split))];
      events.push(...stream.end());
      expect(foldEvents(events).calls[0]?.repairs).toEqual(parsed.calls[0]?.repairs);
    }
  });

  it('should read the metadata OpenAI call objects carry beside the name and arguments', () => {
    const parser = createParser({ formats: ['hermes'], tools: TOOLS });
    for (const object of [
      { name: 'archive', arguments: { folder: 'logs' }, index: 0 },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'archive',
        arguments: '{"folder": "logs"}',
        status: 'completed',
      },
    ]) {
      const result = parser.parse(`<tool_call>${JSON.stringify(object)}</tool_call>`);
      expect(result.calls.map((call) => call.arguments)).toEqual([{ folder: 'logs' }]);
    }
    const nested = createParser({ formats: ['openai_json'], tools: TOOLS });
    const entry = {
      id: 'c',
      type: 'function',
      index: 0,
      function: { name: 'archive', arguments: '{}' },
    };
    expect(nested.parse(JSON.stringify({ tool_calls: [entry] })).calls).toHaveLength(1);
    const outside = { function: { name: 'archive' }, arguments: { folder: 'logs' } };
    expect(
      nested.parse(JSON.stringify({ tool_calls: [outside] })).rejected[0]?.envelope.received,
    ).toBe(
      '"arguments" is written beside "function", outside it; put the name and the arguments of "archive" inside "function"',
    );
  });

  it('should read a tool named by a "function" string, in parse and stream', () => {
    // `{"function": "archive", ...}`: the key OpenAI's shape nests the call under, holding the
    // name itself. Read as no name at all, the call was refused with "the call has no tool name".
    const parser = createParser(STREAMED);
    for (const payload of [
      '{"function": "archive", "arguments": {"folder": "logs"}}',
      '{"type": "function", "function": "archive", "parameters": {"folder": "logs"}}',
    ]) {
      const text = `<tool_call>${payload}</tool_call> Archived.`;
      expect(parser.parse(text).calls).toMatchObject([
        { name: 'archive', arguments: { folder: 'logs' }, validated: true },
      ]);
      expectEveryChunking(STREAMED, text);
    }
    // A name in "function" besides one in "name" is a second name: which one was meant is a guess.
    const twice = parser.parse(
      '<tool_call>{"name": "archive", "function": "delete_all", "arguments": {}}</tool_call>',
    );
    expect(twice.calls).toEqual([]);
    expect(twice.rejected[0]?.envelope.received).toBe(
      'the call names its tool twice, in "name" and in "function"; name it once, in "name"',
    );
  });

  it('should refuse once a payload of values that are no call objects, in parse and stream', () => {
    // Another syntax inside <tool_call> (Qwen3-Coder's XML, GLM's tags) reads leniently as one
    // value a line: one envelope for each was five requests to fix calls the model never wrote.
    const parser = createParser(STREAMED);
    const cases = [
      [
        '<tool_call>\n<function=archive>\n<parameter=folder>\nlogs\n</parameter>\n</function>\n</tool_call>',
        'the call is not a JSON object (nor are 4 values after it)',
        0,
      ],
      [
        '<tool_call>[1, 2]</tool_call>',
        'the call is not a JSON object (nor is the value after it)',
        0,
      ],
      // A call among them is still read, and the values beside it refused once.
      [
        '<tool_call>[1, {"name": "archive", "arguments": {"folder": "logs"}}, 3]</tool_call>',
        'the call is not a JSON object (nor is the value after it)',
        1,
      ],
    ] as const;
    for (const [text, received, calls] of cases) {
      const result = parser.parse(text);
      expect(result.calls).toHaveLength(calls);
      expect(result.rejected.map((rejection) => rejection.envelope.received)).toEqual([received]);
      expectEveryChunking(STREAMED, text);
    }
  });

  it('should refuse a call object that names its tool twice or gives its arguments twice', () => {
    const parser = createParser({ formats: ['hermes'], tools: TOOLS });
    const cases = [
      [
        '{"name": "archive", "tool": "delete_all", "arguments": {"folder": "logs"}}',
        'the call names its tool twice, in "name" and in "tool"; name it once, in "name"',
      ],
      [
        '{"name": "archive", "params": {"folder": "tmp"}, "arguments": {"folder": "logs"}}',
        'the call to "archive" gives its arguments twice, in "arguments" and in "params"; give them once, in "arguments"',
      ],
    ] as const;
    for (const [payload, received] of cases) {
      const text = `<tool_call>${payload}</tool_call>`;
      expect(parser.parse(text).calls).toEqual([]);
      expect(parser.parse(text).rejected).toMatchObject([
        { reason: 'malformed', envelope: { received } },
      ]);
    }
  });

  it('should take an id written before the arguments, not one written after them, in parse and stream', () => {
    // A stream names a call when its arguments start: an id after them comes too late for that,
    // and parse reads the call as the stream can send it.
    const options = {
      formats: ['hermes'],
      tools: TOOLS,
      ids: 'sequential',
      reasoning: { startsInside: false },
    } as const;
    for (const [payload, id] of [
      ['{"id": "c7", "name": "archive", "arguments": {"folder": "logs"}}', 'c7'],
      ['{"name": "archive", "arguments": {"folder": "logs"}, "id": "c7"}', 'call_0'],
      ['{"name":"archive","arguments":{"folder":"logs"},"id":"c7"}', 'call_0'],
    ] as const) {
      const text = `<tool_call>${payload}</tool_call>`;
      const parsed = createParser(options).parse(text);
      expect(parsed.calls.map((call) => call.id)).toEqual([id]);
      for (const size of [1, text.length]) {
        const stream = createParser(options).stream();
        const events = [];
        for (let at = 0; at < text.length; at += size)
          events.push(...stream.push(text.slice(at, at + size)));
        events.push(...stream.end());
        const folded = foldEvents(events);
        expect({ calls: folded.calls, rejected: folded.rejected }).toEqual({
          calls: parsed.calls,
          rejected: parsed.rejected,
        });
      }
    }
  });

  it('should keep the advice of a refusal whole when the name it quotes is long', () => {
    const parser = createParser({ formats: ['hermes'], tools: TOOLS });
    const name = 'n'.repeat(20_000);
    const result = parser.parse(
      `<tool_call>{"name": "${name}", "arguments": {}, "keep_days": 30}</tool_call>`,
    );
    const received = result.rejected[0]?.envelope.received ?? '';
    expect(received.length).toBeLessThan(300);
    expect(received).toMatch(/; put every argument inside "arguments"$/);
    expect(result.issues[0]?.message.length).toBeLessThan(300);
  });
});

describe('a call object that writes a key twice', () => {
  const options: ParserOptions = {
    formats: ['hermes'],
    tools: [...TOOLS, { name: 'purge', effect: 'destructive', parameters: { type: 'object' } }],
    reasoning: { startsInside: false },
  };
  const parser = createParser(options);
  // Each opens with the head a stream announces a call from (`archive`), then writes a key again.
  const ambiguous = [
    ['name', '{"name": "archive", "arguments": {"folder": "logs"}, "name": "purge"}'],
    [
      'arguments',
      '{"name": "archive", "arguments": {"folder": "logs"}, "arguments": {"folder": "/"}}',
    ],
    ['name', '{"name": "archive", "arguments": {"folder": "logs"}, "n\\u0061me": "purge"}'],
    ['type', '{"name": "archive", "arguments": {}, "type": "function", "type": "function"}'],
    // Read by the lenient readers: a trailing comma, then single quotes.
    ['name', '{"name": "archive", "arguments": {"folder": "logs"}, "name": "purge",}'],
    ['name', "{\"name\": \"archive\", \"arguments\": {'folder': 'logs'}, 'name': 'purge'}"],
  ] as const;

  it('should refuse it, saying which key, where a stream may have announced the first', () => {
    for (const [key, payload] of ambiguous) {
      const result = parser.parse(`<tool_call>${payload}</tool_call>`);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toMatchObject([
        {
          reason: 'malformed',
          envelope: {
            received: `the call object writes "${key}" twice; write each of its keys once`,
          },
        },
      ]);
    }
  });

  it('should fold to the same refusal in every chunking of a stream', () => {
    // Every two-way split of the first (parsers with tools are made per chunking: the rest whole
    // and unit by unit).
    ambiguous.forEach(([, payload], index) => {
      const text = `<tool_call>${payload}</tool_call>`;
      const chunkers = index === 0 ? [whole, unitByUnit, everyTwoWaySplit()] : [whole, unitByUnit];
      for (const chunker of chunkers) {
        for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
      }
    });
  });

  it('should refuse it wherever the name stands, and in every syntax that carries call objects', () => {
    // Not opening with the head a stream announces: JSON.parse would run "purge", a reader that
    // keeps the first value (or a person reading the log) sees "archive". Refused all the same.
    const purge = '"arguments": {"folder": "logs"}, "name": "archive", "name": "purge"';
    const outputs: [FormatId, string][] = [
      ['hermes', `<tool_call>{${purge}}</tool_call>`],
      ['mistral', `[TOOL_CALLS][{${purge}}]`],
      ['xlam', `<tool_call>[{${purge}}]</tool_call>`],
      ['marker_json', `TOOL_CALL {${purge}}`],
      ['granite', `<|tool_call|>[{${purge}}]`],
      [
        'command_r7b',
        '<|START_ACTION|>[{"tool_name": "archive", "parameters": {}, "tool_name": "purge"}]<|END_ACTION|>',
      ],
    ];
    for (const [format, text] of outputs) {
      const formatOptions = { ...options, formats: [format] };
      const result = createParser(formatOptions).parse(text);
      expect([format, result.calls, result.rejected.map((rejection) => rejection.reason)]).toEqual([
        format,
        [],
        ['malformed'],
      ]);
      expect(result.issues[0]?.message).toMatch(/writes "(name|tool_name)" twice/);
      for (const deltas of unitByUnit.chunkings(text)) expectEquivalent(formatOptions, deltas);
    }
  });

  it("should refuse OpenAI's function object that writes a key twice, in every syntax that nests it", () => {
    // JSON.parse would run "purge"; the call's own keys are each written once.
    const nested = (quote: string) =>
      `{"type": "function", "function": {"name": "archive", "arguments": ${quote}, "name": "purge"}}`;
    const object = nested('{"folder": "logs"}');
    const outputs: [FormatId, string, string[]][] = [
      ['hermes', `<tool_call>${object}</tool_call>`, []],
      ['hermes', `<tool_call>${object.slice(0, -1)},}</tool_call>`, []],
      ['mistral', `[TOOL_CALLS][{"name": "archive", "arguments": {}}, ${object}]`, ['archive']],
      ['xlam', `<tool_call>[${object}]</tool_call>`, []],
      ['openai_json', `{"tool_calls": [${nested('"{}"')}]}`, []],
      ['openai_json', `{'tool_calls': [${nested('"{}"')}]}`, []],
    ];
    for (const [format, text, run] of outputs) {
      const formatOptions = { ...options, formats: [format] };
      const result = createParser(formatOptions).parse(text);
      const refused = result.rejected.filter((rejection) => rejection.reason === 'malformed');
      expect([format, text, result.calls.map((call) => call.name), refused.length]).toEqual([
        format,
        text,
        run,
        1,
      ]);
      expect(result.issues.map((issue) => issue.message)).toContain(
        `the call's "function" object writes "name" twice; write each of its keys once`,
      );
      for (const deltas of unitByUnit.chunkings(text)) expectEquivalent(formatOptions, deltas);
    }
  });

  it('should refuse an OpenAI message that writes its tool_calls twice', () => {
    const call = (name: string) =>
      `{"type": "function", "function": {"name": "${name}", "arguments": "{}"}}`;
    const text = `{"tool_calls": [${call('archive')}], "tool_calls": [${call('purge')}]}`;
    const formatOptions = { ...options, formats: ['openai_json' as const] };
    const result = createParser(formatOptions).parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['malformed']);
    expect(result.issues[0]?.message).toBe(
      'the message writes "tool_calls" twice; write each of its keys once',
    );
    for (const deltas of unitByUnit.chunkings(text)) expectEquivalent(formatOptions, deltas);
    // Written once, the same calls run.
    const once = `{"tool_calls": [${call('archive')}, ${call('purge')}]}`;
    expect(
      createParser(formatOptions)
        .parse(once)
        .calls.map((item) => item.name),
    ).toEqual(['archive', 'purge']);
  });

  it('should leave a bare call object that writes a key twice as content, never run', () => {
    // A bare object that is not read as a call is ordinary text in these syntaxes.
    const text = '{"name": "archive", "arguments": {}, "name": "purge"}';
    for (const format of ['json_block', 'llama3_json'] as const) {
      const result = createParser({ ...options, formats: [format] }).parse(text);
      expect([format, result.calls, result.content]).toEqual([format, [], text]);
    }
  });

  it('should read a key written twice inside the arguments as JSON.parse does', () => {
    const text =
      '<tool_call>{"name": "archive", "arguments": {"folder": "a", "folder": "b"}}</tool_call>';
    expect(parser.parse(text).calls.map((call) => call.arguments)).toEqual([{ folder: 'b' }]);
    for (const deltas of unitByUnit.chunkings(text)) expectEquivalent(options, deltas);
  });
});
