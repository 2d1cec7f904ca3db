import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['harmony'], ids: 'sequential' });

const CALL_HEAD = '<|start|>assistant<|channel|>commentary to=functions.';

describe('harmony', () => {
  it('should read a commentary message addressed to a function as a call', () => {
    const result = parser.parse(
      `${CALL_HEAD}get_stock <|constrain|>json<|message|>{"ticker": "ACME"}<|call|>`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'get_stock',
        arguments: { ticker: 'ACME' },
        format: 'harmony',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should split analysis into reasoning and final into content', () => {
    const result = parser.parse(
      '<|channel|>analysis<|message|>Simple greeting.<|end|><|start|>assistant<|channel|>final<|message|>Hello there!<|return|>',
    );
    expect(result.calls).toEqual([]);
    expect(result.reasoning).toBe('Simple greeting.');
    expect(result.content).toBe('Hello there!');
  });

  it('should read reasoning, then a call, and drop everything after the call token', () => {
    const result = parser.parse(
      `<|channel|>analysis<|message|>Need the price.<|end|>${CALL_HEAD}get_stock <|constrain|>json<|message|>{"ticker": "ACME"}<|call|><|start|>assistant<|channel|>final<|message|>It is 12.`,
    );
    expect(result.calls.map((each) => each.name)).toEqual(['get_stock']);
    expect(result.reasoning).toBe('Need the price.');
    expect(result.content).toBe('');
  });

  it('should read a recipient written in the role part and a content type without <|constrain|>', () => {
    const result = parser.parse(
      '<|start|>assistant to=functions.lookup<|channel|>commentary json<|message|>{"q": "x"}<|call|>',
    );
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([
      ['lookup', { q: 'x' }],
    ]);
  });

  it('should keep a preamble without recipient as content', () => {
    const result = parser.parse('<|channel|>commentary<|message|>Checking the price now.<|end|>');
    expect(result.content).toBe('Checking the price now.');
    expect(result.calls).toEqual([]);
  });

  it('should drop a tool result message the model wrote itself', () => {
    const result = parser.parse(
      '<|start|>functions.get_stock to=assistant<|channel|>commentary<|message|>{"price": 12}<|end|>',
    );
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('');
  });

  it('should accept a complete call whose call token never came, recording the repair', () => {
    const result = parser.parse(`${CALL_HEAD}ping <|constrain|>json<|message|>{"host": "a"}`);
    expect(result.calls.map((each) => each.name)).toEqual(['ping']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments or its header', () => {
    const cut = parser.parse(`${CALL_HEAD}ping <|constrain|>json<|message|>{"host": "a`);
    expect(cut.calls).toEqual([]);
    expect(cut.rejected.map((each) => each.reason)).toEqual(['incomplete']);
    const header = parser.parse(`${CALL_HEAD}ping <|constrain|>json`);
    expect(header.calls).toEqual([]);
    expect(header.rejected.map((each) => each.reason)).toEqual(['incomplete']);
  });

  it('should report arguments that are not JSON and an empty recipient name', () => {
    const result = parser.parse(`${CALL_HEAD}ping<|message|>host a<|call|>`);
    expect(result.calls).toEqual([]);
    expect(result.issues).toHaveLength(1);
    const empty = parser.parse(`${CALL_HEAD} <|message|>{}<|call|>`);
    expect(empty.calls).toEqual([]);
  });

  it('should leave a <|channel|> token that no <|message|> follows as text', () => {
    const text = 'The <|channel|> token opens a header, <|endoftext|> ends the output.';
    const result = parser.parse(text);
    expect(result.content).toBe(text);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ formats: 'auto' }).parse(
      `${CALL_HEAD}ping <|constrain|>json<|message|>{}<|call|>`,
    );
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([['ping', 'harmony']]);
  });
});
