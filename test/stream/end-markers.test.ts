/**
 * A syntax that promises end markers (`Format.endMarkers`) has its section decided the moment the
 * end marker arrives: the call's end comes in that push, not some text later, in forced and in
 * auto mode. In auto mode the formats sharing the marker that turn down the first unit after it
 * (`Format.mayOpen`) are dropped at once, so a hermes call is hermes' alone and also starts early.
 */
import { describe, expect, it, vi } from 'vitest';
import { formats } from '../../src/formats/index.js';
import { createParser, foldEvents, type StreamEvent } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';

const PROSE = '\nThat was the call; some prose follows it, long enough for any wait to show.';

/** One call in each syntax, the section closed by its end marker, prose after. */
const CASES: { format: FormatId; end: string; text: string; forcedOnly?: true }[] = [
  {
    format: 'hermes',
    end: '</tool_call>',
    text: 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ghent"}}\n</tool_call>',
  },
  {
    format: 'qwen3_coder',
    end: '</tool_call>',
    text: '<tool_call>\n<function=convert>\n<parameter=amount>\n12\n</parameter>\n</function>\n</tool_call>',
  },
  {
    format: 'glm45',
    end: '</tool_call>',
    text: 'Sure.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Ghent</arg_value>\n</tool_call>',
  },
  {
    format: 'kimi_k2',
    end: '<|tool_calls_section_end|>',
    text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Ghent"}<|tool_call_end|><|tool_calls_section_end|>',
  },
  {
    format: 'longcat',
    end: '</longcat_tool_call>',
    text: '<longcat_tool_call>{"name": "book_table", "arguments": {"guests": 4}}</longcat_tool_call>',
  },
  {
    format: 'jamba',
    end: '</tool_calls>',
    text: '<tool_calls>[{"name": "quote", "arguments": {"symbol": "X"}}]</tool_calls>',
    // `<tool_calls>` also opens hunyuan_a13b, which reads on after its close tag: auto mode waits.
    forcedOnly: true,
  },
  {
    format: 'seed_oss',
    end: '</seed:tool_call>',
    text: '<seed:tool_call>\n<function=lookup>\n<parameter=id>\n7\n</parameter>\n</function>\n</seed:tool_call>',
  },
  {
    format: 'minimax_m2',
    end: '</minimax:tool_call>',
    text: '<minimax:tool_call>\n<invoke name="lookup">\n<parameter name="id">7</parameter>\n</invoke>\n</minimax:tool_call>',
  },
];

/** Streams one unit at a time; the unit count after which each event came. */
function unitByUnit(
  parser: ReturnType<typeof createParser>,
  text: string,
): { events: StreamEvent[]; at: number[] } {
  const stream = parser.stream();
  const events: StreamEvent[] = [];
  const at: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    for (const event of stream.push(text.charAt(index))) {
      events.push(event);
      at.push(index + 1);
    }
  }
  for (const event of stream.end()) {
    events.push(event);
    at.push(Number.POSITIVE_INFINITY);
  }
  return { events, at };
}

describe.each([
  ['forced', CASES, (format: FormatId) => ({ formats: [format] })],
  ['auto', CASES.filter((sample) => sample.forcedOnly !== true), () => ({})],
])('a section with an end marker (%s)', (_mode, cases, formatsFor) => {
  it.each(cases)('$format: should end its call in the push that completes $end', (sample) => {
    const options = {
      ...formatsFor(sample.format),
      ids: 'sequential',
      reasoning: { startsInside: false },
    } as const;
    const text = sample.text + PROSE;
    const parsed = createParser(options).parse(text);
    expect(parsed.calls).toHaveLength(1);
    const { events, at } = unitByUnit(createParser(options), text);
    const closed = text.indexOf(sample.end) + sample.end.length;
    const end = events.findIndex((event) => event.type === 'tool-call-end');
    expect(at[end]).toBe(closed);
    expect(foldEvents(events).calls).toEqual(parsed.calls);
  });
});

describe('a hermes call in auto mode', () => {
  it('should start before its closing tag and end at it, among other syntaxes sharing the tag', () => {
    const options = { ids: 'sequential', reasoning: { startsInside: false } } as const;
    const call = '<tool_call>{"name": "f", "arguments": {"q": "a long enough query"}}</tool_call>';
    const text = `Two calls.\n${call}\n${call}${PROSE}`;
    const { events, at } = unitByUnit(createParser(options), text);
    const starts = events.flatMap((event, index) =>
      event.type === 'tool-call-start' ? [at[index]] : [],
    );
    const ends = events.flatMap((event, index) =>
      event.type === 'tool-call-end' ? [at[index]] : [],
    );
    const first = text.indexOf('</tool_call>') + '</tool_call>'.length;
    const second = text.lastIndexOf('</tool_call>') + '</tool_call>'.length;
    expect(ends).toEqual([first, second]);
    // Each started from its head, before its arguments were complete.
    expect(starts).toHaveLength(2);
    expect(starts[0]).toBeLessThan(text.indexOf('query'));
    expect(foldEvents(events).calls).toEqual(createParser(options).parse(text).calls);
  });
});

describe('end markers inside a section some candidate reads past', () => {
  it('should run the grammars for the first one only, then on the retry schedule', () => {
    // hunyuan_a13b shares `<tool_calls>`, promises no end marker and reads on after its close
    // tag; jamba and minimax promise `</tool_calls>`. Each of these close tags ran every grammar
    // over all the held text, quadratic in the run's length.
    const reads = vi.spyOn(formats.hunyuan_a13b, 'parseAt');
    try {
      const text = `<tool_calls>[{"name": "f", "arguments": {}}]${'</tool_calls>'.repeat(2000)}`;
      const stream = createParser({ reasoning: { startsInside: false } }).stream();
      for (let index = 0; index < text.length; index += 16)
        stream.push(text.slice(index, index + 16));
      stream.end();
      // A geometric schedule over 26,000 units: a few dozen runs, not one per close tag.
      expect(reads.mock.calls.length).toBeGreaterThan(0);
      expect(reads.mock.calls.length).toBeLessThan(60);
    } finally {
      reads.mockRestore();
    }
  });
});
