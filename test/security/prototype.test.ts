/**
 * Prototype pollution: `__proto__`, `constructor` and `prototype` written by a model, anywhere a
 * syntax lets it name a key (JSON, Python keyword arguments, XML parameter names, gemma4 keys,
 * markup element names), stay data or are refused; `Object.prototype` never changes.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser, formatIds } from '../../src/index.js';
import type { FormatId, ToolCall } from '../../src/index.js';
import { markerSoup, mutate, mutations } from '../fuzz/arbitraries.js';
import { readCorpus } from '../fuzz/corpus.js';
import { checkResult } from '../fuzz/invariants.js';

const DANGEROUS = ['__proto__', 'constructor', 'prototype'] as const;

/** Every own property of `Object.prototype` (and of `Function.prototype`, `Array.prototype`) with its descriptor. */
function snapshot(): Map<string, PropertyDescriptor | undefined> {
  const entries = new Map<string, PropertyDescriptor | undefined>();
  for (const [label, target] of [
    ['Object', Object.prototype],
    ['Array', Array.prototype],
    ['Function', Function.prototype],
  ] as const) {
    for (const key of Reflect.ownKeys(target)) {
      entries.set(`${label}.${String(key)}`, Object.getOwnPropertyDescriptor(target, key));
    }
  }
  return entries;
}

let before: Map<string, PropertyDescriptor | undefined>;
beforeAll(() => {
  before = snapshot();
});
afterAll(() => {
  // Every test of this file ran in between: not one key added, removed or redefined.
  expect(snapshot()).toEqual(before);
});

/** A key is data on `value` when it is an own enumerable property and the prototype is untouched. */
function expectOwnData(value: Record<string, unknown>, key: string): void {
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  expect(descriptor?.enumerable).toBe(true);
  expect(Object.keys(value)).toContain(key);
}

/** Calls whose arguments carry `key`, written in each syntax that lets a model name a key. */
const WRITTEN: readonly { format: FormatId; text: (key: string) => string }[] = [
  {
    format: 'hermes',
    text: (key) => `<tool_call>{"name": "f", "arguments": {"${key}": {"polluted": 1}}}</tool_call>`,
  },
  {
    format: 'hermes',
    text: (key) => `<tool_call>{'name': 'f', 'arguments': {${key}: {'polluted': 1},}}</tool_call>`,
  },
  { format: 'pythonic', text: (key) => `[f(${key}={"polluted": 1})]` },
  {
    format: 'qwen3_coder',
    text: (key) =>
      `<tool_call>\n<function=f>\n<parameter=${key}>\n{"polluted": 1}\n</parameter>\n</function>\n</tool_call>`,
  },
  {
    format: 'glm45',
    text: (key) =>
      `<tool_call>f\n<arg_key>${key}</arg_key>\n<arg_value>{"polluted": 1}</arg_value>\n</tool_call>`,
  },
  {
    format: 'hy_v3',
    text: (key) =>
      `<tool_calls><tool_call>f<tool_sep><arg_key>${key}</arg_key><arg_value>{"polluted": 1}</arg_value></tool_call></tool_calls>`,
  },
  {
    format: 'muse_glimmer',
    text: (key) =>
      `<|start|>assistant to=f<|message|><atem:invoke name="f"><atem:parameter name="${key}">{"polluted": 1}</atem:parameter></atem:invoke><|eom|>`,
  },
  {
    format: 'plamo3',
    text: (key) =>
      `<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"${key}": {"polluted": 1}}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>`,
  },
  {
    format: 'k2_horizon',
    text: (key) =>
      `<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>${key}</ifm|arg_key><ifm|arg_value>{"polluted": 1}</ifm|arg_value></ifm|tool_call></ifm|tool_calls>`,
  },
  {
    format: 'solar_open2',
    text: (key) =>
      `<|tool_call:start|>f\n<|tool_arg:start|>${key}<|tool_arg:value|>{"polluted": 1}<|tool_arg:end|>\n<|tool_call:end|>`,
  },
  {
    format: 'minimax_m2',
    text: (key) =>
      `<minimax:tool_call>\n<invoke name="f">\n<parameter name="${key}">{"polluted": 1}</parameter>\n</invoke>\n</minimax:tool_call>`,
  },
  {
    format: 'dots',
    text: (key) =>
      `<dots_function_call>{"name": "f", "arguments": {"${key}": {"polluted": 1}}}</dots_function_call>`,
  },
  {
    format: 'gigachat35',
    text: (key) =>
      `<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="${key}" string="false">{"polluted": 1}</｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>`,
  },
  {
    format: 'markup',
    text: (key) =>
      `<tool_call name="f"><arguments><${key}><polluted>1</polluted></${key}></arguments></tool_call>`,
  },
  {
    format: 'markup',
    text: (key) => `<invoke name="f"><parameter name="${key}">{"polluted": 1}</parameter></invoke>`,
  },
  { format: 'gemma4', text: (key) => `<|tool_call>call:f{${key}:{polluted:1}}<tool_call|>` },
  {
    format: 'inkling',
    text: (key) =>
      `<|content_invoke_tool_json|>{"name": "f", "args": {"${key}": {"polluted": 1}}}<|end_message|>`,
  },
  {
    format: 'nemotron_json',
    text: (key) => `<TOOLCALL>[{"name": "f", "arguments": {"${key}": {"polluted": 1}}}]</TOOLCALL>`,
  },
  {
    format: 'apertus',
    text: (key) => `<|tools_prefix|>[{"f": {"${key}": {"polluted": 1}}}]<|tools_suffix|>`,
  },
  {
    format: 'functiongemma',
    text: (key) => `<start_function_call>call:f{${key}:{polluted:1}}<end_function_call>`,
  },
  {
    format: 'kimi_k2',
    text: (key) =>
      `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"${key}": {"polluted": 1}}<|tool_call_end|><|tool_calls_section_end|>`,
  },
  { format: 'mistral', text: (key) => `[TOOL_CALLS]f[ARGS]{"${key}": {"polluted": 1}}` },
  {
    format: 'lfm2',
    text: (key) => `<|tool_call_start|>[f(${key}={"polluted": 1})]<|tool_call_end|>`,
  },
];

describe.each(WRITTEN)('a key written in $format', ({ format, text }) => {
  it.each(DANGEROUS)(
    'should keep %s as an own data property of the arguments, or refuse the call',
    (key) => {
      const result = createParser({ formats: [format] }).parse(text(key));
      const calls: ToolCall[] = result.calls;
      expect(calls.length + result.rejected.length).toBeGreaterThan(0);
      for (const call of calls) {
        expectOwnData(call.arguments, key);
        expect(JSON.parse(JSON.stringify(call.arguments))).toEqual(call.arguments);
      }
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    },
  );
});

describe('a tool named like a prototype key', () => {
  it.each(DANGEROUS)('should never resolve %s to anything but a tool of that exact name', (key) => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [{ name: 'get_weather', effect: 'read', parameters: { type: 'object' } }],
      policy: { nameMatching: 'ladder' },
    });
    const result = parser.parse(`<tool_call>{"name": "${key}", "arguments": {}}</tool_call>`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['unknown-tool']);
  });

  it('should validate arguments carrying __proto__ against the schema as an ordinary key', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'get_weather',
          effect: 'write',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string' } },
            required: ['city'],
          },
        },
      ],
    });
    const result = parser.parse(
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo", "__proto__": {"isAdmin": true}}}</tool_call>',
    );
    // A write tool's arguments are closed: the extra key is refused, not merged into a prototype.
    expect(result.calls).toEqual([]);
    expect(
      result.rejected.map((rejection) => [rejection.reason, rejection.envelope.field]),
    ).toEqual([['schema-violation', '/__proto__']]);
  });
});

describe('the whole corpus and a fuzz run', () => {
  const corpus = readCorpus();
  const modes: readonly ('auto' | FormatId)[] = ['auto', ...formatIds];
  const parsers = new Map(
    modes.map((mode) => [mode, createParser({ formats: mode === 'auto' ? 'auto' : [mode] })]),
  );
  // Every dangerous key in place of each argument key the corpus writes: JSON keys, keyword
  // arguments, parameter names and element names alike.
  const poisoned = corpus.flatMap((entry) =>
    Object.keys(entry.expected?.calls?.[0]?.arguments ?? {})
      .filter((key) => key.length >= 3 && entry.input.includes(key))
      .slice(0, 1)
      .flatMap((key) =>
        DANGEROUS.map((danger) => ({ entry, text: entry.input.split(key).join(danger) })),
      ),
  );

  it.skipIf(corpus.length === 0)(
    'should leave every prototype unchanged after every corpus case in every mode',
    () => {
      const start = snapshot();
      for (const entry of corpus) for (const parser of parsers.values()) parser.parse(entry.input);
      const problems: string[] = [];
      for (const { entry, text } of poisoned) {
        for (const [mode, parser] of parsers) {
          // checkResult refuses arguments whose objects have any prototype but Object.prototype.
          for (const problem of checkResult(text, parser.parse(text), undefined)) {
            problems.push(`${entry.id} (${mode}): ${problem.message}`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(snapshot()).toEqual(start);
      expect(poisoned.length).toBeGreaterThan(100);
    },
  );

  it.skipIf(corpus.length === 0)(
    'should keep the dangerous keys of the poisoned corpus as own data',
    () => {
      let seen = 0;
      for (const { text } of poisoned) {
        for (const call of parsers.get('auto')!.parse(text).calls) {
          for (const key of DANGEROUS) {
            if (Object.hasOwn(call.arguments, key)) {
              expectOwnData(call.arguments, key);
              seen += 1;
            }
          }
        }
      }
      expect(seen).toBeGreaterThan(50);
    },
  );

  it('should leave every prototype unchanged after marker soup and mutated outputs in every mode', () => {
    const start = snapshot();
    const sample =
      corpus.length === 0
        ? ['<tool_call>{"name": "f", "arguments": {"__proto__": {"a": 1}}}</tool_call>']
        : corpus.map((entry) => entry.input);
    fc.assert(
      fc.property(
        markerSoup,
        mutations,
        fc.nat(),
        fc.constantFrom(...modes),
        (soup, list, index, mode) => {
          const parser = parsers.get(mode)!;
          parser.parse(soup);
          parser.parse(mutate(sample[index % sample.length]!, list));
          const stream = parser.stream();
          stream.push(soup);
          stream.end();
        },
      ),
      { numRuns: 500, seed: 7 },
    );
    expect(snapshot()).toEqual(start);
  });
});
