/**
 * A hermes call is started from its head (`{"name": ..., "arguments": `) before its section ends.
 * When the section then cannot be read, the started call ends with the rejection the gate makes
 * of that section, under the id it started with, as soon as the section closes. For that id to be
 * the one `parse` gives, ids follow the output: an unreadable section takes its id where it stands
 * among the calls.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent } from '../../src/index.js';
import {
  everyTwoWaySplit,
  randomChunkings,
  split,
  unitByUnit,
  whole,
} from '../helpers/chunkers.js';
import { callPairing, expectEquivalent, streamAll } from './equivalence.js';

const call = (name: string, args: string): string =>
  `<tool_call>{"name": "${name}", "arguments": ${args}}</tool_call>`;
// Its head reads, so a stream starts it; its arguments never do.
const brokenArguments = (name: string): string =>
  `<tool_call>{"name": "${name}", "arguments": {oops ></tool_call>`;
// Cut off where its arguments cannot be read; and a call merely cut short, which is read.
const cutOff = '<tool_call>{"name": "cut", "arguments": {oops >';
const cutShort = '<tool_call>{"name": "short", "arguments": {"a": 1';
// Read as two objects, neither naming a tool: two rejections at one offset.
const twoValues = '<tool_call>{"x": 1}\n{"y": 2}</tool_call>';
const noHead = '<tool_call>not json</tool_call>';

const options: ParserOptions = {
  formats: ['hermes'],
  ids: 'sequential',
  reasoning: { startsInside: false },
};

/** Ids of calls and rejections, in output order. */
function idsInOrder(text: string, parserOptions: ParserOptions = options): string[] {
  const result = createParser(parserOptions).parse(text);
  return [...result.calls, ...result.rejected]
    .sort((left, right) => left.span.start - right.span.start)
    .map((item) => `${item.id ?? '-'} ${'name' in item ? (item.name ?? '?') : '?'}`);
}

function tools(events: readonly StreamEvent[]): string[] {
  return events.flatMap((event) =>
    event.type === 'tool-call-start'
      ? [`start ${event.id} ${event.name}`]
      : event.type === 'tool-call-end'
        ? [`end ${event.id} ${'call' in event ? 'call' : event.rejection.reason}`]
        : [],
  );
}

describe('ids in output order', () => {
  it('should give an unreadable section the id of where it stands, before a later call', () => {
    // Its head named it, so it is rejected by that name.
    expect(idsInOrder(brokenArguments('first') + call('second', '{}'))).toEqual([
      'call_0 first',
      'call_1 second',
    ]);
  });

  it('should number sections and calls alike, however many a section gives', () => {
    expect(idsInOrder(twoValues + call('a', '{}') + noHead + call('b', '{}'))).toEqual([
      'call_0 ?',
      'call_1 ?',
      'call_2 a',
      'call_3 ?',
      'call_4 b',
    ]);
  });
});

describe('ids in output order, where a section and a call start at one offset', () => {
  // A section that is only its marker reports its issue at its end, where the next one starts.
  const markerOnly = '[TOOL_CALLS][TOOL_CALLS]TOOL_CALLS';
  // Both calls of one section span all of it; the second, past maxCalls, is reported there too.
  const twoInOne =
    '<tool_call>{"name": "a", "arguments": {}}, {"name": "b", "arguments": {}}</tool_call>';

  it('should number and list a section before the call that starts where it ends', () => {
    const result = createParser({ formats: ['mistral'], ids: 'sequential' }).parse(markerOnly);
    expect(result.rejected.map((rejection) => `${rejection.id} ${rejection.reason}`)).toEqual([
      'call_0 malformed',
      'call_1 incomplete',
    ]);
  });

  it('should number calls past maxCalls after the calls of their section', () => {
    expect(idsInOrder(twoInOne, { ...options, limits: { maxCalls: 1 } })).toEqual([
      'call_0 a',
      'call_1 ?',
    ]);
  });

  for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(16)]) {
    it(`should fold to parse, its events paired by id, under ${chunker.name}`, () => {
      for (const deltas of chunker.chunkings(markerOnly)) {
        expectEquivalent({ formats: ['mistral'] }, deltas);
        expectEquivalent({ reasoning: { startsInside: false } }, deltas);
      }
      for (const deltas of chunker.chunkings(twoInOne))
        expectEquivalent({ ...options, limits: { maxCalls: 1 } }, deltas);
    });
  }
});

describe('an unreadable section decided when it closes', () => {
  // Far enough into the output that the text the stream hands the gate starts past its start.
  const far = 'x'.repeat(400) + call('a', '{}') + call('b', '{}') + call('c', '{}');
  // Auto mode: several syntaxes open with `<tool_call>`, and the issue names none of them.
  const limited: ParserOptions = { limits: { maxCalls: 2 }, reasoning: { startsInside: false } };

  it('should name its format from the text around it, as parse does from the whole output', () => {
    // No format reported the issue, so the gate names the first listed with the marker before it.
    const rejection = createParser(limited).parse(far).rejected[0];
    expect([rejection?.reason, rejection?.format, rejection?.span.start]).toEqual([
      'too-many-calls',
      'qwen3_coder',
      far.lastIndexOf('<tool_call>'),
    ]);
    for (const chunker of [whole, unitByUnit, randomChunkings(8)])
      for (const deltas of chunker.chunkings(far)) expectEquivalent(limited, deltas);
  });

  it('should send its rejection in the push that closes the section', () => {
    const stream = createParser({ ...options, limits: { maxCalls: 2 } }).stream();
    const cut = far.length - '</tool_call>'.length;
    expect(tools(stream.push(far.slice(0, cut)))).toEqual([
      'start call_0 a',
      'end call_0 call',
      'start call_1 b',
      'end call_1 call',
    ]);
    expect(tools(stream.push(far.slice(cut)))).toEqual(['end call_2 too-many-calls']);
    expect(stream.end()).toEqual([]);
  });
});

describe('a started call whose section cannot be read', () => {
  it('should end under the id it started with when its section closes, before the next call', () => {
    const text = brokenArguments('first') + call('second', '{"a": 1}');
    const events = streamAll(options, [...text]);
    expect(tools(events)).toEqual([
      'start call_0 first',
      'end call_0 malformed',
      'start call_1 second',
      'end call_1 call',
    ]);
    expect(callPairing(events)).toEqual([]);
  });

  it('should end it in the push that closes its section, not at the end of the output', () => {
    const stream = createParser(options).stream();
    const opened = stream.push(brokenArguments('first').slice(0, -'></tool_call>'.length));
    expect(tools(opened)).toEqual(['start call_0 first']);
    const closed = stream.push('></tool_call>');
    expect(tools(closed)).toEqual(['end call_0 malformed']);
    const ended = closed.find((event) => event.type === 'tool-call-end');
    expect(ended?.type === 'tool-call-end' && 'rejection' in ended && ended.rejection.id).toBe(
      'call_0',
    );
    expect(tools(stream.end())).toEqual([]);
  });

  it('should start with the id after an unreadable section before it', () => {
    const events = streamAll(options, [twoValues + cutOff]);
    expect(tools(events)).toEqual([
      'end call_0 malformed',
      'end call_1 malformed',
      'start call_2 cut',
      'end call_2 malformed',
    ]);
    expect(callPairing(events)).toEqual([]);
  });

  it('should not start a call early once unreadable sections fill maxCalls', () => {
    // The gate rejects at most maxCalls unreadable sections: past them, a call started from its
    // head whose section then turned out unreadable could end with a rejection parse does not
    // have. The cut-off call is refused by the name its head gave, as a call: it comes whole, at
    // the end, as parse has it.
    const limited: ParserOptions = { ...options, limits: { maxCalls: 2 } };
    const text = twoValues + cutOff;
    expect(idsInOrder(text, limited)).toEqual(['call_0 ?', 'call_1 ?', 'call_2 cut']);
    const stream = createParser({ ...limited, ids: 'sequential' }).stream();
    const pushed = [...text].flatMap((unit) => stream.push(unit));
    expect(tools(pushed)).toEqual(['end call_0 malformed', 'end call_1 malformed']);
    expect(tools(stream.end())).toEqual(['start call_2 cut', 'end call_2 malformed']);
  });

  const texts = [
    brokenArguments('first') + call('second', '{}'),
    `${twoValues} ${brokenArguments('first')} ${call('second', '{}')}`,
    `${brokenArguments('a')}${call('b', '{}')}${brokenArguments('c')}`,
    twoValues + cutOff,
    `${noHead}${call('a', '{}')}${cutOff}`,
    `${twoValues}${cutShort}`,
  ];
  const settings: ParserOptions[] = [
    options,
    { ...options, limits: { maxCalls: 2 } },
    { ...options, limits: { maxCalls: 1 } },
    { ...options, reasoning: { startsInside: false, keepInContent: true } },
    { formats: ['hermes'] },
  ];
  for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(16)]) {
    it(`should fold to parse, its events paired by id, under ${chunker.name}`, () => {
      for (const parserOptions of settings)
        for (const text of texts)
          for (const deltas of chunker.chunkings(text)) expectEquivalent(parserOptions, deltas);
    });
  }

  it('should fold to parse for any mix of such sections, limits and cuts', () => {
    const piece = fc.constantFrom(
      call('a', '{"x": 1}'),
      brokenArguments('b'),
      twoValues,
      noHead,
      cutOff,
      cutShort,
      ' text ',
      '<think>hm</think>',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 6 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (pieces, maxCalls, points) => {
          const text = pieces.join('');
          expectEquivalent(
            maxCalls === undefined ? options : { ...options, limits: { maxCalls } },
            split(
              text,
              points.map((point) => point % (text.length + 1)),
            ),
          );
        },
      ),
      { numRuns: 200, seed: 27 },
    );
  });
});
