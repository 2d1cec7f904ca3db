import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'find_train',
    parameters: {
      type: 'object',
      properties: {
        from: { type: 'string' },
        to: { type: 'string' },
        passengers: { type: 'integer' },
      },
      required: ['from', 'to'],
      additionalProperties: false,
    },
  },
  { name: 'list_stations', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['plamo3'], ids: 'sequential' });
const typed = createParser({ formats: ['plamo3'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

const OPEN = '<|plamo:begin_tool_requests:plamo|>';
const CLOSE = '<|plamo:end_tool_requests:plamo|>';
const REQUEST = '<|plamo:begin_tool_request:plamo|>';
const REQUEST_END = '<|plamo:end_tool_request:plamo|>';
const NAME = '<|plamo:begin_tool_name:plamo|>';
const NAME_END = '<|plamo:end_tool_name:plamo|>';
const ARGS = '<|plamo:begin_tool_arguments:plamo|>';
const ARGS_END = '<|plamo:end_tool_arguments:plamo|>';
const PREAMBLE = '<|plamo:constrain|>json<|plamo:msg|>';
const THINK = '<|plamo:begin_think:plamo|>';
const THINK_END = '<|plamo:end_think:plamo|>';

const TRAIN = '{"from": "Kyoto", "to": "Sendai", "passengers": 2}';

/** One request as PLaMo 3 writes it, the arguments' preamble included unless told otherwise. */
function request(name: string, args: string, preamble = PREAMBLE): string {
  return `${REQUEST}${NAME}${name}${NAME_END}${ARGS}${preamble}${args}${ARGS_END}${REQUEST_END}`;
}

/** A block of requests. */
function block(...requests: string[]): string {
  return `${OPEN}${requests.join('')}${CLOSE}`;
}

/** The names and repair kinds of a result's calls. */
function callsOf(result: ReturnType<typeof forced.parse>): [string, string[]][] {
  return result.calls.map((each) => [each.name, each.repairs.map((repair) => repair.kind)]);
}

/** The names and reasons of a result's rejections. */
function rejectedOf(result: ReturnType<typeof forced.parse>): [string | undefined, string][] {
  return result.rejected.map((each) => [each.name, each.reason]);
}

describe('plamo3', () => {
  it('should read one request with its arguments', () => {
    const result = forced.parse(block(request('find_train', TRAIN)));
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'find_train',
        arguments: { from: 'Kyoto', to: 'Sendai', passengers: 2 },
        format: 'plamo3',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read parallel requests in order, with prose before and after as content', () => {
    const result = forced.parse(
      `Let me look.\n${block(request('find_train', TRAIN), request('list_stations', '{}'))}\nOne moment.`,
    );
    expect(callsOf(result)).toEqual([
      ['find_train', []],
      ['list_stations', []],
    ]);
    expect(result.content).toBe('Let me look.\n\nOne moment.');
  });

  it('should read the arguments after either preamble or none, and blanks between tags', () => {
    for (const preamble of [PREAMBLE, '<|plamo:msg|>', '']) {
      const result = forced.parse(block(request('find_train', TRAIN, preamble)));
      expect(callsOf(result)).toEqual([['find_train', []]]);
      expect(result.calls[0]?.arguments).toEqual({ from: 'Kyoto', to: 'Sendai', passengers: 2 });
    }
    const spaced = forced.parse(
      `${OPEN}\n${REQUEST}\n  ${NAME} list_stations ${NAME_END}\n  ${ARGS}${PREAMBLE} {} \n${ARGS_END}\n${REQUEST_END}\n${CLOSE}`,
    );
    expect(callsOf(spaced)).toEqual([['list_stations', []]]);
  });

  it('should read empty arguments as none', () => {
    const result = forced.parse(block(request('list_stations', '')));
    expect(result.calls.map((each) => each.arguments)).toEqual([{}]);
  });

  it('should validate against the allowlist and the schema', () => {
    const result = typed.parse(
      block(
        request('find_train', '{"from": "Kyoto", "to": "Sendai", "passengers": "two"}'),
        request('cancel_booking', '{}'),
        request('list_stations', '{}'),
      ),
    );
    expect(result.calls.map((each) => each.name)).toEqual(['list_stations']);
    expect(rejectedOf(result)).toEqual([
      ['find_train', 'schema-violation'],
      ['cancel_booking', 'unknown-tool'],
    ]);
  });

  it('should run the whole requests of a block whose close tag was left out', () => {
    const result = forced.parse(
      `${OPEN}${request('find_train', TRAIN)}${request('list_stations', '{}')}`,
    );
    expect(callsOf(result)).toEqual([
      ['find_train', ['missing-end-marker']],
      ['list_stations', ['missing-end-marker']],
    ]);
    // Prose after the last request of such a block is content, not junk in the block.
    const prose = forced.parse(`${OPEN}${request('list_stations', '{}')}\nI will check the list.`);
    expect(callsOf(prose)).toEqual([['list_stations', ['missing-end-marker']]]);
    expect(prose.content).toBe('\nI will check the list.');
  });

  it('should end a block whose close tag was left out where the next block opens', () => {
    const result = forced.parse(
      `${OPEN}${request('list_stations', '{}')}${block(request('find_train', TRAIN))}`,
    );
    expect(callsOf(result)).toEqual([
      ['list_stations', ['missing-end-marker']],
      ['find_train', []],
    ]);
    const abandoned = forced.parse(
      `${OPEN}on second thought ${block(request('list_stations', '{}'))}`,
    );
    expect(callsOf(abandoned)).toEqual([['list_stations', []]]);
    expect(abandoned.content).toBe('on second thought ');
  });

  it('should keep whole requests of a block cut off and refuse the cut one by name', () => {
    const head = `${OPEN}${request('list_stations', '{}')}${REQUEST}${NAME}find_train${NAME_END}${ARGS}${PREAMBLE}`;
    for (const tail of [
      '{"from": "Kyo',
      TRAIN,
      `${TRAIN}${ARGS_END}`,
      `${TRAIN}${ARGS_END}<|plamo:end_tool_req`,
    ]) {
      const result = forced.parse(head + tail);
      expect(callsOf(result)).toEqual([['list_stations', ['missing-end-marker']]]);
      expect(rejectedOf(result)).toEqual([['find_train', 'incomplete']]);
    }
    // Cut before its name was whole: no name to refuse by, only an issue.
    for (const tail of [REQUEST, `${REQUEST}${NAME}find_tr`, `${REQUEST}<|plamo:begin_tool_na`]) {
      const result = forced.parse(`${OPEN}${request('list_stations', '{}')}${tail}`);
      expect(callsOf(result)).toEqual([['list_stations', ['missing-end-marker']]]);
      expect(result.rejected).toEqual([]);
      expect(result.issues.map((issue) => issue.code)).toEqual(['incomplete-tool-call']);
      expect(result.content).toBe('');
    }
  });

  it('should refuse by name arguments that are no JSON object', () => {
    for (const args of [
      '[1, 2]',
      '"Kyoto"',
      'from Kyoto to Sendai',
      '{"from": "Kyoto"} {"to": "Sendai"}',
    ]) {
      const result = forced.parse(block(request('find_train', args)));
      expect(result.calls).toEqual([]);
      expect(rejectedOf(result)).toEqual([['find_train', 'malformed']]);
    }
    // A constrain tag written without its msg tag is no preamble: the payload does not read.
    const constrained = forced.parse(
      block(request('find_train', TRAIN, '<|plamo:constrain|>json')),
    );
    expect(rejectedOf(constrained)).toEqual([['find_train', 'malformed']]);
  });

  it('should refuse by name a request with a tag left out', () => {
    const noArguments = forced.parse(
      block(`${REQUEST}${NAME}list_stations${NAME_END}${REQUEST_END}`),
    );
    expect(rejectedOf(noArguments)).toEqual([['list_stations', 'malformed']]);
    const noArgumentsClose = forced.parse(
      block(`${REQUEST}${NAME}list_stations${NAME_END}${ARGS}{}${REQUEST_END}`),
    );
    expect(rejectedOf(noArgumentsClose)).toEqual([['list_stations', 'malformed']]);
    const noRequestClose = forced.parse(
      `${OPEN}${REQUEST}${NAME}list_stations${NAME_END}${ARGS}{}${ARGS_END}${request('find_train', TRAIN)}${CLOSE}`,
    );
    expect(callsOf(noRequestClose)).toEqual([['find_train', []]]);
    expect(rejectedOf(noRequestClose)).toEqual([['list_stations', 'malformed']]);
  });

  it('should refuse a request with no name, with an issue and no call', () => {
    for (const written of [
      request('', '{}'),
      request('  ', '{}'),
      `${REQUEST}${ARGS}{}${ARGS_END}${REQUEST_END}`,
      `${REQUEST}${NAME}list_stations${ARGS}{}${ARGS_END}${REQUEST_END}`,
    ]) {
      const result = forced.parse(block(written));
      expect(result.calls).toEqual([]);
      expect(result.rejected.filter((each) => each.name !== undefined)).toEqual([]);
      expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    }
  });

  it('should refuse every request by name when text sits between them', () => {
    const result = forced.parse(
      `${OPEN}${request('list_stations', '{}')}Now the train:${request('find_train', TRAIN)}${CLOSE}`,
    );
    expect(result.calls).toEqual([]);
    expect(rejectedOf(result)).toEqual([
      ['list_stations', 'malformed'],
      ['find_train', 'malformed'],
    ]);
    const before = forced.parse(`${OPEN}ok ${request('list_stations', '{}')}${CLOSE}`);
    expect(rejectedOf(before)).toEqual([['list_stations', 'malformed']]);
    const after = forced.parse(`${OPEN}${request('list_stations', '{}')} done${CLOSE}`);
    expect(rejectedOf(after)).toEqual([['list_stations', 'malformed']]);
  });

  it('should find no call in an empty block, nor leave the block in the content', () => {
    const empty = forced.parse(`Nothing to look up. ${OPEN}${CLOSE}`);
    expect(empty.calls).toEqual([]);
    expect(empty.content).toBe('Nothing to look up. ');
    expect(empty.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    // An opening tag the model abandoned owns only itself: the prose after it stays content.
    const abandoned = forced.parse(`${OPEN}Actually, no tool is needed.`);
    expect(abandoned.calls).toEqual([]);
    expect(abandoned.content).toBe('Actually, no tool is needed.');
    expect(abandoned.syntaxSeen).toBe(true);
  });

  it('should end a payload at a tag written inside a string, refusing its call', () => {
    const result = forced.parse(
      block(request('find_train', `{"from": "a${ARGS_END}b", "to": "c"}`)),
    );
    expect(result.calls).toEqual([]);
    expect(rejectedOf(result)).toEqual([['find_train', 'malformed']]);
  });

  it('should read reasoning apart, ended by its close tag or by a block', () => {
    const written = forced.parse(
      `${THINK}Two legs.${THINK_END}Searching.${block(request('list_stations', '{}'))}`,
    );
    expect(written.reasoning).toBe('Two legs.');
    expect(written.content).toBe('Searching.');
    expect(callsOf(written)).toEqual([['list_stations', []]]);
    const straight = forced.parse(`${THINK}Two legs.${block(request('list_stations', '{}'))}`);
    expect(straight.reasoning).toBe('Two legs.');
    expect(callsOf(straight)).toEqual([['list_stations', []]]);
    // The prompt opened the reasoning: the model writes only its close tag.
    const prefilled = forced.parse(`Two legs.${THINK_END}${block(request('list_stations', '{}'))}`);
    expect(prefilled.reasoning).toBe('Two legs.');
    expect(callsOf(prefilled)).toEqual([['list_stations', []]]);
  });

  it('should be found in auto mode without taking other formats’ calls', () => {
    const found = auto.parse(`Searching. ${block(request('find_train', TRAIN))}`);
    expect(found.calls.map((each) => [each.name, each.format])).toEqual([['find_train', 'plamo3']]);
    const others: [string, string][] = [
      ['<tool_call>{"name": "list_stations", "arguments": {}}</tool_call>', 'hermes'],
      [
        '<|tool_calls_section_begin|><|tool_call_begin|>functions.list_stations:0<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>',
        'kimi_k2',
      ],
    ];
    for (const [text, format] of others) {
      expect(auto.parse(text).calls.map((each) => each.format)).toEqual([format]);
      expect(forced.parse(text).syntaxSeen).toBe(false);
    }
  });

  describe('streams', () => {
    const texts = [
      block(request('find_train', TRAIN)),
      `Sure. ${block(request('find_train', TRAIN), request('list_stations', '{}', ''))} Done?`,
      `${OPEN}\n${request('list_stations', '{}', '<|plamo:msg|>')}\n${request('find_train', TRAIN)}\n${CLOSE}`,
      `${OPEN}${request('find_train', TRAIN)}`,
      `${OPEN}${request('list_stations', '{}')}\nChecking now.`,
      `${OPEN}${request('list_stations', '{}')}${REQUEST}${NAME}find_train${NAME_END}${ARGS}${PREAMBLE}{"from": "Ky`,
      `${OPEN}${request('list_stations', '{}')}${REQUEST}${NAME}find_tr`,
      `${OPEN}${request('list_stations', '{}')}x${request('find_train', TRAIN)}${CLOSE}`,
      block(request('find_train', '[1]'), request('list_stations', '{}')),
      block(request('find_train', `{"from": "a${ARGS_END}b"}`), request('list_stations', '{}')),
      block(request('find_train', `{"from": "a${REQUEST}b"}`), request('list_stations', '{}')),
      `${OPEN}${REQUEST}${NAME}list_stations${NAME_END}${ARGS}{}${ARGS_END}${request('find_train', TRAIN)}${CLOSE}`,
      block(request('', '{}'), request('list_stations', '{}')),
      block(request('find_train', TRAIN, '<|plamo:constrain|>json')),
      `${OPEN}${CLOSE} ok`,
      `${OPEN}${request('list_stations', '{}')} ok ${block(request('find_train', TRAIN))}`,
      `${OPEN}${OPEN}${request('list_stations', '{}')}${CLOSE}`,
      `${OPEN} maybe later`,
      `${THINK}Two legs.${THINK_END}ok${block(request('list_stations', '{}'))}`,
      `${THINK}Two legs.${block(request('list_stations', '{}'))}`,
      `Two legs.${THINK_END}${block(request('list_stations', '{}'))} ok`,
    ];
    const settings: ParserOptions[] = [{ formats: ['plamo3'] }, {}, { formats: ['plamo3'], tools }];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start each call at its arguments and stream them', () => {
      const stream = createParser({
        formats: ['plamo3'],
        tools,
        reasoning: { startsInside: false },
      }).stream();
      const text = block(request('find_train', TRAIN), request('list_stations', '{}'));
      const cut = text.indexOf('Kyoto') + 3;
      const early = stream.push(text.slice(0, cut));
      expect(
        early.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['find_train']);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"from":"Kyo');
      const second = stream.push(text.slice(cut, text.lastIndexOf('{}') + 1));
      expect(
        second.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['list_stations']);
    });

    it('should stream the reasoning as it is written', () => {
      const stream = createParser({ formats: ['plamo3'] }).stream();
      const events = stream.push(`${THINK}Two legs and a change`);
      const reasoning = events.flatMap((event) =>
        event.type === 'reasoning-delta' ? [event.delta] : [],
      );
      expect(reasoning.join('')).toContain('Two legs');
    });
  });
});
