import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['muse_glimmer'], ids: 'sequential' });
const auto = createParser({});

const thinking = ' to=self<|message|>The user wants the forecast.<|eom|>';
const forecast =
  '<|start|>assistant to=forecast.daily<|message|><atem:function_calls>\n<atem:invoke name="forecast.daily">\n<atem:parameter name="city">Ghent</atem:parameter>\n<atem:parameter name="days">3</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>';

const bookingTools = [
  {
    name: 'reserve',
    parameters: {
      type: 'object',
      properties: { code: { type: 'string' }, seats: { type: 'integer' } },
    },
  },
];

function summary(text: string, chosen = parser) {
  const result = chosen.parse(text);
  return {
    calls: result.calls.map((call) => [call.name, call.arguments]),
    rejected: result.rejected.map((call) => [call.name, call.reason]),
    content: result.content,
    reasoning: result.reasoning,
  };
}

describe('muse_glimmer', () => {
  it('should read a tool message after a reasoning message', () => {
    const result = parser.parse(thinking + forecast);
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'forecast.daily',
        arguments: { city: 'Ghent', days: 3 },
        format: 'muse_glimmer',
        repairs: [],
      }),
    ]);
    expect(result.reasoning).toBe('The user wants the forecast.');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read the answer to the user as content and to=self as reasoning', () => {
    const output =
      ' to=self<|message|>Two plus two.<|eom|><|start|>assistant to=user<|message|>It is 4.<|eot|>';
    expect(summary(output)).toMatchObject({ calls: [], reasoning: 'Two plus two.' });
    expect(summary(output).content.trim()).toBe('It is 4.');
  });

  it('should read a bare <|message|> header as content', () => {
    expect(summary('<|message|>Plain words.<|eot|>').content).toBe('Plain words.');
  });

  it('should read several invokes in one message and across messages, in order', () => {
    const output =
      '<|start|>assistant to=lamp<|message|><atem:function_calls><atem:invoke name="lamp.on"><atem:parameter name="room">hall</atem:parameter></atem:invoke><atem:invoke name="lamp.on"><atem:parameter name="room">den</atem:parameter></atem:invoke></atem:function_calls><|eom|><|start|>assistant to=blinds<|message|><atem:function_calls><atem:invoke name="blinds.close"></atem:invoke></atem:function_calls><|eot|>';
    expect(summary(output).calls).toEqual([
      ['lamp.on', { room: 'hall' }],
      ['lamp.on', { room: 'den' }],
      ['blinds.close', {}],
    ]);
  });

  it('should decode values that are JSON and keep other text as written', () => {
    const output =
      '<|start|>assistant to=log<|message|><atem:function_calls><atem:invoke name="log"><atem:parameter name="tags">["a","b"]</atem:parameter><atem:parameter name="quoted">"x"</atem:parameter><atem:parameter name="flag">true</atem:parameter><atem:parameter name="note">{not json}</atem:parameter></atem:invoke></atem:function_calls><|eom|>';
    expect(summary(output).calls).toEqual([
      ['log', { tags: ['a', 'b'], quoted: 'x', flag: true, note: '{not json}' }],
    ]);
  });

  it('should keep a value as text where the schema says string, and type the others', () => {
    const typed = createParser({ formats: ['muse_glimmer'], tools: bookingTools });
    const output =
      '<|start|>assistant to=reserve<|message|><atem:function_calls><atem:invoke name="reserve"><atem:parameter name="code">007</atem:parameter><atem:parameter name="seats">2</atem:parameter></atem:invoke></atem:function_calls><|eom|>';
    expect(typed.parse(output).calls.map((call) => call.arguments)).toEqual([
      { code: '007', seats: 2 },
    ]);
    const numeric = output.replace('007', '12');
    expect(typed.parse(numeric).calls.map((call) => call.arguments)).toEqual([
      { code: '12', seats: 2 },
    ]);
  });

  it('should keep the call when reasoning runs into a tool header with no <|eom|>', () => {
    const output =
      ' to=self<|message|>Checking the weather to=weather.now<|message|><atem:function_calls><atem:invoke name="weather.now"><atem:parameter name="city">Lyon</atem:parameter></atem:invoke></atem:function_calls>';
    expect(summary(output)).toMatchObject({
      calls: [['weather.now', { city: 'Lyon' }]],
      reasoning: 'Checking the weather ',
    });
  });

  it('should never read ATEM written in reasoning as a call, even cut off', () => {
    const echo =
      ' to=self<|message|>I could write <atem:function_calls><atem:invoke name="rm"><atem:parameter name="path">/</atem:parameter></atem:invoke></atem:function_calls> but no';
    expect(summary(echo)).toMatchObject({ calls: [], rejected: [] });
    expect(summary(echo).reasoning).toContain('<atem:invoke name="rm">');
    const cut = ' to=self<|message|>Maybe <atem:function_calls><atem:invoke name="rm"><atem:par';
    expect(summary(cut)).toMatchObject({ calls: [], rejected: [] });
    expect(summary(cut, auto)).toMatchObject({ calls: [], rejected: [] });
  });

  it('should not switch channels at to= in prose', () => {
    const output =
      ' to=self<|message|>set retries to=5 and mail to=ops<|eom|><|start|>assistant to=user<|message|>Done.<|eot|>';
    expect(summary(output).reasoning).toBe('set retries to=5 and mail to=ops');
    expect(summary(output).content.trim()).toBe('Done.');
  });

  it('should stream prose holding to= as it is written, not at the end of the output', () => {
    // `to=` is a marker (the first message's header); in code and URLs it is text, which a
    // stream held to an <|eom|> that never came until the section learned to decline.
    for (const text of [
      'Call send(to=ops, body=report) and then keep writing the answer here.',
      'Open ?redirect_to=home in the browser, then sign in again.',
      'Rates went up to=4% last year, and stayed there.',
    ]) {
      const stream = createParser({ reasoning: { startsInside: false } }).stream();
      let sent = '';
      for (const unit of text) {
        for (const event of stream.push(unit)) if (event.type === 'text-delta') sent += event.delta;
      }
      // What may still start a marker is held: a few units at most.
      expect(sent.length).toBeGreaterThan(text.length - 4);
      expect(text.startsWith(sent)).toBe(true);
    }
  });

  it('should drop a stray </atem:invoke> between calls with a repair', () => {
    const output =
      '<|start|>assistant to=calc<|message|><atem:function_calls><atem:invoke name="calc.add"><atem:parameter name="a">1</atem:parameter></atem:invoke>\n</atem:invoke>\n<atem:invoke name="calc.mul"><atem:parameter name="a">3</atem:parameter></atem:invoke></atem:function_calls><|eom|>';
    const result = parser.parse(output);
    expect(result.calls.map((call) => call.name)).toEqual(['calc.add', 'calc.mul']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['other']);
  });

  it('should refuse by name an invoke cut off by the end of the output', () => {
    const output =
      '<|start|>assistant to=files<|message|><atem:function_calls><atem:invoke name="files.read"><atem:parameter name="path">/var/lo';
    expect(summary(output)).toMatchObject({ calls: [], rejected: [['files.read', 'incomplete']] });
  });

  it('should refuse by name an invoke with no close tag before the message ends', () => {
    const output =
      '<|start|>assistant to=files<|message|><atem:function_calls><atem:invoke name="files.read"><atem:parameter name="path">/tmp/a<|eom|>';
    expect(summary(output)).toMatchObject({ calls: [], rejected: [['files.read', 'malformed']] });
  });

  it('should refuse by name an invoke whose parameter open tag is missing', () => {
    const output =
      '<|start|>assistant to=read<|message|><atem:function_calls><atem:invoke name="read.filePath">/tmp/x</atem:parameter></atem:invoke></atem:function_calls><|eom|>';
    expect(summary(output)).toMatchObject({
      calls: [],
      rejected: [['read.filePath', 'malformed']],
    });
  });

  it('should refuse by the recipient a tool message cut inside its header or its first tag', () => {
    expect(summary('<|start|>assistant to=clock.set')).toMatchObject({
      rejected: [['clock.set', 'incomplete']],
      content: '',
    });
    expect(
      summary('<|start|>assistant to=clock<|message|><atem:function_calls><atem:inv'),
    ).toMatchObject({
      rejected: [['clock', 'incomplete']],
    });
  });

  it('should refuse by the recipient a tool message that holds no invoke', () => {
    expect(summary('<|start|>assistant to=clock<|message|>set it to noon<|eom|>')).toMatchObject({
      calls: [],
      rejected: [['clock', 'malformed']],
    });
  });

  it('should read invokes without the block tags, with repairs', () => {
    const result = parser.parse(
      '<|start|>assistant to=ping<|message|><atem:invoke name="ping"><atem:parameter name="host">example.org</atem:parameter></atem:invoke><|eom|>',
    );
    expect(result.calls.map((call) => call.repairs.map((repair) => repair.kind))).toEqual([
      ['missing-start-marker', 'missing-end-marker'],
    ]);
  });

  it('should keep the name as written: a doubled name is not collapsed', () => {
    const output =
      '<|start|>assistant to=get_time<|message|><atem:function_calls><atem:invoke name="get_time.get_time"></atem:invoke></atem:function_calls><|eom|>';
    expect(summary(output).calls).toEqual([['get_time.get_time', {}]]);
  });

  it('should leave bare ATEM with no channel header as content', () => {
    const output =
      'Sure.\n<atem:function_calls><atem:invoke name="x"></atem:invoke></atem:function_calls>';
    expect(summary(output)).toMatchObject({ calls: [], rejected: [], content: output });
  });

  it('should leave harmony messages to harmony in auto mode', () => {
    const output =
      '<|start|>assistant<|channel|>commentary to=functions.lookup <|constrain|>json<|message|>{"id": 7}<|call|>';
    const result = auto.parse(output);
    expect(result.calls.map((call) => [call.format, call.name])).toEqual([['harmony', 'lookup']]);
  });

  it('should read the same in auto mode', () => {
    expect(summary(thinking + forecast, auto)).toEqual(summary(thinking + forecast));
  });

  it.each([
    ['a reasoning message then a call', thinking + forecast],
    [
      'a call after reasoning with no <|eom|>',
      ' to=self<|message|>go to=a.b<|message|><atem:function_calls><atem:invoke name="a.b"><atem:parameter name="n">1</atem:parameter></atem:invoke></atem:function_calls><|eom|> to=user<|message|>ok<|eot|>',
    ],
    [
      'a cut invoke',
      '<|start|>assistant to=files<|message|><atem:function_calls><atem:invoke name="files.read"><atem:parameter name="path">/var/lo',
    ],
    [
      'a stray close and prose to=',
      ' to=self<|message|>x to=5 y<|eom|><|start|>assistant to=c<|message|><atem:function_calls><atem:invoke name="c"></atem:invoke></atem:invoke><atem:invoke name="d"><atem:parameter name="q">"w"</atem:parameter></atem:invoke></atem:function_calls><|eom|>',
    ],
  ])('should stream %s as parse reads it, in every chunking', (_name, output) => {
    expectEveryChunking({ formats: ['muse_glimmer'] }, output);
    expectEveryChunking({}, output);
  });
});
