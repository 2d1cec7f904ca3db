/**
 * functiongemma: Gemma's call syntax between `<start_function_call>` and `<end_function_call>`,
 * strings between `<escape>` tokens. The call syntax itself is gemma4's (its own tests cover the
 * values in depth); these hold what differs: the tokens, and that neither format reads the
 * other's.
 */
import { describe, expect, it } from 'vitest';
import { createParser, type ParserOptions, type ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['functiongemma'], ids: 'sequential' });

const E = '<escape>';
const OPEN = '<start_function_call>';
const CLOSE = '<end_function_call>';

const TOOLS: ToolDefinition[] = [
  {
    name: 'book_court',
    parameters: {
      type: 'object',
      properties: {
        club: { type: 'string' },
        hour: { type: 'integer' },
        indoor: { type: 'boolean' },
        players: { type: 'array', items: { type: 'string' } },
      },
      required: ['club'],
    },
  },
  { name: 'current_time', parameters: { type: 'object', properties: {} } },
];

describe('functiongemma', () => {
  it('should read a call whose strings sit between <escape> tokens', () => {
    const result = parser.parse(
      `I'll book it.${OPEN}call:book_court{club:${E}Racket Club, Leuven${E},hour:18,indoor:true,players:[${E}An${E},${E}Bo{}${E}]}${CLOSE}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'book_court',
        arguments: { club: 'Racket Club, Leuven', hour: 18, indoor: true, players: ['An', 'Bo{}'] },
        format: 'functiongemma',
        id: 'call_0',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe("I'll book it.");
  });

  it('should read a call with no arguments, and one block after another', () => {
    const result = parser.parse(
      `${OPEN}call:current_time{}${CLOSE}${OPEN}call:book_court{club:${E}North${E}}${CLOSE}`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['current_time', {}],
      ['book_court', { club: 'North' }],
    ]);
  });

  it('should keep a string as written: its close token, braces and commas are text', () => {
    const result = parser.parse(
      `${OPEN}call:book_court{club:${E}say ${CLOSE}, then {x}${E}}${CLOSE}`,
    );
    expect(result.calls[0]?.arguments).toEqual({ club: `say ${CLOSE}, then {x}` });
  });

  it("should read gemma4's quote token as text, not as a string's delimiter", () => {
    const result = parser.parse(`${OPEN}call:book_court{club:<|"|>East<|"|>}${CLOSE}`);
    expect(result.calls[0]?.arguments).toEqual({ club: '<|"|>East<|"|>' });
  });

  it('should leave a string written for a number to the schema, which refuses it', () => {
    // vLLM reads `<escape>18<escape>` as 18; here a quoted value is text, as the template writes
    // it, and the tool decides (`coerce` lets it through as a recorded repair).
    const strict = createParser({ formats: ['functiongemma'], tools: TOOLS });
    const text = `${OPEN}call:book_court{club:${E}West${E},hour:${E}18${E}}${CLOSE}`;
    expect(strict.parse(text).rejected.map((call) => call.reason)).toEqual(['schema-violation']);
    const coercing = createParser({
      formats: ['functiongemma'],
      tools: TOOLS.map((tool) => ({ ...tool, coerce: true })),
    });
    expect(coercing.parse(text).calls[0]?.arguments).toEqual({ club: 'West', hour: 18 });
  });

  it('should type a bare word by the schema, recording the repair', () => {
    const typed = createParser({ formats: ['functiongemma'], tools: TOOLS });
    const text = `${OPEN}call:book_court{club:Central,indoor:TRUE}${CLOSE}`;
    const result = typed.parse(text);
    expect(result.calls[0]?.arguments).toEqual({ club: 'Central', indoor: true });
    expect(result.calls[0]?.repairs).toEqual([
      expect.objectContaining({ kind: 'schema-typed-value', detail: 'indoor' }),
    ]);
    // Without a schema the word stays text.
    expect(parser.parse(text).calls[0]?.arguments).toEqual({ club: 'Central', indoor: 'TRUE' });
  });

  it('should run the call that closed when the model went on repeating it without the open token', () => {
    // Docker Model Runner #1045: `<end_function_call>` was not a stop token, and the model wrote
    // the call again and again until max_tokens. The repeats open no block: they stay text.
    const result = parser.parse(
      `${OPEN}call:current_time{}${CLOSE}call:current_time{}${CLOSE}call:current_ti`,
    );
    expect(result.calls.map((call) => call.name)).toEqual(['current_time']);
    expect(result.rejected).toEqual([]);
    expect(result.content).toBe(`call:current_time{}${CLOSE}call:current_ti`);
  });

  it('should accept a complete call whose close token never came, recording the repair', () => {
    const result = parser.parse(`${OPEN}call:book_court{club:${E}South${E}}`);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments, by name', () => {
    const result = parser.parse(`${OPEN}call:book_court{club:${E}Sou`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
      ['book_court', 'incomplete'],
    ]);
  });

  it('should report a block that holds no call as malformed, and consume it', () => {
    const result = parser.parse(`Before.${OPEN}book_court please${CLOSE}After.`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => call.reason)).toEqual(['malformed']);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
    expect(result.issues.find((issue) => issue.code === 'malformed-tool-call')?.message).toContain(
      OPEN,
    );
    expect(result.content).toBe('Before.After.');
  });

  it('should end a bare value at the close token, so that a block missing its } ends there', () => {
    const result = parser.parse(`${OPEN}call:book_court{club:North,hour:7${CLOSE}Later.`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
      ['book_court', 'malformed'],
    ]);
    expect(result.content).toBe('Later.');
  });

  it('should refuse a call nested deeper than the depth limit', () => {
    const deep = createParser({ formats: ['functiongemma'], limits: { maxDepth: 3 } });
    const result = deep.parse(`${OPEN}call:book_court{players:[[[[1]]]]}${CLOSE}`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
      ['book_court', 'too-large'],
    ]);
    expect(result.issues.map((issue) => issue.code)).toContain('too-deep');
  });

  it('should leave declarations and responses the model echoes as text', () => {
    const text = `<start_function_declaration>declaration:current_time{description:${E}Now${E}}<end_function_declaration><start_function_response>response:current_time{time:${E}10:00${E}}<end_function_response>`;
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.content).toBe(text);
  });

  it('should be found in auto mode, and be told apart from gemma4 there', () => {
    const auto = createParser({ tools: TOOLS });
    const result = auto.parse(
      `${OPEN}call:book_court{club:${E}A${E}}${CLOSE} and <|tool_call>call:book_court{club:<|"|>B<|"|>}<tool_call|>`,
    );
    expect(result.calls.map((call) => [call.format, call.arguments])).toEqual([
      ['functiongemma', { club: 'A' }],
      ['gemma4', { club: 'B' }],
    ]);
    // Each format reads only its own tokens.
    const gemma4 = createParser({ formats: ['gemma4'] });
    expect(gemma4.parse(`${OPEN}call:book_court{club:${E}A${E}}${CLOSE}`).calls).toEqual([]);
  });

  describe('streaming', () => {
    const cases: [string, ParserOptions, string][] = [
      [
        'two blocks, with prose',
        { formats: ['functiongemma'], tools: TOOLS },
        `Booking.${OPEN}call:book_court{club:${E}Quai 3${E},hour:9,players:[${E}An${E}]}${CLOSE}${OPEN}call:current_time{}${CLOSE}Done.`,
      ],
      [
        'a string holding the close token and a lone surrogate',
        { formats: ['functiongemma'] },
        `${OPEN}call:book_court{club:${E}a ${CLOSE} b \ud83d${E}}${CLOSE}`,
      ],
      ['a call cut off', { formats: ['functiongemma'] }, `${OPEN}call:book_court{club:${E}Sou`],
      ['a malformed block', { formats: ['functiongemma'] }, `x${OPEN}call:${CLOSE}y`],
      [
        'auto mode, with reasoning',
        { tools: TOOLS },
        `<think>Which court?</think>${OPEN}call:book_court{club:Central,indoor:false}${CLOSE}`,
      ],
      [
        'parentheses for braces',
        { formats: ['functiongemma'] },
        `${OPEN}call:book_court(club:${E}P${E},hour=7)${CLOSE}`,
      ],
    ];
    for (const [name, options, text] of cases) {
      it(`should fold to parse for every chunking: ${name}`, () => {
        expectEveryChunking(options, text);
      });
    }

    it('should stream a string value unit by unit, before the call ends', () => {
      const stream = createParser({
        formats: ['functiongemma'],
        reasoning: { startsInside: false },
      }).stream();
      const head = `${OPEN}call:book_court{club:${E}Le`;
      const early = [...head].flatMap((unit) => stream.push(unit));
      expect(early.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
      const deltas = early.flatMap((event) =>
        event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
      );
      expect(deltas.join('')).toBe('{"club":"Le');
    });
  });
});
