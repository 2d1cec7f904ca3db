/**
 * Hostile outputs at full size, in auto mode and with every format forced: nothing throws, nothing
 * hostile becomes an executable call, and a limit that is hit says so with its code. Timings are
 * not asserted here (see `npm run fuzz -- --adversarial`).
 */
import { describe, expect, it } from 'vitest';
import { createParser, DEFAULT_LIMITS, formatIds } from '../../src/index.js';
import type { FormatId, ParseResult } from '../../src/index.js';
import { readCorpus, type CorpusCase } from '../fuzz/corpus.js';
import { checkResult } from '../fuzz/invariants.js';
import { randomChunkings, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent } from '../stream/equivalence.js';
import { bigArgument, DEEPSEEK_BEGIN, flood, manyCalls, nestedCall } from './inputs.js';

const MB = 1024 * 1024;
type Mode = 'auto' | FormatId;
const MODES: readonly Mode[] = ['auto', ...formatIds];
const parsers = new Map(
  MODES.map((mode) => [mode, createParser({ formats: mode === 'auto' ? 'auto' : [mode] })]),
);
const parse = (mode: Mode, text: string): ParseResult => parsers.get(mode)!.parse(text);

/** Issue codes of a result, deduplicated. */
const codes = (result: ParseResult): string[] => [
  ...new Set(result.issues.map((issue) => issue.code)),
];
const reasons = (result: ParseResult): string[] => [
  ...new Set(result.rejected.map((rejection) => rejection.reason)),
];

describe('1 MB floods in every mode', () => {
  const floods: [string, string][] = [
    ['{', flood('{', MB)],
    ['[', flood('[', MB)],
    ['"', flood('"', MB)],
    ['<tool_call>', flood('<tool_call>', MB)],
    ['TOOL_CALL', flood('TOOL_CALL', MB)],
    [DEEPSEEK_BEGIN, flood(DEEPSEEK_BEGIN, MB)],
    ['<tool_<tool_', flood('<tool_', MB)],
    ['<tool_call >', flood('<tool_call >', MB)],
    ['Action: ', flood('Action: ', MB)],
    ['function.name: ', flood('function.name: ', MB)],
    ['<invoke name="', flood('<invoke name="', MB)],
  ];

  describe.each(floods)('of %j', (_unit, text) => {
    it.each(MODES)('should make no call and keep every invariant in %s mode', (mode) => {
      const result = parse(mode, text);
      expect(result.calls).toEqual([]);
      expect(checkResult(text, result, undefined)).toEqual([]);
      expect(result.rejected.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxCalls);
    });
  });

  it('should leave a flood of openers as content in auto mode', () => {
    for (const unit of ['{', '[', '"', 'TOOL_CALL', '<tool_']) {
      const result = parse('auto', flood(unit, MB));
      expect(result.content).toHaveLength(MB);
      expect(result.issues).toEqual([]);
    }
  });

  it('should report a flood of <tool_call> as one malformed hermes section, not a million', () => {
    const result = parse('hermes', flood('<tool_call>', MB));
    expect(codes(result)).toEqual(['malformed-tool-call']);
    expect(result.rejected.map((rejection) => [rejection.reason, rejection.format])).toEqual([
      ['malformed', 'hermes'],
    ]);
  });
});

describe('limits', () => {
  it.each(['auto', 'hermes'] as const)(
    'should refuse arguments nested 100,000 deep as too-deep in %s mode',
    (mode) => {
      const result = parse(mode, nestedCall(100_000));
      expect(result.calls).toEqual([]);
      expect(codes(result)).toEqual(['too-deep']);
      expect(
        result.rejected.map((rejection) => [rejection.reason, rejection.envelope.error]),
      ).toEqual([['too-large', 'too_large']]);
    },
  );

  it('should accept arguments exactly at maxDepth and refuse one level more', () => {
    // maxDepth counts the arguments object's own nesting, not the call object around it.
    const atLimit = parse('hermes', nestedCall(DEFAULT_LIMITS.maxDepth));
    expect(atLimit.calls).toHaveLength(1);
    const over = parse('hermes', nestedCall(DEFAULT_LIMITS.maxDepth + 1));
    expect(over.calls).toEqual([]);
    expect(codes(over)).toEqual(['too-deep']);
  });

  it('should hold arguments to maxDepth when the model left their closers out', () => {
    // One unit a level: the lenient reader supplies the missing `]`s, so a short section can
    // still nest past the limit.
    const open = (levels: number) =>
      `<tool_call>{"name": "f", "arguments": {"a": ${'['.repeat(levels)}1}}</tool_call>`;
    expect(parse('hermes', open(DEFAULT_LIMITS.maxDepth - 1)).calls).toHaveLength(1);
    for (const levels of [DEFAULT_LIMITS.maxDepth, DEFAULT_LIMITS.maxDepth + 2]) {
      const over = parse('hermes', open(levels));
      expect(over.calls).toEqual([]);
      expect(over.rejected[0]?.reason).toBe('too-large');
    }
  });

  it('should count maxDepth on the arguments alone in every syntax, wrapped or not', () => {
    // The arguments {"a": [[[1]]]} nest 4 levels; a 5th is over a maxDepth of 4.
    const list = (levels: number): string => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    const outputs: [FormatId, (levels: number) => string][] = [
      ['hermes', (n) => `<tool_call>{"name": "f", "arguments": {"a": ${list(n)}}}</tool_call>`],
      ['mistral', (n) => `[TOOL_CALLS][{"name": "f", "arguments": {"a": ${list(n)}}}]`],
      ['jamba', (n) => `<tool_calls>[{"name": "f", "arguments": {"a": ${list(n)}}}]</tool_calls>`],
      [
        'command_r7b',
        (n) =>
          `<|START_ACTION|>[{"tool_name": "f", "parameters": {"a": ${list(n)}}}]<|END_ACTION|>`,
      ],
      [
        'kimi_k2',
        (n) =>
          `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": ${list(n)}}<|tool_call_end|><|tool_calls_section_end|>`,
      ],
      [
        'qwen3_coder',
        (n) => `<tool_call><function=f><parameter=a>${list(n)}</parameter></function></tool_call>`,
      ],
      ['pythonic', (n) => `[f(a=${list(n)})]`],
      ['gemma4', (n) => `<|tool_call>call:f{a:${list(n)}}<tool_call|>`],
      ['functiongemma', (n) => `<start_function_call>call:f{a:${list(n)}}<end_function_call>`],
      ['apertus', (n) => `<|tools_prefix|>[{"f": {"a": ${list(n)}}}]<|tools_suffix|>`],
      [
        'muse_glimmer',
        (n) =>
          `<|start|>assistant to=f<|message|><atem:invoke name="f"><atem:parameter name="a">${list(n)}</atem:parameter></atem:invoke><|eom|>`,
      ],
      [
        'inkling',
        (n) =>
          `<|content_invoke_tool_json|>{"name": "f", "args": {"a": ${list(n)}}}<|end_message|>`,
      ],
      [
        'k2_horizon',
        (n) =>
          `<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>a</ifm|arg_key><ifm|arg_value>${list(n)}</ifm|arg_value></ifm|tool_call></ifm|tool_calls>`,
      ],
      [
        'plamo3',
        (n) =>
          `<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": ${list(n)}}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>`,
      ],
      [
        'nemotron_json',
        (n) => `<TOOLCALL>[{"name": "f", "arguments": {"a": ${list(n)}}}]</TOOLCALL>`,
      ],
      [
        'solar_open2',
        (n) =>
          `<|tool_call:start|>f\n<|tool_arg:start|>a<|tool_arg:value|>${list(n)}<|tool_arg:end|>\n<|tool_call:end|>`,
      ],
      [
        'hy_v3',
        (n) =>
          `<tool_calls><tool_call>f<tool_sep><arg_key>a</arg_key><arg_value>${list(n)}</arg_value></tool_call></tool_calls>`,
      ],
      [
        'kimi_k3',
        (n) =>
          `<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|><|open|>argument key="a" type="array"<|sep|>${list(n)}<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`,
      ],
    ];
    for (const [format, output] of outputs) {
      const parser = createParser({
        formats: [format],
        tools: [
          {
            name: 'f',
            effect: 'read',
            parameters: { type: 'object', properties: { a: { type: 'array' } } },
          },
        ],
        limits: { maxDepth: 4 },
      });
      expect([format, parser.parse(output(3)).calls.length]).toEqual([format, 1]);
      const over = parser.parse(output(4));
      expect([format, over.calls.length, reasons(over), codes(over)]).toEqual([
        format,
        0,
        ['too-large'],
        ['too-deep'],
      ]);
    }
  });

  describe('a bare JSON candidate nested past maxDepth', () => {
    // Arguments {"a": {"a": ...}} twelve levels deep: past a maxDepth of 4 even with the levels
    // a wrapper is allowed, so the reader stops before it can tell a call from data.
    const deep = JSON.parse(`${'{"a":'.repeat(12)}1${'}'.repeat(12)}`) as object;
    // The format that claims it when forced, the one that claims it in auto mode, the output.
    const call = (key: string, value: object) => JSON.stringify({ [key]: 'f', arguments: value });
    const candidates: [FormatId, FormatId, string][] = [
      ['json_block', 'json_block', call('tool', deep)],
      ['json_block', 'json_block', `\`\`\`json\n${call('tool', deep)}\n\`\`\``],
      // llama3_json comes first in auto mode and reads a name and arguments too.
      ['json_block', 'llama3_json', call('name', deep)],
      [
        'openai_json',
        'openai_json',
        JSON.stringify({ tool_calls: [{ function: { name: 'f', arguments: deep } }] }),
      ],
      ['llama3_json', 'llama3_json', JSON.stringify({ name: 'f', parameters: deep })],
      ['xlam', 'xlam', JSON.stringify([{ name: 'f', arguments: deep }])],
    ];
    const options = (formats: 'auto' | FormatId[]) => ({
      formats,
      tools: [{ name: 'f', parameters: { type: 'object' } }],
      limits: { maxDepth: 4 },
    });

    it.each(candidates)(
      'should keep it as content and say too-deep in %s, forced, and in %s in auto mode (%#)',
      (forced, auto, text) => {
        for (const [formats, format] of [
          [[forced], forced],
          ['auto', auto],
        ] as const) {
          const result = createParser(options(formats === 'auto' ? 'auto' : [...formats])).parse(
            text,
          );
          expect([formats, result.calls, result.content, codes(result)]).toEqual([
            formats,
            [],
            text,
            ['too-deep'],
          ]);
          expect(result.issues[0]?.message).toContain('maxDepth limit of 4');
          expect(result.rejected.map((rejection) => [rejection.reason, rejection.format])).toEqual([
            ['too-large', format],
          ]);
        }
      },
    );

    it.each(candidates)('should stream to the same result in %s (%#)', (format, _auto, text) => {
      for (const chunker of [whole, unitByUnit, randomChunkings(4, 7)]) {
        for (const deltas of chunker.chunkings(text)) expectEquivalent(options([format]), deltas);
      }
    });

    it('should leave deep data that names no call field as content, without an issue', () => {
      const data = JSON.stringify({ results: [deep, deep] });
      for (const formats of ['auto', ['json_block'], ['openai_json'], ['llama3_json']] as const) {
        const result = createParser(options(formats === 'auto' ? 'auto' : [...formats])).parse(
          data,
        );
        expect([formats, result.content, result.issues, result.rejected]).toEqual([
          formats,
          data,
          [],
          [],
        ]);
      }
      const list = JSON.stringify([deep]);
      expect(createParser(options(['xlam'])).parse(list).issues).toEqual([]);
    });

    it('should not call a bare candidate that never closes too deep (it stays content)', () => {
      const open = JSON.stringify({ name: 'f', arguments: deep }).slice(0, -3);
      for (const format of ['json_block', 'openai_json', 'llama3_json'] as const) {
        const result = createParser(options([format])).parse(open);
        // llama3_json says the output ended inside an object, as it says of any cut-off object.
        expect([format, result.content, result.calls, codes(result).includes('too-deep')]).toEqual([
          format,
          open,
          [],
          false,
        ]);
      }
    });
  });

  it.each(['auto', 'hermes'] as const)(
    'should read the first 128 of 10,000 calls and say too-many-calls in %s mode',
    (mode) => {
      const result = parse(mode, manyCalls(10_000));
      expect(result.calls).toHaveLength(DEFAULT_LIMITS.maxCalls);
      expect(codes(result)).toEqual(['too-many-calls']);
      expect(reasons(result)).toEqual(['too-many-calls']);
    },
  );

  it.each(['auto', 'hermes'] as const)(
    'should refuse a 10 MB argument string as too-large in %s mode',
    (mode) => {
      const result = parse(mode, bigArgument(10 * MB));
      expect(result.calls).toEqual([]);
      expect(
        result.rejected.map((rejection) => [rejection.reason, rejection.envelope.error]),
      ).toEqual([['too-large', 'too_large']]);
    },
  );

  it.each(['auto', 'qwen3_coder'] as const)(
    'should not throw on one section with 190,000 unreadable functions in %s mode',
    (mode) => {
      // More issues than a spread can pass as arguments (V8 stops near 120,000): each function
      // without a name is one (a named function is one refused call, however broken inside).
      const text = `<tool_call>\n${'<function=>'.repeat(190_000)}`;
      const result = parse(mode, text);
      // Every one was read (the gate saw them all); the list keeps maxIssues and counts the rest.
      expect(codes(result)).toEqual(['malformed-tool-call', 'too-many-issues']);
      expect(result.issues).toHaveLength(DEFAULT_LIMITS.maxIssues + 1);
      const dropped = Number(
        /the other (\d+) were dropped/.exec(result.issues.at(-1)!.message)?.[1],
      );
      expect(dropped + DEFAULT_LIMITS.maxIssues).toBeGreaterThan(150_000);
      expect(result.rejected).toHaveLength(DEFAULT_LIMITS.maxCalls);
      const stream = parsers.get(mode)!.stream();
      const events = [stream.push(text), stream.end()].flat();
      expect(events.filter((event) => event.type === 'tool-call-end')).toHaveLength(
        DEFAULT_LIMITS.maxCalls,
      );
    },
  );

  it('should refuse an output over maxOutputSize without reading it', () => {
    const parser = createParser({ limits: { maxOutputSize: 1000 } });
    const result = parser.parse(manyCalls(20));
    expect(result).toMatchObject({ calls: [], rejected: [], content: '', syntaxSeen: false });
    expect(codes(result)).toEqual(['too-large']);
  });

  it('should read a line of repeated keys by its last key (ReAct, text KV) and a call tag after a stray one', () => {
    const names = (mode: Mode, text: string): string[] =>
      parse(mode, text).calls.map((call) => call.name);
    expect(names('react', 'Action: Action: f\nAction Input: {}')).toEqual(['f']);
    expect(names('react', 'Thought: a Thought: b\nAction: f\nAction Input: {}')).toEqual(['f']);
    expect(parse('react', 'Thought: a Thought: b\nAction: f\nAction Input: {}').reasoning).toBe(
      'b',
    );
    expect(names('text_kv', 'function.name: function.name: f\nfunction.arguments: {}')).toEqual([
      'f',
    ]);
    expect(
      names('markup', '<tool_call ><tool_call name="f"><arguments>{}</arguments></tool_call>'),
    ).toEqual(['f']);
  });

  it('should never execute a markup call cut short by another call tag', () => {
    const result = parse(
      'markup',
      '<tool_call name="delete_file"><tool_call name="f"></tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['f']);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['delete_file', 'incomplete'],
    ]);
  });
});

/**
 * For each format, a corpus case with one call and a string argument written once in its input:
 * the format's own syntax, from which the hostile variants are made.
 */
function oneCallCase(
  format: FormatId,
  cases: readonly CorpusCase[],
): { entry: CorpusCase; value: string } | undefined {
  for (const entry of cases) {
    if (entry.format !== format || entry.expected?.calls?.length !== 1) continue;
    const value = Object.values(entry.expected.calls[0]!.arguments).find(
      (item): item is string =>
        typeof item === 'string' && item.length >= 3 && entry.input.split(item).length === 2,
    );
    if (value !== undefined) return { entry, value };
  }
  return undefined;
}

const corpus = readCorpus();
const perFormat = formatIds.flatMap((format) => {
  const found = oneCallCase(format, corpus);
  return found === undefined ? [] : [{ format, ...found }];
});
/** Formats that read only a whole-output payload (or one list): repeating it is no longer that. */
const WHOLE_OUTPUT: ReadonlySet<string> = new Set(['openai_json', 'json_block', 'xlam']);

describe.skipIf(perFormat.length === 0)("limits in each format's own syntax (corpus)", () => {
  it.each(perFormat)(
    'should cap 10,000 $format calls at 128 with too-many-calls',
    ({ format, entry }) => {
      const text = `${entry.input}\n`.repeat(10_000);
      const result = parse(format, text);
      if (WHOLE_OUTPUT.has(format)) {
        expect(result.calls.length).toBeLessThanOrEqual(1);
        return;
      }
      expect(result.calls).toHaveLength(DEFAULT_LIMITS.maxCalls);
      expect(codes(result)).toContain('too-many-calls');
      expect(reasons(result)).toEqual(['too-many-calls']);
    },
  );

  // The 10 MB case runs above in hermes and auto mode; here the limit is lowered to 64 KiB so the
  // same path is checked in every syntax without parsing 10 MB 37 times.
  it.each(perFormat)(
    'should refuse a $format call whose argument is over maxCallSize as too-large',
    ({ format, entry, value }) => {
      const limits = { maxCallSize: 64 * 1024 };
      const text = entry.input.replace(value, 'x'.repeat(128 * 1024));
      const result = createParser({ formats: [format], limits }).parse(text);
      expect(result.calls).toEqual([]);
      expect(reasons(result)).toEqual(['too-large']);
      expect(createParser({ limits }).parse(text).calls).toEqual([]);
    },
  );
});
