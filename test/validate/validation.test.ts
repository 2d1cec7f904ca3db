import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { closeObjects } from '../../src/validate/close-objects.js';
import { hermes, TOOLS } from '../policy/fixtures.js';

describe('argument validation', () => {
  const parser = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' });

  it('should refuse an enum value one letter off with the field, the allowed values and what was sent', () => {
    const result = parser.parse(hermes('update_ticket', { id: 'T-1', priority: 'critial' }));
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]).toMatchObject({
      reason: 'schema-violation',
      envelope: {
        error: 'tool_validation_failed',
        tool: 'update_ticket',
        field: '/priority',
        expected: 'one of "low" | "normal" | "high" | "urgent"',
        received: '"critial"',
      },
    });
  });

  it('should list every wrong field so one repair turn can fix them all', () => {
    const envelope = parser.parse(hermes('update_ticket', { id: 7, priority: 'x' })).rejected[0]
      ?.envelope;
    expect([envelope?.field, ...(envelope?.more ?? []).map((item) => item.field)]).toEqual([
      '/id',
      '/priority',
    ]);
  });

  it('should name a missing required field', () => {
    const envelope = parser.parse(hermes('update_ticket', { id: 'T-1' })).rejected[0]?.envelope;
    expect(envelope).toMatchObject({ field: '/priority', received: 'nothing' });
  });

  it('should refuse an undeclared key on a write tool but accept it on a read tool', () => {
    const write = parser.parse(hermes('update_ticket', { id: 'T-1', priority: 'low', cc: 'boss' }));
    expect(write.rejected[0]?.envelope).toMatchObject({ field: '/cc', received: '"boss"' });
    const read = parser.parse(hermes('get_weather', { city: 'Ghent', units: 'metric' }));
    expect(read.calls).toHaveLength(1);
  });

  it('should leave a write tool open when its schema allows extra keys itself', () => {
    const open = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'tag',
          parameters: {
            type: 'object',
            properties: { id: { type: 'string' } },
            additionalProperties: { type: 'string' },
          },
        },
      ],
    });
    expect(open.parse(hermes('tag', { id: 'a', color: 'red' })).calls).toHaveLength(1);
    expect(open.parse(hermes('tag', { id: 'a', size: 3 })).calls).toHaveLength(0);
  });

  it('should close nested object schemas that list properties and keep free-form maps open', () => {
    const closed = closeObjects({
      type: 'object',
      properties: {
        address: { type: 'object', properties: { street: { type: 'string' } } },
        metadata: { type: 'object' },
      },
    });
    expect(closed).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' } },
          additionalProperties: false,
        },
        metadata: { type: 'object' },
      },
    });
  });

  it('should not coerce "5" to 5 unless the tool opts in', () => {
    const result = parser.parse(hermes('get_weather', { city: 'A', days: '5' }));
    expect(result.rejected[0]?.envelope).toMatchObject({
      field: '/days',
      expected: 'integer',
      received: '"5"',
    });
  });

  it('should coerce for a tool that opts in and record each coercion as a repair', () => {
    const coercing = createParser({
      formats: ['hermes'],
      tools: [{ ...TOOLS[0]!, coerce: true }],
    });
    const call = coercing.parse(hermes('get_weather', { city: 'A', days: '5' })).calls[0];
    expect(call?.arguments).toEqual({ city: 'A', days: 5 });
    expect(call?.repairs).toEqual([
      expect.objectContaining({ kind: 'coercion', detail: '/days: "5" → 5' }),
    ]);
  });

  describe('a value valid as written, given to a tool that coerces', () => {
    const saving = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'save',
          coerce: true,
          parameters: {
            type: 'object',
            properties: {
              id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
              count: { type: 'integer' },
              limit: { type: ['integer', 'null'] },
            },
          },
        },
      ],
    });

    it('should keep it as written, even beside a field that is coerced', () => {
      // ajv coerced "007" to 7 and back to "7" while it tried the integer branch.
      const alone = saving.parse(hermes('save', { id: '007' })).calls[0];
      expect(alone?.arguments).toEqual({ id: '007' });
      expect(alone?.repairs).toEqual([]);
      const beside = saving.parse(hermes('save', { id: '007', count: '5' })).calls[0];
      expect(beside?.arguments).toEqual({ id: '007', count: 5 });
      expect(beside?.repairs.map((repair) => repair.detail)).toEqual(['/count: "5" → 5']);
    });

    it('should refuse to read "" as null in a nullable field', () => {
      const result = saving.parse(hermes('save', { limit: '' }));
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]?.envelope).toMatchObject({ field: '/limit', received: '""' });
      expect(saving.parse(hermes('save', { limit: null })).calls[0]?.arguments).toEqual({
        limit: null,
      });
    });
  });

  describe('null, given to a tool that coerces', () => {
    const wiping = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'wipe',
          effect: 'destructive',
          coerce: true,
          parameters: {
            type: 'object',
            properties: {
              dry_run: { type: 'boolean' },
              keep: { type: 'integer' },
              note: { type: 'string' },
              label: { type: ['string', 'null'] },
            },
            required: ['dry_run'],
          },
        },
      ],
    });
    const wipe = (args: string): string =>
      `<tool_call>{"name": "wipe", "arguments": ${args}}</tool_call>`;

    it('should refuse to read null as false, 0 or "": the model never wrote those values', () => {
      // Coerced, {"dry_run": null} ran the destructive tool for real.
      const result = wiping.parse(wipe('{"dry_run": null}'));
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]?.envelope).toMatchObject({
        field: '/dry_run',
        expected: 'a boolean value: null is not read as false',
        received: 'null',
      });
      const envelope = wiping.parse(wipe('{"dry_run": true, "keep": null, "note": null}'))
        .rejected[0]?.envelope;
      expect([envelope?.field, ...(envelope?.more ?? []).map((item) => item.field)]).toEqual([
        '/keep',
        '/note',
      ]);
    });

    it('should keep null where the schema allows it, and still coerce written values', () => {
      const call = wiping.parse(wipe('{"dry_run": "false", "label": null}')).calls[0];
      expect(call?.arguments).toEqual({ dry_run: false, label: null });
      expect(call?.repairs.map((repair) => repair.detail)).toEqual(['/dry_run: "false" → false']);
    });
  });

  describe('text and booleans, coerced into a number field', () => {
    const paying = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'pay',
          effect: 'destructive',
          coerce: true,
          parameters: {
            type: 'object',
            properties: { amount: { type: 'number' }, count: { type: 'integer' } },
          },
        },
      ],
    });
    const pay = (args: string): string =>
      `<tool_call>{"name": "pay", "arguments": ${args}}</tool_call>`;

    it('should refuse a number made from anything but decimal digits', () => {
      // JavaScript reads " " as 0, "0x10" as 16 and true as 1; ajv coerced all three.
      const cases: [string, string][] = [
        ['{"amount": " "}', 'a number written in digits: " " is not read as 0'],
        ['{"amount": "0x10"}', 'a number written in digits: "0x10" is not read as 16'],
        ['{"count": true}', 'a number written in digits: true is not read as 1'],
      ];
      for (const [args, expected] of cases) {
        const result = paying.parse(pay(args));
        expect(result.calls).toEqual([]);
        expect(result.rejected[0]?.envelope.expected).toBe(expected);
      }
    });

    it('should still coerce decimal text, blanks and signs and exponents included', () => {
      const call = paying.parse(pay('{"amount": " -1.5e3 ", "count": "+2"}')).calls[0];
      expect(call?.arguments).toEqual({ amount: -1500, count: 2 });
    });
  });

  describe('a number too long for JavaScript, coerced into a string field', () => {
    // Model text, not JSON.stringify: the digits the model wrote are the point.
    const written = (args: string): string =>
      `<tool_call>{"name": "delete_message", "arguments": ${args}}</tool_call>`;
    const deleting = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'delete_message',
          effect: 'destructive',
          coerce: true,
          parameters: {
            type: 'object',
            properties: {
              message_id: { type: 'string' },
              copies: { type: 'array', items: { type: 'string' } },
              weight: { type: 'number' },
            },
            required: ['message_id'],
          },
        },
      ],
    });

    it('should refuse it rather than run the call with the rounded digits', () => {
      // JSON.parse reads 1234567890123456789 as 1234567890123456800: coerced, that string would
      // name another message.
      const result = deleting.parse(written('{"message_id": 1234567890123456789}'));
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]).toMatchObject({
        reason: 'schema-violation',
        envelope: {
          field: '/message_id',
          expected: expect.stringMatching(/^a string in quotes/) as unknown,
          received: '1234567890123456800 (the number as read, rounded)',
        },
      });
    });

    it('should name every such field, in arrays and below zero too', () => {
      const envelope = deleting.parse(
        written('{"message_id": "m-1", "copies": ["a", -98765432109876543210, 7]}'),
      ).rejected[0]?.envelope;
      expect(envelope?.field).toBe('/copies/1');
      expect(envelope?.more).toBeUndefined();
    });

    it('should accept the same id written in quotes, digit for digit', () => {
      const call = deleting.parse(written('{"message_id": "1234567890123456789"}')).calls[0];
      expect(call?.arguments).toEqual({ message_id: '1234567890123456789' });
    });

    it('should still coerce a number JavaScript holds exactly, as a repair', () => {
      const call = deleting.parse(written('{"message_id": 9007199254740991}')).calls[0];
      expect(call?.arguments).toEqual({ message_id: '9007199254740991' });
      expect(call?.repairs).toEqual([
        expect.objectContaining({
          kind: 'coercion',
          detail: '/message_id: 9007199254740991 → "9007199254740991"',
        }),
      ]);
    });

    it('should leave a large number in a number field alone: it is not turned into text', () => {
      const call = deleting.parse(written('{"message_id": "m-1", "weight": 1.989e30}')).calls[0];
      expect(call?.arguments).toEqual({ message_id: 'm-1', weight: 1.989e30 });
    });

    it('should give a stream the same refusal', () => {
      const text = written('{"message_id": 1234567890123456789}');
      const stream = deleting.stream();
      const events = [...text].flatMap((unit) => stream.push(unit)).concat(stream.end());
      const end = events.find((event) => event.type === 'tool-call-end');
      expect(end).toMatchObject({
        rejection: { reason: 'schema-violation', envelope: { field: '/message_id' } },
      });
    });
  });

  describe('an integer field given a number past 2^53', () => {
    const lookup = (args: string): string =>
      `<tool_call>{"name": "get_user", "arguments": ${args}}</tool_call>`;
    const schema = {
      type: 'object',
      properties: {
        user_id: { type: 'integer' },
        mass: { type: 'number' },
        page: { type: 'integer', minimum: 1, maximum: 100 },
      },
    };
    const nestedSchema = {
      type: 'object',
      properties: {
        owner: { type: 'object', properties: { id: { type: 'integer' } } },
        ids: { type: 'array', items: { type: 'integer' } },
        weights: { type: 'array', items: { type: 'number' } },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      },
    };
    const parserFor = (parameters: Record<string, unknown>, coerce = false) =>
      createParser({
        formats: ['hermes'],
        tools: [{ name: 'get_user', effect: 'read', coerce, parameters }],
      });

    it('should refuse it: the digits past the 16th were rounded away', () => {
      const result = parserFor(schema).parse(lookup('{"user_id": 1234567890123456789}'));
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]).toMatchObject({
        reason: 'schema-violation',
        envelope: {
          field: '/user_id',
          expected: expect.stringMatching(/^an integer of at most 9007199254740991/) as unknown,
          received: '1234567890123456800 (the number as read, rounded)',
        },
      });
    });

    it('should accept the largest exact integers and a large number in a number field', () => {
      const parser = parserFor(schema);
      const call = parser.parse(lookup('{"user_id": -9007199254740991, "mass": 1.989e30}'))
        .calls[0];
      expect(call?.arguments).toEqual({ user_id: -9007199254740991, mass: 1.989e30 });
    });

    it('should name a bounded integer field by its own limit first', () => {
      expect(
        parserFor(schema).parse(lookup('{"page": 12345678901234567890}')).rejected[0]?.envelope,
      ).toMatchObject({ field: '/page', expected: expect.stringContaining('100') as unknown });
    });

    it('should find integer fields nested in objects, arrays and anyOf, and only those', () => {
      const parser = parserFor(nestedSchema);
      const refused = parser.parse(
        lookup(
          '{"owner": {"id": 1e17}, "ids": [1, 98765432109876543210], "weights": [1e300], "either": -1e18}',
        ),
      ).rejected[0]?.envelope;
      expect([refused?.field, ...(refused?.more ?? []).map((item) => item.field)]).toEqual([
        '/owner/id',
        '/ids/1',
        '/either',
      ]);
      expect(parser.parse(lookup('{"weights": [1e300], "ids": [7]}')).calls).toHaveLength(1);
    });

    it('should refuse a digit string that coercion would round into the integer field', () => {
      const result = parserFor(schema, true).parse(lookup('{"user_id": "1234567890123456789"}'));
      expect(result.rejected[0]?.envelope).toMatchObject({ field: '/user_id' });
      const exact = parserFor(schema, true).parse(lookup('{"user_id": "42"}')).calls[0];
      expect(exact?.arguments).toEqual({ user_id: 42 });
    });

    it('should refuse it in every syntax, since the check sits in phase 2', () => {
      const parser = createParser({
        formats: ['pythonic', 'qwen3_coder'],
        tools: [{ name: 'get_user', effect: 'read', parameters: schema }],
      });
      const pythonic = parser.parse('[get_user(user_id=1234567890123456789)]');
      const xml = parser.parse(
        '<tool_call>\n<function=get_user>\n<parameter=user_id>\n1234567890123456789\n</parameter>\n</function>\n</tool_call>',
      );
      for (const result of [pythonic, xml]) {
        expect(result.calls).toEqual([]);
        expect(result.rejected[0]?.envelope).toMatchObject({ field: '/user_id' });
      }
    });
  });

  it('should never fill in defaults for missing arguments', () => {
    const withDefault = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'list',
          effect: 'read',
          parameters: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } },
        },
      ],
    });
    expect(withDefault.parse(hermes('list', {})).calls[0]?.arguments).toEqual({});
  });

  it('should check common string formats without extra dependencies', () => {
    const formats = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'invite',
          effect: 'read',
          parameters: {
            type: 'object',
            properties: {
              email: { type: 'string', format: 'email' },
              on: { type: 'string', format: 'date' },
            },
          },
        },
      ],
    });
    expect(
      formats.parse(hermes('invite', { email: 'a@b.io', on: '2025-02-28' })).calls,
    ).toHaveLength(1);
    expect(
      formats.parse(hermes('invite', { email: 'nope', on: '2025-02-28' })).rejected[0]?.envelope
        .expected,
    ).toBe('a string in email format');
  });

  describe('a number JavaScript cannot hold (1e400, NaN)', () => {
    const pay = (amount: string): string =>
      `<tool_call>{"name": "pay", "arguments": {"amount": ${amount}}}</tool_call>`;
    const payParserFor = (coerce: boolean) =>
      createParser({
        formats: ['hermes'],
        tools: [
          {
            name: 'pay',
            effect: 'destructive',
            coerce,
            parameters: {
              type: 'object',
              properties: {
                amount: { type: 'number' },
                count: { type: 'integer' },
                memo: { type: 'string' },
              },
            },
          },
        ],
      });
    const payParser = payParserFor(false);

    it('should refuse 1e400 and say it read as Infinity, not as the null JSON would write', () => {
      const result = payParser.parse(pay('1e400'));
      expect(result.calls).toEqual([]);
      expect(result.rejected[0]?.envelope).toMatchObject({
        field: '/amount',
        expected: 'a finite number',
        received: expect.stringMatching(
          /^Infinity \(the number as read: past the largest/,
        ) as unknown,
      });
      expect(payParser.parse(pay('-1e999')).rejected[0]?.envelope.received).toMatch(/^-Infinity /);
    });

    it('should name NaN written in a lenient payload, and an integer field the same way', () => {
      expect(payParser.parse(pay('NaN')).rejected[0]?.envelope).toMatchObject({
        expected: 'a finite number',
        received: 'NaN (not a number)',
      });
      const integer = payParser.parse(
        '<tool_call>{"name": "pay", "arguments": {"count": 1e309}}</tool_call>',
      );
      expect(integer.rejected[0]?.envelope).toMatchObject({
        field: '/count',
        expected: 'a finite integer',
      });
    });

    it('should refuse, even for a coercing tool, text read as Infinity and Infinity or NaN made into text', () => {
      const coercing = payParserFor(true);
      const refusal = (args: string) =>
        coercing.parse(`<tool_call>{"name": "pay", "arguments": ${args}}</tool_call>`);
      for (const args of ['{"amount": "1e400"}', '{"count": "-1e999"}']) {
        const result = refusal(args);
        expect(result.calls).toEqual([]);
        expect(result.rejected[0]?.envelope.expected).toMatch(
          /^a finite number: "-?1e\d+" is past/,
        );
      }
      expect(refusal('{"memo": 1e400}').rejected[0]?.envelope).toMatchObject({
        field: '/memo',
        expected: 'a string in quotes: Infinity is not read as the text "Infinity"',
      });
      expect(refusal('{"memo": NaN}').rejected[0]?.envelope.received).toBe('NaN (not a number)');
      // Neighbours that stay coerced: a finite number from decimal text, a small number as text.
      expect(refusal('{"amount": "1e300", "memo": 12}').calls[0]?.arguments).toEqual({
        amount: 1e300,
        memo: '12',
      });
    });

    it('should not call a boolean "finite" when NaN is sent for it', () => {
      const flags = createParser({
        formats: ['hermes'],
        tools: [
          {
            name: 'set',
            effect: 'read',
            parameters: { type: 'object', properties: { on: { type: 'boolean' } } },
          },
        ],
      });
      expect(
        flags.parse('<tool_call>{"name": "set", "arguments": {"on": NaN}}</tool_call>').rejected[0]
          ?.envelope,
      ).toMatchObject({ expected: 'boolean', received: 'NaN (not a number)' });
    });

    it('should keep the plain type name for a finite value of the wrong type', () => {
      expect(payParser.parse(pay('"ten"')).rejected[0]?.envelope).toMatchObject({
        expected: 'number',
        received: '"ten"',
      });
    });
  });

  describe('closed objects of a write tool, where the schema combines subschemas', () => {
    const parserFor = (parameters: Record<string, unknown>) =>
      createParser({ formats: ['hermes'], tools: [{ name: 'save', effect: 'write', parameters }] });
    const verdicts = (parameters: Record<string, unknown>, calls: unknown[]) => {
      const parser = parserFor(parameters);
      return calls.map((args) => {
        const result = parser.parse(hermes('save', args));
        return result.calls.length === 1 ? 'accepted' : (result.rejected[0]?.envelope.field ?? '?');
      });
    };

    it('should accept the keys an allOf extension adds to a shared definition', () => {
      // Closing `Base` on its own made `extra` impossible: the envelope asked to remove a field
      // the schema allows, and the model could never satisfy it.
      const schema = {
        type: 'object',
        properties: {
          item: {
            allOf: [{ $ref: '#/$defs/Base' }, { properties: { extra: { type: 'string' } } }],
          },
          plain: { $ref: '#/$defs/Plain' },
        },
        $defs: {
          Base: { type: 'object', properties: { id: { type: 'string' } } },
          Plain: { type: 'object', properties: { id: { type: 'string' } } },
        },
      };
      expect(
        verdicts(schema, [
          { item: { id: '1', extra: 'x' } },
          { plain: { id: '1' } },
          { plain: { id: '1', sneaky: true } },
        ]),
      ).toEqual(['accepted', 'accepted', '/plain/sneaky']);
    });

    it('should close inline anyOf, oneOf and allOf branches over the keys they name together', () => {
      const schema = {
        type: 'object',
        properties: {
          who: {
            anyOf: [
              { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
              { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
            ],
          },
          pet: {
            oneOf: [
              {
                type: 'object',
                properties: { kind: { const: 'cat' }, lives: { type: 'integer' } },
              },
              { type: 'object', properties: { kind: { const: 'dog' } } },
              { type: 'string' },
            ],
          },
          both: {
            allOf: [
              { properties: { p: { type: 'string' } } },
              { properties: { q: { type: 'string' } } },
            ],
          },
        },
      };
      expect(
        verdicts(schema, [
          { who: { id: '1', email: 'a@b.c' } },
          { who: { id: '1', role: 'admin' } },
          { pet: { kind: 'dog' } },
          { pet: 'rex' },
          { pet: { kind: 'cat', owner: 'x' } },
          { both: { p: 'a', q: 'b' } },
          { both: { p: 'a', q: 'b', r: 'c' } },
        ]),
      ).toEqual([
        'accepted',
        '/who/role',
        'accepted',
        'accepted',
        '/pet/owner',
        'accepted',
        '/both/r',
      ]);
    });

    it('should close an object with if/then over the keys both name, leaving then open', () => {
      // `then` closed on its own refused `kind` in every valid call, and the object, left open
      // because of its `if`, let any extra key through.
      const schema = {
        type: 'object',
        properties: { kind: { enum: ['x', 'y'] }, amount: { type: 'number' } },
        required: ['kind', 'amount'],
        if: { properties: { kind: { const: 'x' } } },
        then: { properties: { amount: { maximum: 10 } } },
      };
      expect(
        verdicts(schema, [
          { kind: 'x', amount: 5 },
          { kind: 'y', amount: 50 },
          { kind: 'x', amount: 50 },
          { kind: 'y', amount: 5, evil: 1 },
        ]),
      ).toEqual(['accepted', 'accepted', '/amount', '/evil']);
    });

    it('should count the keys dependent schemas name for the object, leaving them open', () => {
      // The object was closed without `b`, and the dependent schema closed without `a`: no call
      // with `a` could pass.
      const dependent = { properties: { b: { type: 'number' } } };
      const expected = ['accepted', '/b', '/evil'];
      const calls = [
        { a: 'x', b: 1 },
        { a: 'x', b: 'one' },
        { a: 'x', b: 1, evil: 1 },
      ];
      const properties = { a: { type: 'string' } };
      expect(
        verdicts({ type: 'object', properties, dependentSchemas: { a: dependent } }, calls),
      ).toEqual(expected);
      const draft07 = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties,
        dependencies: { a: dependent, b: ['a'] },
      };
      expect(verdicts(draft07, calls)).toEqual(expected);
    });

    it('should close objects under additionalProperties, patternProperties, unevaluatedProperties and tuple items', () => {
      // These were never walked: `{acct: {amount: 5, evil: 1}}` ran on a write tool.
      const account = { type: 'object', properties: { amount: { type: 'number' } } };
      const calls = [{ acct: { amount: 5 } }, { acct: { amount: 5, evil: 1 } }];
      const expected = ['accepted', '/acct/evil'];
      expect(verdicts({ type: 'object', additionalProperties: account }, calls)).toEqual(expected);
      expect(verdicts({ type: 'object', patternProperties: { '^ac': account } }, calls)).toEqual(
        expected,
      );
      const unevaluated = { type: 'object', unevaluatedProperties: account };
      expect(verdicts(unevaluated, calls)).toEqual(expected);
      const tuple = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          pair: { type: 'array', items: [account, account], minItems: 2, additionalItems: false },
        },
      };
      expect(
        verdicts(tuple, [
          { pair: [{ amount: 1 }, { amount: 2 }] },
          { pair: [{ amount: 1 }, { amount: 2, evil: 1 }] },
        ]),
      ).toEqual(['accepted', '/pair/1/evil']);
    });

    it('should close an object whose branches only require fields it declares', () => {
      const properties = { a: { type: 'string' }, b: { type: 'string' } };
      const alternatives = [{ required: ['a'] }, { required: ['b'] }];
      const calls = [{ a: 'x' }, { a: 'x', b: 'y', evil: 1 }, {}];
      expect(verdicts({ type: 'object', properties, anyOf: alternatives }, calls)).toEqual([
        'accepted',
        '/evil',
        '/a',
      ]);
      const paying = {
        type: 'object',
        properties: { method: { enum: ['card', 'cash'] }, card: { type: 'string' } },
        required: ['method'],
        if: { properties: { method: { const: 'card' } } },
        then: { required: ['card'] },
      };
      expect(
        verdicts(paying, [
          { method: 'card', card: '4111' },
          { method: 'card' },
          { method: 'cash', evil: 1 },
        ]),
      ).toEqual(['accepted', '/card', '/evil']);
    });

    it('should leave branches open beside a free-form or referenced branch, or keys declared beside them', () => {
      const schema = {
        type: 'object',
        properties: {
          loose: { anyOf: [{ type: 'object' }, { properties: { x: { type: 'number' } } }] },
          mixed: {
            properties: { kind: { type: 'string' } },
            anyOf: [
              { properties: { a: { type: 'string' } } },
              { properties: { b: { type: 'string' } } },
            ],
          },
          // Nested objects inside a branch left open are still closed: only the branch names them.
          deep: {
            anyOf: [
              { type: 'object' },
              { properties: { inner: { type: 'object', properties: { y: { type: 'string' } } } } },
            ],
          },
        },
      };
      expect(
        verdicts(schema, [
          { loose: { anything: 1 } },
          { mixed: { kind: 'k', a: 'a' } },
          { deep: { inner: { y: 'ok', z: 1 } } },
        ]),
      ).toEqual(['accepted', 'accepted', 'accepted']);
      // The second branch refuses z, and the free-form first branch still takes the whole value.
      const closed = closeObjects(schema);
      expect(closed).toMatchObject({
        properties: {
          deep: {
            anyOf: [{ type: 'object' }, { properties: { inner: { additionalProperties: false } } }],
          },
        },
      });
      expect(JSON.stringify(schema)).not.toContain('additionalProperties');
    });
  });
});
