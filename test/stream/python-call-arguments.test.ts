/**
 * lfm2's and olmo3's first Python call streams from its `(`: the start goes out once `NAME(` has arrived,
 * a plain string value unit by unit, any other value once it ends (read by the grammar and the
 * lowering themselves), so what was sent is what `parse` reads, in canonical JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import { everyTwoWaySplit, split, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent, expectEveryChunking } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'set_alarm',
    parameters: {
      type: 'object',
      properties: { time: { type: 'string' }, days: { type: 'array' }, loud: { type: 'boolean' } },
    },
  },
];

const list = (calls: string, after = ']<|tool_call_end|>'): string =>
  `Setting it.<|tool_call_start|>[${calls}${after}`;

const CASES: { label: string; text: string }[] = [
  {
    label: 'a string, a list and a constant',
    text: list('set_alarm(time="07:30", days=["mon", "tue"], loud=True)'),
  },
  {
    label: 'single quotes, blanks and a trailing comma',
    text: list("set_alarm( time = '07:30' , )"),
  },
  {
    label: 'escapes in a string',
    text: list('set_alarm(time="07\\x3a30\\n", note="say \\"up\\"")'),
  },
  {
    label: 'raw, byte and triple-quoted strings',
    text: list('set_alarm(a=r"\\d", b=b\'x\', c="""q"q""")'),
  },
  {
    label: 'numbers as Python writes them',
    text: list('set_alarm(a=1_000, b=-2.5e3, c=0x1F, d=.5)'),
  },
  {
    label: 'nested values with commas and parentheses inside',
    text: list('set_alarm(a={"k": (1, 2), "j": [3, "a,b)"]}, b=None)'),
  },
  {
    label: 'a surrogate pair and a lone surrogate',
    text: list('set_alarm(time="\ud83d\ude00 \ud83d")'),
  },
  { label: 'no arguments, then a second call', text: list('stop_alarm(), set_alarm(time="8")') },
  {
    label: 'calls one a line, without commas',
    text: list('set_alarm(time="7")\n stop_alarm() set_alarm(time="8")'),
  },
  { label: 'a positional argument', text: list('set_alarm("07:30")') },
  { label: 'a keyword written twice', text: list('set_alarm(time="1", time="2")') },
  { label: 'cut off inside a string', text: list('set_alarm(time="07:', '') },
  {
    label: 'stray text after the list',
    text: list('set_alarm(time="7")', '] later<|tool_call_end|>'),
  },
  { label: 'a JSON list', text: list('{"name": "set_alarm", "arguments": {"time": "7"}}') },
];

const SETTINGS: { label: string; options: ParserOptions }[] = [
  { label: 'forced', options: { formats: ['lfm2'], reasoning: { startsInside: false } } },
  { label: 'auto', options: { reasoning: { startsInside: false } } },
  {
    label: 'forced, with tools',
    options: { formats: ['lfm2'], reasoning: { startsInside: false }, tools: TOOLS },
  },
];

/** The argument deltas among `events`, joined. */
function sent(events: readonly StreamEvent[]): string {
  return events
    .flatMap((event) => (event.type === 'tool-call-delta' ? [event.argumentsDelta] : []))
    .join('');
}

describe("stream: lfm2 Python call arguments from the call's (", () => {
  for (const { label: setting, options } of SETTINGS) {
    for (const { label, text } of CASES) {
      it(`should fold to parse for ${label} (${setting})`, () => {
        const chunkers =
          setting === 'forced' ? [whole, unitByUnit, everyTwoWaySplit()] : [whole, unitByUnit];
        for (const chunker of chunkers) {
          for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
        }
      });
    }
  }

  it('should start the call at its ( and send each value as it becomes certain', () => {
    const options: ParserOptions = { formats: ['lfm2'], reasoning: { startsInside: false } };
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const push = (text: string): StreamEvent[] => [...text].flatMap((unit) => stream.push(unit));
    const atHead = push('<|tool_call_start|>[set_alarm(');
    expect(atHead.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', id: 'call_0', index: 0, name: 'set_alarm' },
    ]);
    // A string streams as it is written; a list waits for its end.
    expect(sent(push('time="07:3'))).toBe('{"time":"07:3');
    expect(sent(push('0", days=["mon"'))).toBe('0","days":');
    expect(sent(push(', "tue"]'))).toBe('');
    expect(sent(push(')'))).toBe('["mon","tue"]}');
  });

  it('should send each escape of a string once it is whole, as the lowering decodes it', () => {
    const options: ParserOptions = { formats: ['lfm2'], reasoning: { startsInside: false } };
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const push = (text: string): StreamEvent[] => [...text].flatMap((unit) => stream.push(unit));
    expect(sent(push('<|tool_call_start|>[save(text="a\\nb'))).toBe('{"text":"a\\nb');
    // `\x4` may still take a digit; the `g` shows it is not an escape the lowering decodes.
    expect(sent(push('\\x4'))).toBe('');
    expect(sent(push('g'))).toBe('\\\\x4g');
    // A `\u` escape giving a high surrogate waits for the pair the next escape gives.
    expect(sent(push('\\ud83d'))).toBe('');
    expect(sent(push('\\ude00")]'))).toBe('\ud83d\ude00"}');
  });

  it('should fold to parse for random argument lists, unit by unit and in pieces', () => {
    const value = fc.constantFrom(
      '"x"',
      "'y'",
      '"a\\nb"',
      '"\\x41"',
      'r"\\d"',
      '"""t"q"""',
      '""',
      '1',
      '-2.5',
      '0x1f',
      'True',
      'None',
      '[1, "a"]',
      '(1,)',
      '(1)',
      '{"k": [1]}',
      '"a,b)c"',
      '[1,',
      'x',
      '1 2',
    );
    const argument = fc.tuple(
      fc.constantFrom('a', 'b', 'a', '__proto__', ''),
      fc.constantFrom('=', ' = ', ''),
      value,
    );
    fc.assert(
      fc.property(
        fc.array(argument, { maxLength: 4 }),
        fc.constantFrom(', ', ','),
        fc.array(fc.nat(), { maxLength: 4 }),
        (args, comma, cuts) => {
          const call = `set_alarm(${args.map(([key, equals, each]) => key + equals + each).join(comma)})`;
          const text = list(call);
          const options: ParserOptions = { formats: ['lfm2'], reasoning: { startsInside: false } };
          expectEquivalent(options, [...text]);
          expectEquivalent(
            options,
            split(
              text,
              cuts.map((point) => point % (text.length + 1)),
            ),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("stream: olmo3 Python call arguments from the call's (", () => {
  const options: ParserOptions = { formats: ['olmo3'], reasoning: { startsInside: false } };
  it.each([
    [
      'calls one a line',
      '<function_calls>set_alarm(time="7", loud=False)\nstop_alarm()</function_calls>',
    ],
    ['a call list', '<function_calls>[set_alarm(days=["mon"]), stop_alarm()]</function_calls>'],
    [
      'a line that is not a call',
      '<function_calls>set_alarm(time="7")\nplease wait</function_calls>',
    ],
    ['cut off inside a value', '<function_calls>set_alarm(time="7'],
  ])('should fold to parse for %s', (_label, text) => {
    for (const settings of [options, { ...options, tools: TOOLS }]) {
      expectEveryChunking(settings, text);
    }
  });

  it('should start the call at its (', () => {
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const events = [...'<function_calls>\nset_alarm(time="0'].flatMap((unit) => stream.push(unit));
    expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', id: 'call_0', index: 0, name: 'set_alarm' },
    ]);
    expect(sent(events)).toBe('{"time":"0');
  });
});
