import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import type { FormatId, ParseResult } from '../../src/index.js';
import { createIdGenerator, createOwnIds, drawUnique } from '../../src/ids.js';
import { expectEquivalent } from '../stream/equivalence.js';
import {
  everyTwoWaySplit,
  randomChunkings,
  split,
  unitByUnit,
  whole,
} from '../helpers/chunkers.js';

const kimiCall = (id: string, a: number): string =>
  `<|tool_call_begin|>${id}<|tool_call_argument_begin|>{"a":${a}}<|tool_call_end|>`;
const kimi = (...calls: string[]): string =>
  `<|tool_calls_section_begin|>${calls.join('')}<|tool_calls_section_end|>`;
const cohere = (...ids: string[]): string =>
  `<|START_ACTION|>[${ids
    .map(
      (id, a) =>
        `{"tool_call_id": ${JSON.stringify(id)}, "tool_name": "f", "parameters": {"a": ${a}}}`,
    )
    .join(', ')}]<|END_ACTION|>`;

function ids(result: Pick<ParseResult, 'calls' | 'rejected'>): string[] {
  return [...result.calls, ...result.rejected]
    .sort((left, right) => left.span.start - right.span.start)
    .map((item) => item.id ?? '');
}

describe('createOwnIds', () => {
  it('should keep a first id and rename its repeats _2, _3 in order', () => {
    const own = createOwnIds();
    expect(['x', 'x', 'y', 'x'].map((id) => own.claim(id))).toEqual(['x', 'x_2', 'y', 'x_3']);
  });

  it('should skip a rename the model already wrote itself', () => {
    const own = createOwnIds();
    expect(['x_2', 'x', 'x', 'x_2'].map((id) => own.claim(id))).toEqual([
      'x_2',
      'x',
      'x_3',
      'x_2_2',
    ]);
  });

  it('should answer peek with what claim would give, without claiming', () => {
    const own = createOwnIds();
    own.claim('x');
    expect(own.peek('x')).toBe('x_2');
    expect(own.peek('x')).toBe('x_2');
    expect(own.claim('x')).toBe('x_2');
  });

  it('should turn away a generated id a written one took, and rename a written one generated', () => {
    const own = createOwnIds();
    own.claim('call_1');
    expect([own.generated('call_1'), own.generated('call_0')]).toEqual([false, true]);
    expect(own.claim('call_0')).toBe('call_0_2');
    expect(drawUnique(createIdGenerator('sequential'), own)).toBe('call_2');
  });

  it('should give ids that never repeat, whatever the model wrote', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'a_2', 'a_3', 'a_2_2', 'b', '', '_2')),
        (written) => {
          const own = createOwnIds();
          const given = written.map((id) => own.claim(id));
          expect(new Set(given).size).toBe(given.length);
        },
      ),
    );
  });
});

describe('repeated call ids written by the model', () => {
  const cases: [FormatId, string, string[]][] = [
    [
      'kimi_k2',
      kimi(kimiCall('functions.f:0', 1), kimiCall('functions.f:0', 2)),
      ['functions.f:0', 'functions.f:0_2'],
    ],
    ['command_r7b', cohere('0', '0', '1', '0'), ['0', '0_2', '1', '0_3']],
  ];

  it.each(cases)('should make %s ids unique in parse, keeping the first', (format, text, want) => {
    const result = createParser({ formats: [format] }).parse(text);
    expect(ids(result)).toEqual(want);
  });

  it('should record a duplicate-id repair on the renamed call only', () => {
    const text = kimi(kimiCall('functions.f:0', 1), kimiCall('functions.f:0', 2));
    const [first, second] = createParser({ formats: ['kimi_k2'] }).parse(text).calls;
    expect(first?.repairs).toEqual([]);
    expect(second?.repairs).toEqual([
      {
        kind: 'duplicate-id',
        offset: second?.span.start,
        detail:
          'the id "functions.f:0" was already used by an earlier call; renamed "functions.f:0_2"',
      },
    ]);
  });

  it('should rename the id of a rejected repeat too', () => {
    const parser = createParser({
      formats: ['kimi_k2'],
      tools: [{ name: 'g', parameters: { type: 'object' } }],
    });
    const result = parser.parse(kimi(kimiCall('functions.f:0', 1), kimiCall('functions.f:0', 2)));
    expect(result.rejected.map((rejection) => rejection.id)).toEqual([
      'functions.f:0',
      'functions.f:0_2',
    ]);
    expect(result.telemetry.map((record) => record.call_id)).toEqual([
      'functions.f:0',
      'functions.f:0_2',
    ]);
  });

  it('should rename repeats across sections of one output', () => {
    const text = `${kimi(kimiCall('functions.f:0', 1))} then ${kimi(kimiCall('functions.f:0', 2))}`;
    expect(ids(createParser({ formats: ['kimi_k2'] }).parse(text))).toEqual([
      'functions.f:0',
      'functions.f:0_2',
    ]);
  });

  it('should make native OpenAI tool_calls ids unique too', () => {
    const result = createParser().fromNative([
      { id: 'call_a', type: 'function', function: { name: 'f', arguments: '{}' } },
      { id: 'call_a', type: 'function', function: { name: 'g', arguments: '{}' } },
    ]);
    expect(result.calls.map((call) => call.id)).toEqual(['call_a', 'call_a_2']);
  });

  it.each(cases)('should send %s stream events with the ids parse gives', (format, text, want) => {
    const stream = createParser({ formats: [format] }).stream();
    const events = [...stream.push(text), ...stream.end()];
    expect(
      events.filter((event) => event.type === 'tool-call-start').map((event) => event.id),
    ).toEqual(want);
    expect(ids(foldEvents(events))).toEqual(want);
  });

  for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(16)]) {
    it.each(cases)(`should fold %s to parse under ${chunker.name}`, (format, text) => {
      for (const deltas of chunker.chunkings(text)) expectEquivalent({ formats: [format] }, deltas);
    });
  }

  it('should agree with parse on any chunking of repeated kimi_k2 and command_r7b ids', () => {
    const idArb = fc.constantFrom(
      'functions.f:0',
      'functions.f:0_2',
      'functions.g:1',
      '0',
      '0_2',
      '1',
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(idArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<FormatId>('kimi_k2', 'command_r7b'),
        fc.array(fc.nat(), { maxLength: 6 }),
        (sections, format, points) => {
          const text = sections
            .map((section) =>
              format === 'kimi_k2'
                ? kimi(...section.map((id, a) => kimiCall(id, a)))
                : cohere(...section),
            )
            .join(' and ');
          expectEquivalent(
            { formats: [format] },
            split(
              text,
              points.map((point) => point % (text.length + 1)),
            ),
          );
          const folded = foldEvents(streamEvents(format, text, points));
          expect(ids(folded)).toEqual(ids(createParser({ formats: [format] }).parse(text)));
        },
      ),
      { numRuns: 150, seed: 5 },
    );
  });
});

describe('written ids and generated ids in one output', () => {
  // Sequential ids are `call_0`, `call_1`...: ids a model writes as readily (OpenAI's examples).
  const options = { formats: ['hermes', 'command_r7b'] as FormatId[], ids: 'sequential' as const };
  const hermes = (a: number): string =>
    `<tool_call>{"name": "f", "arguments": {"a": ${a}}}</tool_call>`;
  const unreadable = '<tool_call>hello there</tool_call>';
  const incomplete = '<tool_call>{"name": "f", "arguments": {"a": }</tool_call>';

  it('should rename a written id that a generated one already took, with a repair', () => {
    const result = createParser(options).parse(hermes(1) + cohere('call_0') + hermes(2));
    expect(ids(result)).toEqual(['call_0', 'call_0_2', 'call_1']);
    expect(result.calls[1]?.repairs.map((repair) => repair.detail)).toEqual([
      'the id "call_0" was already used by an earlier call; renamed "call_0_2"',
    ]);
  });

  it('should draw past a generated id that a written one already took', () => {
    const result = createParser(options).parse(cohere('call_1') + hermes(1) + hermes(2));
    expect(ids(result)).toEqual(['call_1', 'call_0', 'call_2']);
  });

  it('should draw past written ids for the rejection of a section that could not be read', () => {
    const result = createParser(options).parse(cohere('call_0', 'call_1') + unreadable);
    expect(ids(result)).toEqual(['call_0', 'call_1', 'call_2']);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['malformed']);
  });

  const mixed = [
    hermes(1) + cohere('call_0') + hermes(2),
    cohere('call_1') + hermes(1) + hermes(2),
    cohere('call_0', 'call_1') + unreadable,
    `${unreadable} ${cohere('call_0')}`,
    `${incomplete}${cohere('call_0')}${incomplete}`,
  ];
  for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(16)]) {
    it(`should fold to parse under ${chunker.name}`, () => {
      for (const text of mixed)
        for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
    });
  }

  it('should give unique ids, parse and any chunking alike, whatever ids the model wrote', () => {
    const piece = fc.oneof(
      fc.nat({ max: 9 }).map(hermes),
      fc.constantFrom(unreadable, incomplete),
      fc
        .array(fc.constantFrom('call_0', 'call_1', 'call_2', 'call_0_2', 'call_3'), {
          minLength: 1,
          maxLength: 3,
        })
        .map((written) => cohere(...written)),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (pieces, points) => {
          const text = pieces.join(' ');
          const given = ids(createParser(options).parse(text));
          expect(new Set(given).size).toBe(given.length);
          expectEquivalent(
            options,
            split(
              text,
              points.map((point) => point % (text.length + 1)),
            ),
          );
        },
      ),
      { numRuns: 200, seed: 11 },
    );
  });
});

function streamEvents(format: FormatId, text: string, points: readonly number[]) {
  const stream = createParser({ formats: [format] }).stream();
  const events = [];
  for (const delta of split(
    text,
    points.map((point) => point % (text.length + 1)),
  ))
    events.push(...stream.push(delta));
  events.push(...stream.end());
  return events;
}
