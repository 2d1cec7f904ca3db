import { describe, expect, it } from 'vitest';
import { createParser, type ParserOptions } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['gemma4'], ids: 'sequential' });

const Q = '<|"|>';

describe('gemma4', () => {
  it('should read one call with quoted strings and bare keys', () => {
    const result = parser.parse(
      `<|tool_call>call:send_mail{to:${Q}ana@example.com${Q},subject:${Q}Hi, there{}${Q}}<tool_call|>`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'send_mail',
        arguments: { to: 'ana@example.com', subject: 'Hi, there{}' },
        format: 'gemma4',
        id: 'call_0',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read numbers, literals, lists and nested maps', () => {
    const result = parser.parse(
      `<|tool_call>call:plan{steps:[${Q}a${Q},${Q}b${Q}],limits:{max:-3,ratio:2.5e-1,on:true},note:null,empty:{},none:[]}<tool_call|>`,
    );
    expect(result.calls[0]?.arguments).toEqual({
      steps: ['a', 'b'],
      limits: { max: -3, ratio: 0.25, on: true },
      note: null,
      empty: {},
      none: [],
    });
  });

  it('should read consecutive blocks and keep the prose around them', () => {
    const result = parser.parse(
      `Two lookups.<|tool_call>call:a{x:1}<tool_call|><|tool_call>call:b{y:${Q}z${Q}}<tool_call|>Done.`,
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', { x: 1 }],
      ['b', { y: 'z' }],
    ]);
    expect(result.content).toBe('Two lookups.Done.');
  });

  it('should type bare values by the tool schema when one is known, else keep the text', () => {
    const tools = [
      {
        name: 'set_mode',
        parameters: {
          type: 'object',
          properties: { unit: { type: 'string' }, strict: { type: 'boolean' } },
        },
      },
    ];
    const typed = createParser({ formats: ['gemma4'], tools, ids: 'sequential' });
    const text = '<|tool_call>call:set_mode{unit:celsius,strict:TRUE}<tool_call|>';
    const result = typed.parse(text);
    expect(result.calls[0]?.arguments).toEqual({ unit: 'celsius', strict: true });
    expect(result.calls[0]?.repairs).toEqual([
      expect.objectContaining({ kind: 'schema-typed-value', detail: 'strict' }),
    ]);
    expect(parser.parse(text).calls[0]?.arguments).toEqual({ unit: 'celsius', strict: 'TRUE' });
  });

  it('should split the thought channel into reasoning and never run calls inside it', () => {
    const result = parser.parse(
      `<|channel>thought\nMaybe <|tool_call>call:a{x:1}<tool_call|> later.<channel|>Answer: 4.`,
    );
    expect(result.calls).toEqual([]);
    expect(result.reasoning).toBe('Maybe <|tool_call>call:a{x:1}<tool_call|> later.');
    expect(result.content).toBe('Answer: 4.');
  });

  it('should drop stray and repeated channel tokens from the content', () => {
    const result = parser.parse('<|channel><|channel>thought\n<channel|>Hi.<channel|>');
    expect(result.content).toBe('Hi.');
    expect(result.reasoning).toBe('');
  });

  it('should accept a complete call whose close token never came, recording the repair', () => {
    const result = parser.parse('<|tool_call>call:ping{host:<|"|>db<|"|>}');
    expect(result.calls.map((call) => call.arguments)).toEqual([{ host: 'db' }]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments', () => {
    const result = parser.parse('<|tool_call>call:ping{host:<|"|>d');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'ping', reason: 'incomplete' }),
    ]);
  });

  it('should report a block that is not call:NAME{...} as malformed and consume it', () => {
    const result = parser.parse('<|tool_call>ping the host<tool_call|>after');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('after');
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should refuse a call nested deeper than the depth limit', () => {
    const shallow = createParser({ formats: ['gemma4'], limits: { maxDepth: 2 } });
    // The arguments object is the first level.
    expect(shallow.parse('<|tool_call>call:f{a:{b:1}}<tool_call|>').calls).toHaveLength(1);
    const result = shallow.parse('<|tool_call>call:f{a:{b:[1]}}<tool_call|>');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([expect.objectContaining({ name: 'f', reason: 'too-large' })]);
    // Worded as every other syntax's nesting limit, naming the limit rather than a syntax error.
    expect(result.rejected[0]?.envelope).toMatchObject({
      error: 'too_large',
      tool: 'f',
      expected: 'a nesting of at most 2 levels',
    });
  });

  it('should keep __proto__ keys as plain data', () => {
    const result = parser.parse('<|tool_call>call:set{__proto__:{x:1}}<tool_call|>');
    const args = result.calls[0]?.arguments ?? {};
    expect(Object.keys(args)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ ids: 'sequential' });
    const result = auto.parse('Sure.<|tool_call>call:now{}<tool_call|>');
    expect(result.calls).toEqual([expect.objectContaining({ name: 'now', format: 'gemma4' })]);
    expect(result.content).toBe('Sure.');
  });

  describe('arguments in parentheses', () => {
    const tools = [
      {
        name: 'terminal',
        parameters: {
          type: 'object',
          properties: { command: { type: 'string' }, timeout: { type: 'integer' } },
        },
      },
    ];
    const options: ParserOptions = {
      formats: ['gemma4'],
      tools,
      reasoning: { startsInside: false },
    };
    const read = createParser(options);

    it('should read call:NAME(...) as the braces would be read, recording the repair', () => {
      for (const text of [
        // The block's own syntax in parentheses, as Gemma 4 was reported writing it under load.
        `<|tool_call>call:terminal(command:${Q}ls -a (all)${Q},timeout:30)<tool_call|>Listed.`,
        // Python's keyword arguments.
        '<|tool_call>call:terminal(command="ls -a (all)", timeout=30)<tool_call|>Listed.',
      ]) {
        const result = read.parse(text);
        expect(result.calls).toMatchObject([
          { name: 'terminal', arguments: { command: 'ls -a (all)', timeout: 30 }, validated: true },
        ]);
        expect(result.calls[0]?.repairs).toEqual([
          {
            kind: 'other',
            offset: 12,
            detail: 'the arguments of call:terminal written in parentheses, not braces',
          },
        ]);
        expect(result.content).toBe('Listed.');
        expectEveryChunking(options, text);
      }
    });

    it('should keep braces, = and ) as they were in calls written with braces', () => {
      const result = read.parse(`<|tool_call>call:terminal{command:echo a=b (c)}<tool_call|>`);
      expect(result.calls).toMatchObject([{ arguments: { command: 'echo a=b (c)' }, repairs: [] }]);
      // A parenthesized call and a braced one in one block.
      const both = read.parse(
        `<|tool_call>call:terminal(command:${Q}pwd${Q}),call:terminal{command:ls (long)}<tool_call|>`,
      );
      expect(both.calls.map((call) => call.arguments)).toEqual([
        { command: 'pwd' },
        { command: 'ls (long)' },
      ]);
      expect(both.calls.map((call) => call.repairs.length)).toEqual([1, 0]);
    });

    it('should never run a parenthesized call that was cut off', () => {
      const result = read.parse(`<|tool_call>call:terminal(command:${Q}rm -r${Q}`);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toMatchObject([{ name: 'terminal', reason: 'incomplete' }]);
    });
  });
});
