import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'find_trains',
    parameters: {
      type: 'object',
      properties: {
        origin: { type: 'string' },
        destination: { type: 'string' },
        passengers: { type: 'integer' },
      },
      required: ['origin', 'destination'],
      additionalProperties: false,
    },
  },
  { name: 'station_clock', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['apertus'], ids: 'sequential' });
const typed = createParser({ formats: ['apertus'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

const OPEN = '<|tools_prefix|>';
const CLOSE = '<|tools_suffix|>';
const TRAINS = '{"find_trains": {"origin": "Lugano", "destination": "Chur", "passengers": 2}}';
const CLOCK = '{"station_clock": {}}';

/** A block as Apertus writes it. */
function block(...calls: string[]): string {
  return `${OPEN}[${calls.join(', ')}]${CLOSE}`;
}

describe('apertus', () => {
  it('should read one call keyed by its tool name', () => {
    const result = forced.parse(block(TRAINS));
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'find_trains',
        arguments: { origin: 'Lugano', destination: 'Chur', passengers: 2 },
        format: 'apertus',
        repairs: [],
      }),
    ]);
    expect(result.rejected).toEqual([]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read parallel calls in order, with prose before and after as content', () => {
    const text = `I will look it up. ${block(TRAINS, CLOCK)}\nOne moment.`;
    const result = forced.parse(text);
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['find_trains', { origin: 'Lugano', destination: 'Chur', passengers: 2 }],
      ['station_clock', {}],
    ]);
    expect(result.content).toBe('I will look it up. \nOne moment.');
  });

  it('should read nested arguments as written', () => {
    const result = forced.parse(
      block('{"plan": {"legs": [{"from": "Bern", "via": ["Olten"]}], "flex": null}}'),
    );
    expect(result.calls[0]?.arguments).toEqual({
      legs: [{ from: 'Bern', via: ['Olten'] }],
      flex: null,
    });
  });

  it('should validate against the allowlist and the schema', () => {
    const passing = typed.parse(block(TRAINS));
    expect(passing.calls.map((each) => each.name)).toEqual(['find_trains']);
    const unknown = typed.parse(block('{"delete_all": {}}'));
    expect(unknown.calls).toEqual([]);
    expect(unknown.rejected[0]).toEqual(
      expect.objectContaining({ name: 'delete_all', reason: 'unknown-tool' }),
    );
    const wrongType = typed.parse(
      block('{"find_trains": {"origin": "Lugano", "destination": "Chur", "passengers": "two"}}'),
    );
    expect(wrongType.calls).toEqual([]);
    expect(wrongType.rejected[0]).toEqual(
      expect.objectContaining({ name: 'find_trains', reason: 'schema-violation' }),
    );
    const missing = typed.parse(block('{"find_trains": {"origin": "Lugano"}}'));
    expect(missing.rejected[0]?.reason).toBe('schema-violation');
  });

  it('should run the whole calls of a block whose suffix was left out, recording the slip', () => {
    const bare = forced.parse(`${OPEN}[${TRAINS}]`);
    expect(bare.calls.map((each) => each.name)).toEqual(['find_trains']);
    expect(bare.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
    // The model went on writing its answer: that text is content.
    const wentOn = forced.parse(`${OPEN}[${TRAINS}]\nThe next train leaves at nine.`);
    expect(wentOn.calls.map((each) => each.name)).toEqual(['find_trains']);
    expect(wentOn.content).toBe('\nThe next train leaves at nine.');
    // A second block opened where the first's suffix belonged ends the first.
    const twice = forced.parse(`${OPEN}[${TRAINS}]${block(CLOCK)}`);
    expect(twice.calls.map((each) => each.name)).toEqual(['find_trains', 'station_clock']);
  });

  it('should keep the whole calls of a list cut off and refuse the cut one by name', () => {
    const cut = forced.parse(`${OPEN}[${CLOCK}, {"find_trains": {"origin": "Lug`);
    expect(cut.calls.map((each) => each.name)).toEqual(['station_clock']);
    expect(cut.rejected).toEqual([
      expect.objectContaining({ name: 'find_trains', reason: 'incomplete' }),
    ]);
    // The list's `]` left out after a whole call: the call runs, the slip recorded.
    const noBracket = forced.parse(`${OPEN}[${CLOCK}${CLOSE}`);
    expect(noBracket.calls.map((each) => each.name)).toEqual(['station_clock']);
    expect(noBracket.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'missing-end-marker',
    ]);
  });

  it('should keep prose between the list and the suffix as content', () => {
    const result = forced.parse(`${OPEN}[${CLOCK}] checking the board${CLOSE}Done.`);
    expect(result.calls.map((each) => each.name)).toEqual(['station_clock']);
    expect(result.content).toBe(' checking the boardDone.');
  });

  it('should refuse by name the calls of a block holding JSON after its list', () => {
    const result = forced.parse(`${OPEN}[${CLOCK}], ${TRAINS}${CLOSE}`);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'station_clock', reason: 'malformed' }),
    ]);
    expect(result.issues[0]?.message).toMatch(/inside the one list/);
  });

  it('should refuse by name an object with two keys, a key written twice or bad arguments', () => {
    const twoKeys = forced.parse(block('{"station_clock": {}, "find_trains": {}}'));
    expect(twoKeys.calls).toEqual([]);
    expect(twoKeys.rejected).toEqual([
      expect.objectContaining({ name: 'station_clock', reason: 'malformed' }),
    ]);
    expect(twoKeys.issues[0]?.message).toMatch(/holds 2 keys/);
    const strayKey = forced.parse(block('{"find_trains": {"origin": "Bern"}, "urgent": true}'));
    expect(strayKey.rejected.map((each) => each.name)).toEqual(['find_trains']);
    const twice = forced.parse(block('{"find_trains": {"origin": "A"}, "find_trains": {}}'));
    expect(twice.calls).toEqual([]);
    expect(twice.issues[0]?.message).toMatch(/twice/);
    for (const value of ['3', '"{}"', 'null', '["Bern"]']) {
      const result = forced.parse(block(`{"find_trains": ${value}}`));
      expect(result.calls).toEqual([]);
      expect(result.rejected).toEqual([
        expect.objectContaining({ name: 'find_trains', reason: 'malformed' }),
      ]);
      expect(result.issues[0]?.message).toBe(
        'the arguments of "find_trains" are not a JSON object',
      );
    }
    // The other calls of the list still run.
    const mixed = forced.parse(block(CLOCK, '{"find_trains": 3}'));
    expect(mixed.calls.map((each) => each.name)).toEqual(['station_clock']);
  });

  it('should report an object that names no tool, and a block that holds no list', () => {
    const empty = forced.parse(block('{}'));
    expect(empty.calls).toEqual([]);
    expect(empty.issues[0]?.message).toBe('the call object names no tool');
    const blank = forced.parse(block('{"": {}}'));
    expect(blank.calls).toEqual([]);
    expect(blank.issues[0]?.message).toBe('the call has no tool name');
    const prose = forced.parse(`${OPEN}let me think${CLOSE}`);
    expect(prose.calls).toEqual([]);
    expect(prose.syntaxSeen).toBe(true);
    expect(prose.issues[0]?.code).toBe('malformed-tool-call');
    // One object with no list around it, or junk between the items: refused, by name.
    const lone = forced.parse(`${OPEN}${CLOCK}${CLOSE}`);
    expect(lone.calls).toEqual([]);
    expect(lone.rejected.map((each) => each.name)).toEqual(['station_clock']);
    const junk = forced.parse(`${OPEN}[${CLOCK} and ${TRAINS}]${CLOSE}`);
    expect(junk.calls).toEqual([]);
    expect(junk.rejected.map((each) => each.name)).toEqual(['station_clock']);
  });

  it('should never run a call written as the usual name and arguments object', () => {
    const result = forced.parse(block('{"name": "station_clock", "arguments": {}}'));
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => each.reason)).toEqual(['malformed']);
  });

  it('should read <|inner_prefix|> blocks as reasoning, and a prefilled one by its close', () => {
    const written = forced.parse(
      `<|inner_prefix|>Lugano to Chur, two people.<|inner_suffix|>Let me see. ${block(TRAINS)}`,
    );
    expect(written.reasoning).toBe('Lugano to Chur, two people.');
    expect(written.content).toBe('Let me see. ');
    expect(written.calls.map((each) => each.name)).toEqual(['find_trains']);
    // The template writes <|inner_prefix|> into the prompt when deliberation is on.
    const prefilled = forced.parse(`Two people.<|inner_suffix|>${block(CLOCK)}`);
    expect(prefilled.reasoning).toBe('Two people.');
    expect(prefilled.calls.map((each) => each.name)).toEqual(['station_clock']);
    // A block opened inside the reasoning ends it (Apertus may call tools from its inner section).
    const inside = forced.parse(`<|inner_prefix|>I need the clock.${block(CLOCK)}`);
    expect(inside.reasoning).toBe('I need the clock.');
    expect(inside.calls.map((each) => each.name)).toEqual(['station_clock']);
  });

  it('should be found in auto mode without taking other formats’ calls', () => {
    const found = auto.parse(`Checking. ${block(TRAINS, CLOCK)}`);
    expect(found.calls.map((each) => [each.name, each.format])).toEqual([
      ['find_trains', 'apertus'],
      ['station_clock', 'apertus'],
    ]);
    const others: [string, string][] = [
      ['<tool_call>{"name": "station_clock", "arguments": {}}</tool_call>', 'hermes'],
      ['functools[{"name": "station_clock", "arguments": {}}]', 'phi4_mini'],
      ['<|tool_call|>[{"name": "station_clock", "arguments": {}}]', 'granite'],
      ['<tool_calls>[{"name": "station_clock", "arguments": {}}]</tool_calls>', 'hunyuan_a13b'],
      ['[TOOL_CALLS][{"name": "station_clock", "arguments": {}}]', 'mistral'],
    ];
    for (const [text, format] of others) {
      expect(auto.parse(text).calls.map((each) => each.format)).toEqual([format]);
      expect(forced.parse(text).syntaxSeen).toBe(false);
    }
    // A bare keyed list is no Apertus call: without its token it is only JSON.
    expect(forced.parse(`[${CLOCK}]`).calls).toEqual([]);
  });

  describe('streams', () => {
    const texts = [
      block(TRAINS),
      `Sure. ${block(TRAINS, CLOCK)} Anything else?`,
      `${OPEN}[${TRAINS}]`,
      `${OPEN}[${CLOCK}]\nDone for now.`,
      `${OPEN}[${CLOCK}, {"find_trains": {"origin": "Lug`,
      `${OPEN}[${CLOCK}] noted${CLOSE}after`,
      `${OPEN}[${CLOCK}], ${TRAINS}${CLOSE}`,
      block('{"station_clock": {}, "find_trains": {}}', CLOCK),
      block(CLOCK, '{"find_trains": 3}', CLOCK),
      `${OPEN}[${CLOCK} and ${TRAINS}]${CLOSE}`,
      `${OPEN}[{"find_trains": {"origin": "a${CLOSE}b"}}]${CLOSE}`,
      `${OPEN}[${CLOCK}]${block(TRAINS)}`,
      `<|inner_prefix|>Two people.<|inner_suffix|>${block(TRAINS)}`,
      `Two people.<|inner_suffix|>${block(CLOCK)} ok`,
      `<|inner_prefix|>Thinking${block(CLOCK)}`,
    ];
    const settings: ParserOptions[] = [
      { formats: ['apertus'] },
      {},
      { formats: ['apertus'], tools },
    ];
    for (const [index, text] of texts.entries()) {
      it(`should fold every chunking to parse (text ${index})`, () => {
        for (const options of settings) expectEveryChunking(options, text);
      });
    }

    it('should start each call at its arguments and stream them', () => {
      const stream = createParser({
        formats: ['apertus'],
        tools,
        reasoning: { startsInside: false },
      }).stream();
      const text = block(TRAINS, CLOCK);
      const cut = text.indexOf('Lug') + 3;
      const early = stream.push(text.slice(0, cut));
      expect(
        early.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['find_trains']);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"origin":"Lug');
      const second = stream.push(text.slice(cut, text.indexOf('"station_clock": {') + 18));
      expect(
        second.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : [])),
      ).toEqual(['station_clock']);
    });
  });
});
