/**
 * gemma4's first call streams from its `{`: the start goes out once `call:NAME{` has arrived, a
 * `<|"|>` string unit by unit, keys and other values once they end (read by the grammar and the
 * lowering themselves, bare words typed by the tool's schema), so what was sent is what `parse`
 * reads, in canonical JSON. A block its grammar cannot read is its first call, refused by name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import { everyTwoWaySplit, split, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'water_plants',
    parameters: {
      type: 'object',
      properties: {
        zone: { type: 'string' },
        litres: { type: 'number' },
        mode: { enum: ['mist', 'soak'] },
        plan: { type: 'object' },
      },
    },
  },
];

const block = (entries: string, after = '}<tool_call|>'): string =>
  `Watering now.<|tool_call>call:water_plants{${entries}${after}`;

const CASES: { label: string; text: string }[] = [
  {
    label: 'a string, a number and a bare word',
    text: block('zone:<|"|>north bed<|"|>,litres:2.5,mode:soak'),
  },
  {
    label: 'blanks, quoted and JSON keys, a trailing comma',
    text: block(' <|"|>zone<|"|> : <|"|>a<|"|> , "litres":1 ,'),
  },
  {
    label: 'a string holding tags, quotes and a surrogate pair',
    text: block('zone:<|"|>a<b <tool_call|> "q" \\ \ud83d\ude00<|"|>'),
  },
  {
    label: 'nested lists and maps with strings holding commas',
    text: block('plan:{days:[<|"|>mon,tue<|"|>, 2], ok:true},zone:"x\\"y"'),
  },
  { label: "a lone surrogate at a string's end", text: block('zone:<|"|>\ud83d<|"|>') },
  { label: 'a key written twice', text: block('zone:<|"|>a<|"|>,zone:<|"|>b<|"|>') },
  {
    label: 'a key written twice, then a list holding a string',
    text: block('litres:<|"|>a<|"|>,litres:[1, <|"|>x<|"|>]'),
  },
  { label: 'a bare word holding quotes', text: block('mode:a"b,zone:x"y,z"') },
  { label: 'text after a string', text: block('zone:<|"|>a<|"|>b') },
  { label: 'a key without a value', text: block('zone,litres:1') },
  { label: 'cut off inside a string', text: block('zone:<|"|>nor', '') },
  { label: 'cut off inside a map', text: block('plan:{days:[1', '') },
  {
    label: 'no arguments, then a second call',
    text: block('', '}call:water_plants{zone:<|"|>b<|"|>}<tool_call|>'),
  },
];

const SETTINGS: { label: string; options: ParserOptions }[] = [
  { label: 'forced', options: { formats: ['gemma4'], reasoning: { startsInside: false } } },
  { label: 'auto', options: { reasoning: { startsInside: false } } },
  {
    label: 'forced, with tools',
    options: { formats: ['gemma4'], reasoning: { startsInside: false }, tools: TOOLS },
  },
];

/** The argument deltas among `events`, joined. */
function sent(events: readonly StreamEvent[]): string {
  return events
    .flatMap((event) => (event.type === 'tool-call-delta' ? [event.argumentsDelta] : []))
    .join('');
}

describe("stream: gemma4 call arguments from the call's {", () => {
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

  it('should start the call at its { and send each value as it becomes certain', () => {
    const options: ParserOptions = {
      formats: ['gemma4'],
      reasoning: { startsInside: false },
      tools: TOOLS,
    };
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const push = (text: string): StreamEvent[] => [...text].flatMap((unit) => stream.push(unit));
    expect(
      push('<|tool_call>call:water_plants{').filter((event) => event.type === 'tool-call-start'),
    ).toEqual([{ type: 'tool-call-start', id: 'call_0', index: 0, name: 'water_plants' }]);
    // A `<|"|>` string streams as it is written, held only at a `<` that may close it.
    expect(sent(push('zone:<|"|>north <'))).toBe('{"zone":"north ');
    expect(sent(push('b<|"|>'))).toBe('<b"');
    // A number waits for its end; a bare word is typed by the schema once it ends.
    expect(sent(push(',litres:2.5'))).toBe(',"litres":');
    expect(sent(push(',mode: soak }'))).toBe('2.5,"mode":"soak"}');
  });

  it('should refuse an unreadable block by its first call, cut off or not', () => {
    const options: ParserOptions = { formats: ['gemma4'] };
    for (const text of [block('zone:a{b'), block('zone:a{b', '')]) {
      const result = createParser(options).parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((rejection) => rejection.name)).toEqual(['water_plants']);
    }
  });

  it('should fold to parse for random argument maps, unit by unit and in pieces', () => {
    const value = fc.constantFrom(
      '<|"|>a<|"|>',
      '<|"|>a,b}<|"|>',
      '<|"|><|"|>',
      '12',
      '-1.5',
      'true',
      'None',
      'soak',
      ' two words ',
      '"j\\"s"',
      '[1, <|"|>x<|"|>]',
      '{k:[1]}',
      '[1,',
      'a{b',
      '<|x',
    );
    const entry = fc.tuple(
      fc.constantFrom('zone', 'litres', 'mode', '<|"|>q<|"|>', '"j"', ''),
      fc.constantFrom(':', ' : ', ''),
      value,
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 4 }),
        fc.constantFrom(',', ', '),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        (entries, comma, tools, cuts) => {
          const text = block(entries.map(([key, colon, each]) => key + colon + each).join(comma));
          const options: ParserOptions = {
            formats: ['gemma4'],
            reasoning: { startsInside: false },
            ...(tools ? { tools: TOOLS } : {}),
          };
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
