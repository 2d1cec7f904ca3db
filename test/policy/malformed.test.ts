import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { foldEvents } from '../../src/stream/fold.js';
import { hermes, TOOLS } from './fixtures.js';

describe('unreadable tool syntax', () => {
  const parser = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' });

  it('should turn a tool-call section whose body cannot be read into a malformed rejection', () => {
    const result = parser.parse('Checking.\n<tool_call>weather please</tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
    expect(result.rejected).toEqual([
      expect.objectContaining({
        reason: 'malformed',
        format: 'hermes',
        envelope: expect.objectContaining({
          error: 'malformed_tool_call',
          expected: 'a complete call in hermes (starting with <tool_call>) syntax',
        }),
      }),
    ]);
    expect(result.rejected[0]?.name).toBeUndefined();
    expect(result.telemetry[0]).toMatchObject({
      outcome: 'malformed',
      parse_mode: 'hermes',
      tool: undefined,
    });
  });

  it('should keep rejections in the order they appear in the output', () => {
    const text = `<tool_call>nope</tool_call>${hermes('ghost', {})}`;
    expect(parser.parse(text).rejected.map((rejection) => rejection.reason)).toEqual([
      'malformed',
      'unknown-tool',
    ]);
  });

  it('should refuse a call cut off inside its JSON as incomplete', () => {
    const result = parser.parse('<tool_call>{"name": "get_weather", "arguments": {"city": "Ghe');
    expect(result.rejected[0]).toMatchObject({
      reason: 'incomplete',
      envelope: { error: 'incomplete_tool_call' },
    });
  });

  it('should tell the model when calls past maxCalls were not read', () => {
    const few = createParser({ formats: ['hermes'], tools: TOOLS, limits: { maxCalls: 1 } });
    const result = few.parse(
      hermes('get_weather', { city: 'A' }) + hermes('get_weather', { city: 'B' }),
    );
    expect(result.calls).toHaveLength(1);
    expect(result.rejected[0]).toMatchObject({
      reason: 'too-many-calls',
      envelope: { error: 'too_many_calls' },
    });
  });

  it('should report the ds2api summary: syntax seen, names refused by the allowlist, policy rejection', () => {
    const result = parser.parse(hermes('ghost', {}) + hermes('spook', {}) + hermes('ghost', {}));
    expect(result.syntaxSeen).toBe(true);
    expect(result.rejectedToolNames).toEqual(['ghost', 'spook']);
    expect(result.rejectedByPolicy).toBe(true);
    const mixed = parser.parse(hermes('ghost', {}) + hermes('get_weather', { city: 'A' }));
    expect(mixed.rejectedByPolicy).toBe(false);
    expect(mixed.rejectedToolNames).toEqual(['ghost']);
  });

  it('should give every rejection an envelope with a hint', () => {
    const result = parser.parse(
      `<tool_call>x</tool_call>${hermes('ghost', {})}${hermes('update_ticket', { id: 1 })}<tool_call>{"name":"get_weather"`,
    );
    expect(result.rejected.length).toBe(4);
    for (const rejection of result.rejected)
      expect(rejection.envelope.hint.length).toBeGreaterThan(10);
  });

  it('should name the syntax that read the section, not a format whose marker opens its payload', () => {
    // In auto mode `{` is a marker too (bare JSON formats), and it starts where the hermes
    // payload does: the envelope must still ask for hermes, the syntax the model wrote.
    const auto = createParser({ tools: TOOLS, ids: 'sequential' });
    const text = 'Sure.\n<tool_call>{"name": "get_weather", "arguments": ["Ghent"]}</tool_call>';
    const expected = {
      reason: 'malformed',
      format: 'hermes',
      envelope: {
        expected: 'a complete call in hermes (starting with <tool_call>) syntax',
        received: 'the arguments of "get_weather" are not a JSON object',
      },
    };
    expect(auto.parse(text).rejected).toMatchObject([expected]);
    for (const size of [1, 7]) {
      const stream = auto.stream();
      const events = [];
      for (let at = 0; at < text.length; at += size)
        events.push(...stream.push(text.slice(at, at + size)));
      events.push(...stream.end());
      expect(foldEvents(events).rejected).toMatchObject([expected]);
    }
  });

  it('should refuse a call with a value left out, which the JSON reader could only read as null', () => {
    const nullable = createParser({
      formats: ['hermes'],
      reasoning: { startsInside: false },
      tools: [
        {
          name: 'purge',
          effect: 'destructive',
          parameters: {
            type: 'object',
            properties: { ids: { type: 'array' }, dry_run: { type: ['boolean', 'null'] } },
          },
        },
      ],
    });
    const text = '<tool_call>{"name": "purge", "arguments": {"ids": [1], "dry_run": }}</tool_call>';
    const expected = {
      reason: 'malformed',
      name: 'purge',
      envelope: { received: 'the value of "dry_run" is missing (read as null); write every value' },
    };
    expect(nullable.parse(text).calls).toEqual([]);
    expect(nullable.parse(text).rejected).toMatchObject([expected]);
    const stream = nullable.stream();
    const events = [...text].flatMap((unit) => stream.push(unit));
    events.push(...stream.end());
    expect(foldEvents(events).rejected).toMatchObject([expected]);
    // Written as null, the same field is the model's choice, and the call runs.
    expect(nullable.parse(text.replace('"dry_run": }', '"dry_run": null}')).calls).toHaveLength(1);
  });

  it('should refuse a call whose list or value the model abbreviated with "..."', () => {
    const mailer = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'send_invites',
          parameters: {
            type: 'object',
            properties: { emails: { type: 'array' }, note: { type: ['string', 'null'] } },
          },
        },
      ],
    });
    const call = (args: string) =>
      mailer.parse(`<tool_call>{"name": "send_invites", "arguments": ${args}}</tool_call>`);
    // Run as read, the first would invite two people where the model meant more.
    for (const args of ['{"emails": ["a@x.io", "b@x.io", ...]}', '{"emails": [], "note": ...}']) {
      const result = call(args);
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]).toMatchObject({
        reason: 'malformed',
        envelope: {
          received: expect.stringMatching(/^"\.\.\." written in place of values/) as unknown,
        },
      });
    }
    // Three dots inside a string are text.
    expect(call('{"emails": [], "note": "more to come..."}').calls).toHaveLength(1);
  });

  describe('values the reader could only guess', () => {
    const payments = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'pay',
          effect: 'destructive',
          parameters: {
            type: 'object',
            properties: {
              amount: { type: 'number' },
              confirm: { type: 'boolean' },
              memo: { type: 'string' },
            },
          },
        },
      ],
    });
    const pay = (args: string) =>
      payments.parse(`<tool_call>{"name": "pay", "arguments": ${args}}</tool_call>`);

    it('should refuse a call holding a number cut off before its digits', () => {
      // Read as 4 and as 0, these would pay what the model never wrote (`4e` may be `4e3`).
      for (const [amount, received] of [
        ['4e', 'the value of "amount" is a number cut off (4e); write the whole number'],
        ['-', 'the value of "amount" is a number cut off (-); write the whole number'],
      ]) {
        const result = pay(`{"amount": ${amount}, "confirm": true}`);
        expect(result.calls).toEqual([]);
        expect(result.rejected).toMatchObject([{ reason: 'malformed', envelope: { received } }]);
      }
      expect(pay('{"amount": 4e3, "confirm": true}').calls).toHaveLength(1);
    });

    it('should refuse a call holding a function call in place of a value', () => {
      // `negate(true)` read as its argument was `true`: the opposite of what the model wrote.
      const result = pay('{"amount": 5, "confirm": negate(true)}');
      expect(result.calls).toEqual([]);
      expect(result.rejected).toMatchObject([
        {
          reason: 'malformed',
          envelope: {
            received:
              'the value of "confirm" is the function call negate(...), not a value; write the value itself',
          },
        },
      ]);
      // A MongoDB type wrapper means the value it holds.
      expect(pay('{"amount": NumberInt(5), "confirm": true}').calls).toHaveLength(1);
    });

    it('should refuse a call holding a string left open whose end is a guess', () => {
      // Read up to the brace, the memo is `rent for march`: the model may have meant more (a
      // brace inside it, or text after one).
      const result = pay('{"amount": 5, "confirm": true, "memo": "rent for march}');
      expect(result.calls).toEqual([]);
      expect(result.rejected).toMatchObject([
        {
          reason: 'malformed',
          envelope: {
            received:
              'the value of "memo" is a string left open, read up to the delimiter after it; write the whole string and close it',
          },
        },
      ]);
      // Left open only at the end of the output, the string was cut off: incomplete, as before.
      const cut = payments.parse('<tool_call>{"name": "pay", "arguments": {"memo": "rent, march');
      expect(cut.rejected).toMatchObject([{ reason: 'incomplete' }]);
      // Closed, the same memo is a value like any other.
      expect(pay('{"amount": 5, "confirm": true, "memo": "rent for march"}').calls).toHaveLength(1);
    });
  });
});
