/**
 * gpt-oss writes a turn as harmony messages: `analysis` reasoning, then a call to a tool or a
 * `final` answer. Each message is a section of its own, so a stream sends a message's reasoning
 * or content at its end token, starts a call once its header and the `{` of its arguments have
 * come, streams the arguments, and, after `<|call|>` (a stop token), drops the rest as `parse`
 * does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent } from '../../src/index.js';
import { everyTwoWaySplit, randomChunkings, unitByUnit, whole } from '../helpers/chunkers.js';
import { deltaText, expectEquivalent } from './equivalence.js';

const forced: ParserOptions = { formats: ['harmony'], reasoning: { startsInside: false } };
const auto: ParserOptions = { reasoning: { startsInside: false } };
const tools: ParserOptions['tools'] = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    },
  },
];

const analysis = (text: string): string => `<|channel|>analysis<|message|>${text}<|end|>`;
const callTo = (name: string, body: string, end = '<|call|>'): string =>
  `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${body}${end}`;
const final = (text: string): string =>
  `<|start|>assistant<|channel|>final<|message|>${text}<|return|>`;

const weather = callTo('get_weather', '{"city": "Oslo", "days": 3}');

/** Turns as gpt-oss writes them, and as it gets them wrong. */
const texts: Record<string, string> = {
  'reasoning, then a call': analysis('The user wants Oslo.') + weather,
  'reasoning, then an answer': analysis('Easy.') + final('Hello!'),
  'a preamble, then a call': `<|start|>assistant<|channel|>commentary<|message|>Checking.<|end|>${weather}`,
  'text after the call token': `${weather}<|start|>assistant<|channel|>final<|message|>It is 12.`,
  // The call's section starts past the stream's first text: dropped all the same.
  'reasoning, a call, then text after the call token': `${analysis('A.')}${weather} More.`,
  'a call with no call token': callTo('get_weather', '{"city": "Oslo"}', ''),
  'a call cut inside its arguments': callTo('get_weather', '{"city": "Os', ''),
  'a call cut inside its header': '<|start|>assistant<|channel|>commentary to=functions.get_wea',
  'arguments that are not JSON': callTo('get_weather', 'city=Oslo'),
  'arguments that hold an end token': callTo('get_weather', '{"city": "a<|end|>b"}'),
  'arguments not in the schema': callTo('get_weather', '{"town": "Oslo"}'),
  'two calls, the second after the first ended with <|end|>':
    callTo('get_weather', '{"city": "Oslo"}', '<|end|>') + callTo('get_time', '{}'),
  'a tool result the model wrote itself': `<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"t": 12}<|end|>${final('Warm.')}`,
  'a call written in a user message': `<|start|>user to=functions.get_weather<|channel|>commentary<|message|>{"city": "x"}<|end|>${final('No.')}`,
  'a message to the assistant': `<|start|>assistant<|channel|>commentary to=assistant<|message|>{"a": 1}<|end|>`,
  'an empty tool name': callTo('', '{}'),
  'a message that never ends, then the next': `<|channel|>analysis<|message|>Hmm${weather}`,
  'text between messages': `${analysis('A.')}\n\n${weather}`,
  'five header parts': `<|start|>assistant<|channel|>a<|channel|>b<|constrain|>c<|channel|>d<|message|>x<|end|>${weather}`,
  'a header token in prose': 'The <|channel|> token opens a header.',
};

function kinds(events: readonly StreamEvent[]): string[] {
  return events.map((event) => event.type);
}

describe('harmony messages in a stream', () => {
  it('should send reasoning and an answer as they are written, holding back only a token', () => {
    const text = texts['reasoning, then an answer'] as string;
    const stream = createParser(forced).stream();
    const events: StreamEvent[] = [];
    const seen: string[] = [];
    for (const unit of text) {
      events.push(...stream.push(unit));
      seen.push(deltaText(events, 'reasoning-delta') + '|' + deltaText(events, 'text-delta'));
    }
    events.push(...stream.end());
    // Each unit of the reasoning is sent when it comes, before its message's end token...
    const thinking = '<|channel|>analysis<|message|>Easy';
    expect(seen[thinking.length - 1]).toBe('Easy|');
    // ...and a unit that may start the end token waits for the next one.
    expect(seen[`${thinking}.<`.length - 1]).toBe('Easy.|');
    const answer = `${analysis('Easy.')}<|start|>assistant<|channel|>final<|message|>Hel`;
    expect(seen[answer.length - 1]).toBe('Easy.|Hel');
    expect(deltaText(events, 'reasoning-delta') + '|' + deltaText(events, 'text-delta')).toBe(
      'Easy.|Hello!',
    );
  });

  it.each([
    ['forced', forced],
    ['auto', auto],
  ] as const)(
    'should start a call at the { of its arguments and end it at <|call|> (%s)',
    (_, options) => {
      const stream = createParser({ ...options, tools }).stream();
      const head = weather.indexOf('{') + 1;
      expect(kinds(stream.push(weather.slice(0, head - 1)))).toEqual([]);
      expect(kinds(stream.push(weather.slice(head - 1, head)))).toEqual([
        'tool-call-start',
        'tool-call-delta',
      ]);
      const beforeEnd = stream.push(weather.slice(head, -1));
      expect(kinds(beforeEnd).every((kind) => kind === 'tool-call-delta')).toBe(true);
      const last = stream.push(weather.slice(-1));
      expect(last.at(-1)).toMatchObject({
        type: 'tool-call-end',
        call: { name: 'get_weather', arguments: { city: 'Oslo', days: 3 } },
      });
      // The turn ended at <|call|>: what follows is dropped.
      expect(stream.push('<|start|>assistant<|channel|>final<|message|>More.')).toEqual([]);
      expect(stream.end()).toEqual([]);
    },
  );

  it('should not hold a turn for a forced-open </think>: a harmony header is reasoning of its own', () => {
    // By default text before an orphan </think> is reasoning, so a stream holds text until it
    // knows; a harmony header written first shows the model reasons in its analysis messages.
    const text = texts['reasoning, then an answer'] as string;
    const stream = createParser({ formats: ['harmony'] }).stream();
    const events = [...text.slice(0, text.indexOf('<|end|>'))].flatMap((unit) => stream.push(unit));
    expect(deltaText(events, 'reasoning-delta')).toBe('Easy.');
    const late = createParser({}).parse(`Note. ${analysis('A.')} then </think> after`);
    expect([late.content, late.reasoning]).toEqual(['Note.  then </think> after', 'A.']);
  });

  it('should give a call the span of its message, up to <|call|>, and drop what follows', () => {
    const text = texts['text after the call token'] as string;
    const result = createParser(forced).parse(text);
    expect(result.calls.map((call) => call.span)).toEqual([{ start: 0, end: weather.length }]);
    expect(result.content).toBe('');
  });

  for (const [label, options] of [
    ['forced harmony', forced],
    ['auto mode', auto],
    ['reasoning kept in content', { ...forced, reasoning: { keepInContent: true } }],
    ['default reasoning options', { formats: ['harmony'] }],
    ['default options', {}],
    ['reasoning prefilled', { ...forced, reasoning: { prefilled: true } }],
  ] as const) {
    for (const chunker of [whole, unitByUnit, everyTwoWaySplit(), randomChunkings(8)]) {
      it(`should fold to parse in ${label}, under ${chunker.name}`, () => {
        for (const text of Object.values(texts)) {
          for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
        }
      });
    }
  }

  // Two parsers per chunking, each compiling the schemas: the cheaper chunkers only.
  for (const chunker of [whole, unitByUnit, randomChunkings(4)]) {
    it(`should fold to parse with tools, under ${chunker.name}`, () => {
      for (const text of Object.values(texts)) {
        for (const deltas of chunker.chunkings(text))
          expectEquivalent({ ...forced, tools }, deltas);
      }
    });
  }

  it('should fold to parse for random turns, in random chunks', () => {
    const header = fc.tuple(
      fc.constantFrom('', '<|start|>assistant', '<|start|>user', '<|start|>functions.f'),
      fc.constantFrom(
        'analysis',
        'final',
        'commentary',
        'commentary to=functions.get_weather',
        'commentary to=assistant',
        'commentary to=functions.',
      ),
      fc.constantFrom('', ' <|constrain|>json', ' json'),
    );
    const body = fc.array(
      fc.constantFrom(
        ...['Let me think.', '{"city": "Oslo"}', '{"a": "<|end|>"}', '{"a": 1', 'x < y'],
        ...['<', '<|', '|>', '<|en', '\n', '{}', '[1]', 'héllo 🎉', ' '],
      ),
      { maxLength: 4 },
    );
    const message = fc
      .tuple(
        header,
        fc.boolean(),
        body,
        fc.constantFrom('<|end|>', '<|call|>', '<|return|>', '', '\n'),
      )
      .map(([[start, channel, type], hasBody, parts, end]) => {
        const open = `${start}<|channel|>${channel}${type}`;
        return `${open}${hasBody ? '<|message|>' : ''}${parts.join('')}${end}`;
      });
    const turn = fc.tuple(
      fc.constantFrom('', 'Sure. '),
      fc.array(message, { minLength: 1, maxLength: 4 }),
    );
    const options = fc.constantFrom<ParserOptions>(forced, auto, { ...forced, tools });
    fc.assert(
      fc.property(
        turn,
        options,
        fc.integer({ min: 1, max: 12 }),
        ([lead, messages], parserOptions, size) => {
          const text = lead + messages.join('');
          for (const deltas of [[...text], chunk(text, size)])
            expectEquivalent(parserOptions, deltas);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The text cut into pieces of `size` units. */
function chunk(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}
