import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { FormatId, ParserOptions } from '../../src/index.js';
import { everyTwoWaySplit, unitByUnit } from '../helpers/chunkers.js';
import { expectEquivalent, expectEveryChunking } from '../stream/equivalence.js';

const keep = { keepInContent: true } as const;

/** Outputs whose reasoning a `keepInContent` parser reports in content as written. */
const kept: {
  name: string;
  formats: 'auto' | FormatId[];
  reasoning?: ParserOptions['reasoning'];
  input: string;
  content: string;
  calls: string[];
}[] = [
  {
    name: 'a <think> block before a hermes call',
    formats: ['hermes'],
    input:
      '<think>The user wants Ghent.</think>On it.<tool_call>{"name":"lookup","arguments":{"q":"Ghent"}}</tool_call>',
    content: '<think>The user wants Ghent.</think>On it.',
    calls: ['lookup'],
  },
  {
    name: 'text before an orphan </think> (the template opened the block)',
    formats: ['hermes'],
    input: 'Pondering the units.</think>\n\nCelsius it is.',
    content: 'Pondering the units.</think>\n\nCelsius it is.',
    calls: [],
  },
  {
    name: "mistral's [THINK] block, tags included",
    formats: ['mistral'],
    input: '[THINK]Two cities, two calls.[/THINK]Sure.',
    content: '[THINK]Two cities, two calls.[/THINK]Sure.',
    calls: [],
  },
  {
    name: "seed_oss's <seed:think> block before its call",
    formats: ['seed_oss'],
    input:
      '<seed:think>Need the forecast.</seed:think><seed:tool_call><function=forecast><parameter=days>3</parameter></function></seed:tool_call>',
    content: '<seed:think>Need the forecast.</seed:think>',
    calls: ['forecast'],
  },
  {
    name: 'an unclosed <think> runs to the end and stays content',
    formats: 'auto',
    input: 'Hi. <think>still going',
    content: 'Hi. <think>still going',
    calls: [],
  },
];

describe('reasoning.keepInContent', () => {
  it.each(kept)('should keep $name in content', ({ formats, input, content, calls }) => {
    const result = createParser({ formats, reasoning: keep }).parse(input);
    expect(result.content).toBe(content);
    expect(result.reasoning).toBe('');
    expect(result.calls.map((call) => call.name)).toEqual(calls);
  });

  it.each(kept)('should split reasoning out by default for $name', ({ formats, input }) => {
    const result = createParser({ formats }).parse(input);
    expect(result.reasoning).not.toBe('');
  });

  it.each(kept)(
    'should stream $name to the same result under every chunking',
    ({ formats, input }) => {
      const options: ParserOptions = { formats, reasoning: keep };
      for (const chunker of [unitByUnit, everyTwoWaySplit(2048)]) {
        for (const deltas of chunker.chunkings(input)) expectEquivalent(options, deltas);
      }
    },
  );

  it('should still never turn tool syntax inside reasoning into a call', () => {
    const input =
      '<think>maybe <tool_call>{"name":"wipe","arguments":{}}</tool_call>? no.</think>Done.';
    const result = createParser({ formats: ['hermes'], reasoning: keep }).parse(input);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.content).toBe(input);
  });

  it('should keep a harmony analysis message as written, its tokens included', () => {
    const analysis = '<|channel|>analysis<|message|>Check Paris.<|end|>';
    const input = `${analysis}<|start|>assistant<|channel|>commentary to=functions.weather <|constrain|>json<|message|>{"city":"Paris"}<|call|>`;
    const split = createParser({ formats: ['harmony'] }).parse(input);
    const kept = createParser({ formats: ['harmony'], reasoning: keep }).parse(input);
    expect(split.reasoning).toBe('Check Paris.');
    expect(kept.reasoning).toBe('');
    expect(kept.content).toBe(`${analysis}${split.content}`);
    expect(kept.calls.map((call) => call.arguments)).toEqual([{ city: 'Paris' }]);
  });
});

describe('reasoning.prefilled', () => {
  const prefilled = { prefilled: true } as const;
  const call = '<tool_call>{"name":"lookup","arguments":{"q":"Liège"}}</tool_call>';

  it.each([
    [
      'text before the first call',
      `Checking the map.\n${call} Found it.`,
      'Checking the map.\n',
      ' Found it.',
      1,
    ],
    ['a call-less output', 'Still weighing the options.', 'Still weighing the options.', '', 0],
    ['a call right away', `${call}`, '', '', 1],
  ])(
    'should read %s as reasoning when no reasoning token was written',
    (_, input, reasoning, content, calls) => {
      const result = createParser({ formats: ['hermes'], reasoning: prefilled }).parse(input);
      expect(result.reasoning).toBe(reasoning);
      expect(result.content).toBe(content);
      expect(result.calls).toHaveLength(calls);
    },
  );

  it.each([
    ['an orphan </think>', `Plan.</think>Answer first. ${call}`, 'Plan.', 'Answer first. '],
    [
      'a written <think> block',
      `<think>Plan.</think>Answer first. ${call}`,
      'Plan.',
      'Answer first. ',
    ],
  ])('should follow the tokens the model wrote: %s', (_, input, reasoning, content) => {
    const result = createParser({ formats: ['hermes'], reasoning: prefilled }).parse(input);
    expect(result.reasoning).toBe(reasoning);
    expect(result.content).toBe(content);
  });

  it('should leave content before the first call as content by default', () => {
    const result = createParser({ formats: ['hermes'] }).parse(`Checking the map.\n${call}`);
    expect(result.content).toBe('Checking the map.\n');
    expect(result.reasoning).toBe('');
  });

  it("should turn a refused call's preamble into reasoning too, and stream the same", () => {
    const tools = [{ name: 'other', parameters: { type: 'object' } }];
    const input = `Maybe lookup.\n${call} then text`;
    const result = createParser({ formats: ['hermes'], tools, reasoning: prefilled }).parse(input);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['unknown-tool']);
    expect(result.reasoning).toBe('Maybe lookup.\n');
    expect(result.content).toBe(' then text');
    for (const chunker of [unitByUnit, everyTwoWaySplit(2048)]) {
      for (const deltas of chunker.chunkings(input)) {
        expectEquivalent({ formats: ['hermes'], tools, reasoning: prefilled }, deltas);
      }
    }
  });

  it('should keep the text after a section that read no call as reasoning, in parse and stream', () => {
    // The section is refused whole (no call in it): the model has not called yet.
    const input = 'Thinking.\n<tool_call>not a call</tool_call> still thinking';
    const result = createParser({ formats: ['hermes'], reasoning: prefilled }).parse(input);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['malformed']);
    expect(result.reasoning).toBe('Thinking.\n still thinking');
    expect(result.content).toBe('');
    expectEveryChunking({ formats: ['hermes'], reasoning: prefilled }, input);
  });

  it.each([`Checking the map.\n${call} Found it.`, 'No call at all.', `Plan.</think>Then ${call}`])(
    'should stream %j to the same result under every chunking',
    (input) => {
      for (const formats of [['hermes'] as FormatId[], 'auto' as const]) {
        for (const chunker of [unitByUnit, everyTwoWaySplit(2048)]) {
          for (const deltas of chunker.chunkings(input)) {
            expectEquivalent({ formats, reasoning: prefilled }, deltas);
          }
        }
      }
    },
  );
});

describe('the reasoning option', () => {
  it.each([
    [{ reasoning: 'none' }, /"reasoning" must be an object/],
    [{ reasoning: { keepInContent: 'yes' } }, /"keepInContent" must be true or false; got "yes"/],
    [{ reasoning: { startsInside: 1 } }, /"startsInside" must be true or false; got 1/],
    [
      { reasoning: { inline: true } },
      /unknown reasoning option "inline". Known options: startsInside, keepInContent, prefilled/,
    ],
    [{ reasoning: { prefilled: true, startsInside: false } }, /drop startsInside: false/],
  ])('should refuse %j with a TypeError that says how to fix it', (options, message) => {
    expect(() => createParser(options as unknown as ParserOptions)).toThrow(TypeError);
    expect(() => createParser(options as unknown as ParserOptions)).toThrow(message);
  });
});
