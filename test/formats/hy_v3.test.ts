import { describe, expect, it } from 'vitest';
import { hy_v3 } from '../../src/formats/hy_v3/index.js';
import { createParser } from '../../src/index.js';
import type { ParserOptions, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'reserve_court',
    parameters: {
      type: 'object',
      properties: {
        court: { type: 'string' },
        hours: { type: 'integer' },
        indoor: { type: 'boolean' },
        players: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  { name: 'list_courts', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['hy_v3'], ids: 'sequential' });
const typed = createParser({ formats: ['hy_v3'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

/** A call as Hy3 writes it, one tag a line, with `suffix` on every tag. */
function call(name: string, pairs: [string, string][], suffix = ''): string {
  const tag = (tagName: string): string => `<${tagName}${suffix}>`;
  const written = pairs
    .map(
      ([key, value]) =>
        `${tag('arg_key')}${key}${tag('/arg_key')}\n${tag('arg_value')}${value}${tag('/arg_value')}\n`,
    )
    .join('');
  return `${tag('tool_call')}${name}${tag('tool_sep')}\n${written}${tag('/tool_call')}`;
}

/** A block of calls, one a line. */
function block(calls: string[], suffix = ''): string {
  return `<tool_calls${suffix}>\n${calls.join('\n')}\n</tool_calls${suffix}>`;
}

const COURT = call('reserve_court', [
  ['court', 'Centre'],
  ['hours', '2'],
]);
const LIST = call('list_courts', []);

describe('hy_v3', () => {
  it('should read a call written one tag a line', () => {
    const result = forced.parse(block([COURT]));
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'reserve_court',
        arguments: { court: 'Centre', hours: 2 },
        format: 'hy_v3',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read a block written without line breaks', () => {
    const result = forced.parse(
      '<tool_calls><tool_call>reserve_court<tool_sep><arg_key>court</arg_key><arg_value>Annex</arg_value></tool_call></tool_calls>',
    );
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['reserve_court', { court: 'Annex' }],
    ]);
  });

  it('should read several calls of one block, in order', () => {
    const second = call('reserve_court', [['court', 'Annex']]);
    const fresh = createParser({ formats: ['hy_v3'], ids: 'sequential' });
    const result = fresh.parse(block([COURT, second, LIST]));
    expect(result.calls.map((each) => [each.id, each.name, each.arguments])).toEqual([
      ['call_0', 'reserve_court', { court: 'Centre', hours: 2 }],
      ['call_1', 'reserve_court', { court: 'Annex' }],
      ['call_2', 'list_courts', {}],
    ]);
  });

  it('should read a call that takes no argument, inline or on lines', () => {
    for (const text of [
      '<tool_calls><tool_call>list_courts<tool_sep></tool_call></tool_calls>',
      '<tool_calls>\n<tool_call>list_courts<tool_sep>\n</tool_call>\n</tool_calls>',
    ]) {
      const result = forced.parse(text);
      expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
        ['list_courts', {}],
      ]);
      expect(result.rejected).toEqual([]);
    }
  });

  it('should read the spelling whose tags carry the tokenizer suffix', () => {
    const text = block(
      [call('reserve_court', [['court', 'Centre']], ':opensource')],
      ':opensource',
    );
    const result = forced.parse(text);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['reserve_court', { court: 'Centre' }],
    ]);
    expect(auto.parse(text).calls.map((each) => each.format)).toEqual(['hy_v3']);
    // Another label works the same (checkpoints differ in it).
    const hashed = block([call('list_courts', [], ':9f3a1c07')], ':9f3a1c07');
    expect(forced.parse(hashed).calls.map((each) => each.name)).toEqual(['list_courts']);
  });

  it('should not take a tag with another suffix for one of the block', () => {
    const open = '<tool_calls:opensource><tool_call:opensource>reserve_court<tool_sep:opensource>';
    // Between pairs, a key tag spelled without the block's suffix is junk: the call is refused.
    const junk = forced.parse(
      `${open}<arg_key>court</arg_key><arg_value>Centre</arg_value></tool_call:opensource></tool_calls:opensource>`,
    );
    expect(junk.calls).toEqual([]);
    expect(junk.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['reserve_court', 'malformed'],
    ]);
    // In a value it is text: the value runs on to the call's close tag, which implies its own.
    const text = forced.parse(
      `${open}<arg_key:opensource>court</arg_key:opensource><arg_value:opensource>Centre</arg_value></tool_call:opensource></tool_calls:opensource>`,
    );
    expect(text.calls.map((each) => each.arguments)).toEqual([{ court: 'Centre</arg_value>' }]);
    expect(text.calls[0]?.repairs).toContainEqual(
      expect.objectContaining({ kind: 'implicit-close-tag', detail: '</arg_value>' }),
    );
  });

  it('should type values by the schema, and decode JSON without one', () => {
    const text = block([
      call('reserve_court', [
        ['court', ' 7 '],
        ['hours', '3'],
        ['indoor', 'true'],
        ['players', '["Ana", "Ben"]'],
      ]),
    ]);
    expect(typed.parse(text).calls[0]?.arguments).toEqual({
      court: '7',
      hours: 3,
      indoor: true,
      players: ['Ana', 'Ben'],
    });
    // Without tools, text that is JSON is decoded and the rest stays text, as glm45 reads it.
    expect(forced.parse(text).calls[0]?.arguments).toEqual({
      court: 7,
      hours: 3,
      indoor: true,
      players: ['Ana', 'Ben'],
    });
    const repairs = typed.parse(text).calls[0]?.repairs.map((repair) => repair.kind);
    expect(repairs).toContain('schema-typed-value');
  });

  it('should keep prose before the block as content and <think> as reasoning', () => {
    const result = forced.parse(
      `<think>The user wants the centre court.</think>Booking it now.\n${block([COURT])}`,
    );
    expect(result.reasoning).toBe('The user wants the centre court.');
    expect(result.content).toBe('Booking it now.\n');
    expect(result.calls.map((each) => each.name)).toEqual(['reserve_court']);
  });

  it('should keep the whole calls of a block cut off and refuse the cut one as incomplete', () => {
    const text = block([COURT, call('reserve_court', [['court', 'Annex']])]);
    const cut = text.slice(0, text.indexOf('Annex') + 2);
    const result = forced.parse(cut);
    expect(result.calls.map((each) => each.arguments)).toEqual([{ court: 'Centre', hours: 2 }]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['reserve_court', 'incomplete'],
    ]);
  });

  it('should read a block whose </tool_calls> was left out, prose after it staying content', () => {
    const calls = `<tool_calls>\n${COURT}`;
    expect(forced.parse(calls).calls.map((each) => each.name)).toEqual(['reserve_court']);
    const result = forced.parse(`${calls}\nThe court is booked.`);
    expect(result.calls.map((each) => each.name)).toEqual(['reserve_court']);
    expect(result.content).toBe('\nThe court is booked.');
    expect(result.calls[0]?.repairs).toContainEqual(
      expect.objectContaining({ kind: 'implicit-close-tag', detail: '</tool_calls>' }),
    );
  });

  it('should end a call whose </tool_call> was left out where the next one opens', () => {
    const text = `<tool_calls><tool_call>reserve_court<tool_sep><arg_key>court</arg_key><arg_value>Centre</arg_value>${LIST}</tool_calls>`;
    const result = forced.parse(text);
    expect(result.calls.map((each) => each.name)).toEqual(['reserve_court', 'list_courts']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('implicit-close-tag');
  });

  it('should refuse by name a call closed by </arg_value> where its <tool_sep> belongs', () => {
    // Reported from 4-bit Hy3 checkpoints (Rapid-MLX #1070): the arguments are lost, so the call
    // must not run with none.
    for (const tail of ['', '</tool_call:opensource></tool_calls:opensource>']) {
      const result = forced.parse(
        `<tool_calls:opensource><tool_call:opensource>reserve_court</arg_value:opensource>${tail}`,
      );
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
        ['reserve_court', 'malformed'],
      ]);
      // Hy3 or Hy4: the block writes no <tool_sep> to tell.
      expect(result.issues[0]?.message).toBe(
        '"reserve_court" has no arguments: </arg_value:opensource> follows its name',
      );
    }
    const hy3 = forced.parse(
      '<tool_calls:opensource><tool_call:opensource>list_courts<tool_sep:opensource></tool_call:opensource><tool_call:opensource>reserve_court</arg_value:opensource></tool_calls:opensource>',
    );
    expect(hy3.issues[0]?.message).toBe(
      '"reserve_court" has no arguments: </arg_value:opensource> follows its name where <tool_sep:opensource> belongs',
    );
  });

  it('should read Hy4 blocks, which write no <tool_sep>, with no repair', () => {
    // Hy4 (vLLM's hy_v4 parser) dropped the separator; its tokenizers suffix every tag with a
    // label of their own, hexadecimal on some checkpoints.
    for (const suffix of ['', ':opensource', ':6124c78e']) {
      const tag = (name: string): string => `<${name}${suffix}>`;
      const text =
        `Booking it.${tag('tool_calls')}${tag('tool_call')}reserve_court\n${tag('arg_key')}court${tag('/arg_key')}` +
        `${tag('arg_value')}Centre${tag('/arg_value')}${tag('/tool_call')}${tag('tool_call')}list_courts${tag('/tool_call')}${tag('/tool_calls')}`;
      const result = forced.parse(text);
      expect(result.calls.map((each) => [each.name, each.arguments, each.repairs])).toEqual([
        ['reserve_court', { court: 'Centre' }, []],
        ['list_courts', {}, []],
      ]);
      expect(result.content).toBe('Booking it.');
    }
  });

  it('should record the <tool_sep> left out of a call in a block whose other calls write it', () => {
    const text =
      '<tool_calls><tool_call>reserve_court\n<arg_key>court</arg_key><arg_value>Centre</arg_value></tool_call><tool_call>list_courts</tool_call><tool_call>list_courts<tool_sep></tool_call></tool_calls>';
    const result = forced.parse(text);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['reserve_court', { court: 'Centre' }],
      ['list_courts', {}],
      ['list_courts', {}],
    ]);
    expect(result.calls.map((each) => each.repairs[0]?.detail)).toEqual([
      'the <tool_sep> after "reserve_court" left out',
      'the <tool_sep> after "list_courts" left out',
      undefined,
    ]);
  });

  it('should refuse by name a Hy4 call whose name nothing of a call follows', () => {
    const result = forced.parse(
      '<tool_calls:6124c78e><tool_call:6124c78e>list_courts</tool_calls:6124c78e>',
    );
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['list_courts', 'malformed'],
    ]);
    expect(result.issues[0]?.message).toBe(
      '"list_courts" has neither <arg_key:6124c78e> nor </tool_call:6124c78e> after its name',
    );
  });

  it('should refuse by name calls it cannot read, and every call of a block holding junk', () => {
    const json = forced.parse(
      '<tool_calls><tool_call>reserve_court<tool_sep>{"court": "Centre"}</tool_call></tool_calls>',
    );
    expect(json.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['reserve_court', 'malformed'],
    ]);
    const twice = forced.parse(
      '<tool_calls><tool_call>list_courts<tool_sep><tool_sep></tool_call></tool_calls>',
    );
    expect(twice.rejected.map((each) => each.reason)).toEqual(['malformed']);
    const junk = forced.parse(block([COURT, `Also:\n${LIST}`]));
    expect(junk.calls).toEqual([]);
    expect(junk.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['reserve_court', 'malformed'],
      ['list_courts', 'malformed'],
    ]);
    const keyWithoutValue = forced.parse(
      '<tool_calls><tool_call>reserve_court<tool_sep><arg_key>court</arg_key></tool_call></tool_calls>',
    );
    expect(keyWithoutValue.rejected.map((each) => each.reason)).toEqual(['malformed']);
  });

  it('should report a call with no name, and a block with no call', () => {
    const nameless = forced.parse(
      '<tool_calls><tool_call> <tool_sep><arg_key>a</arg_key><arg_value>1</arg_value></tool_call></tool_calls>',
    );
    expect(nameless.calls).toEqual([]);
    expect(nameless.issues.map((issue) => issue.message)).toContain('a call has no tool name');
    const empty = forced.parse('<tool_calls>\n');
    expect(empty.calls).toEqual([]);
    expect(empty.issues[0]?.code).toBe('incomplete-tool-call');
  });

  it('should leave <tool_calls> holding JSON to jamba, hunyuan_a13b and minimax', () => {
    const list = '<tool_calls>[{"name": "list_courts", "arguments": {}}]</tool_calls>';
    const lines = '<tool_calls>\n{"name": "list_courts", "arguments": {}}\n</tool_calls>';
    expect(auto.parse(list).calls.map((each) => each.format)).toEqual(['hunyuan_a13b']);
    expect(auto.parse(lines).calls.map((each) => each.format)).toEqual(['minimax']);
    for (const [format, text] of [
      ['jamba', list],
      ['hunyuan_a13b', list],
      ['minimax', lines],
    ] as const) {
      const both = createParser({ formats: ['hy_v3', format] }).parse(text);
      expect(both.calls.map((each) => each.format)).toEqual([format]);
    }
    expect(forced.parse(list).calls).toEqual([]);
    expect(hy_v3.mayOpen?.('<tool_calls>', '['.charCodeAt(0))).toBe(false);
    expect(hy_v3.mayOpen?.('<tool_calls>', '{'.charCodeAt(0))).toBe(false);
    expect(hy_v3.mayOpen?.('<tool_calls>', '<'.charCodeAt(0))).toBe(true);
  });

  it('should be read as hy_v3 in auto mode, and leave glm45 and hermes calls to them', () => {
    expect(auto.parse(block([COURT, LIST])).calls.map((each) => each.format)).toEqual([
      'hy_v3',
      'hy_v3',
    ]);
    for (const format of ['jamba', 'hunyuan_a13b', 'minimax'] as const) {
      const both = createParser({ formats: [format, 'hy_v3'] }).parse(block([COURT]));
      expect(both.calls.map((each) => each.format)).toEqual(['hy_v3']);
    }
    const glm =
      '<tool_call>reserve_court\n<arg_key>court</arg_key>\n<arg_value>Centre</arg_value>\n</tool_call>';
    expect(auto.parse(glm).calls.map((each) => each.format)).toEqual(['glm45']);
    const hermes = '<tool_call>{"name": "list_courts", "arguments": {}}</tool_call>';
    expect(auto.parse(hermes).calls.map((each) => each.format)).toEqual(['hermes']);
    expect(forced.parse(glm).syntaxSeen).toBe(false);
  });

  it('should decline, for the formats sharing <tool_calls>, only what is no block of its own', () => {
    const declines = hy_v3.declines as NonNullable<typeof hy_v3.declines>;
    expect(declines('<tool_calls>', 0)).toBe(false);
    expect(declines('<tool_calls>\n<tool_ca', 0)).toBe(false);
    expect(declines('<tool_calls>\n{', 0)).toBe(true);
    expect(declines('<tool_calls><tool_call:opensource>', 0)).toBe(true);
    expect(declines('<tool_calls:opensource><tool_call:opensource>', 0)).toBe(false);
    expect(declines('<tool_calls:open source>', 0)).toBe(true);
  });

  describe('streams', () => {
    const texts = [
      block([COURT, LIST]),
      `Booking.\n${block([
        call('reserve_court', [
          ['players', '["Ana"]'],
          ['indoor', 'false'],
        ]),
        LIST,
      ])} done`,
      block([COURT, LIST], ':opensource').replaceAll('<tool_call>', '<tool_call:opensource>'),
      block(
        [
          call(
            'reserve_court',
            [
              ['court', 'C'],
              ['hours', '4'],
            ],
            ':opensource',
          ),
        ],
        ':opensource',
      ),
      block([COURT, call('reserve_court', [['court', 'Annex']])]).slice(0, -30),
      `<tool_calls>\n${COURT}\nThe court is booked.`,
      '<tool_calls:opensource><tool_call:opensource>reserve_court</arg_value:opensource>',
      block([COURT, `junk ${LIST}`]),
      '<tool_calls>[{"name": "list_courts", "arguments": {}}]</tool_calls>',
      // Hy4's spelling, then a block whose last call alone writes <tool_sep>: the repairs of the
      // calls before it are known only at the end of the block.
      '<tool_calls:6124c78e><tool_call:6124c78e>reserve_court<arg_key:6124c78e>court</arg_key:6124c78e><arg_value:6124c78e>Centre</arg_value:6124c78e></tool_call:6124c78e><tool_call:6124c78e>list_courts</tool_call:6124c78e></tool_calls:6124c78e>',
      '<tool_calls><tool_call>reserve_court<arg_key>court</arg_key><arg_value>Centre</arg_value></tool_call><tool_call>list_courts</tool_call><tool_call>list_courts<tool_sep></tool_call></tool_calls>',
    ];
    const settings: ParserOptions[] = [{ formats: ['hy_v3'] }, {}, { formats: ['hy_v3'], tools }];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start each call at its <tool_sep> and stream its values', () => {
      const stream = createParser({
        formats: ['hy_v3'],
        tools,
        reasoning: { startsInside: false },
      }).stream();
      const text = block([COURT, LIST]);
      const cut = text.indexOf('Cen') + 3;
      const early = stream.push(text.slice(0, cut));
      expect(early.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"court":"Cen');
      const second = stream.push(text.slice(cut, text.lastIndexOf('<tool_sep>') + 10));
      expect(second.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
    });
  });
});
