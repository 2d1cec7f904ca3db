import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAuditRecords, createParser, type ParseResult } from '../../src/index.js';
import { closeObjects } from '../../src/validate/close-objects.js';
import { hermes, TOOLS } from './fixtures.js';

const NAMES = TOOLS.map((tool) => tool.name);
const json = fc.jsonValue({ maxDepth: 3 });
const argumentsObject = fc.dictionary(
  fc.oneof(
    fc.constantFrom('city', 'days', 'id', 'priority', '__proto__', 'constructor'),
    fc.string(),
  ),
  json,
  { maxKeys: 5 },
);

const exact = createParser({ formats: ['hermes', 'pythonic'], tools: TOOLS });
const ladder = createParser({
  formats: ['hermes', 'pythonic'],
  tools: TOOLS,
  policy: { nameMatching: 'ladder' },
});

/** An independent validator per tool: the schema as the gate should enforce it. */
const independent = new Map(
  TOOLS.map((tool) => {
    const schema = tool.effect === 'read' ? tool.parameters! : closeObjects(tool.parameters!);
    return [tool.name, new Ajv2020({ strict: false }).compile(schema)];
  }),
);

describe('gate properties', () => {
  it('should never make an executable call from a name outside the manifest', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), argumentsObject, (name, args) => {
        const exactResult = exact.parse(hermes(name, args));
        for (const call of exactResult.calls) expect(call.name).toBe(name);
        if (!NAMES.includes(name)) expect(exactResult.calls).toEqual([]);
        for (const call of ladder.parse(hermes(name, args)).calls)
          expect(NAMES).toContain(call.name);
      }),
      { numRuns: 300 },
    );
  });

  it('should never make an executable call from arguments that fail the schema', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), argumentsObject, (name, args) => {
        for (const call of exact.parse(hermes(name, args)).calls) {
          expect(independent.get(call.name)!(call.arguments)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('should never reach a destructive tool through a loose rung', () => {
    const spelling = fc
      .tuple(
        fc.constantFrom('', 'functions.', 'tools.', 'a.b.'),
        fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }),
        fc.constantFrom('_', '-', '', ' ', '__'),
      )
      .map(([prefix, upper, separator]) => {
        const word = `delete${separator}ticket`;
        return (
          prefix +
          [...word]
            .map((character, index) =>
              upper[index] === true ? character.toUpperCase() : character,
            )
            .join('')
        );
      });
    fc.assert(
      fc.property(spelling, (written) => {
        const calls = ladder.parse(hermes(written, { id: 'T-1' })).calls;
        if (written !== 'delete_ticket') expect(calls).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('should never change a prototype, whatever keys the arguments carry', () => {
    const hostileKey = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'polluted',
      'toString',
    );
    const hostile = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        tie('object'),
        fc.array(tie('value'), { maxLength: 3 }),
      ),
      object: fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
    })).object;
    const guarded = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'free',
          coerce: true,
          effect: 'read',
          parameters: { type: 'object' },
          sanitize: {
            maxStringLength: 5,
            onCap: 'truncate',
            stripHtml: ['toString'],
            identifiers: ['polluted'],
            maxArrayLength: 1,
          },
        },
      ],
      policy: { checkArguments: () => true },
    });
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    fc.assert(
      fc.property(hostile, (args) => {
        // Written as JSON text, so `__proto__` arrives as an own key, as it would from a model.
        const text = `<tool_call>{"name": "free", "arguments": ${JSON.stringify(args)}}</tool_call>`;
        const result = guarded.parse(text);
        createAuditRecords(text, result);
        exact.fromNative([
          {
            id: 'n',
            type: 'function',
            function: { name: 'get_weather', arguments: JSON.stringify(args) },
          },
        ]);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        for (const call of result.calls) {
          expect([Object.prototype, null]).toContain(Object.getPrototypeOf(call.arguments));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('should give every rejection an envelope and never throw on arbitrary output', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '<tool_call>',
        '</tool_call>',
        '{"name": "get_weather", "arguments": {',
        '"city": "A"',
        '}}',
        '[',
        ']',
        'get_weather(',
        ')',
        'need_tool: yes\n',
        '{',
        ',',
        'delete_ticket',
        '"id": 1',
        "'",
        ' ',
      ),
      fc.string({ maxLength: 8 }),
    );
    const check = (result: ParseResult): void => {
      for (const rejection of result.rejected) {
        expect(typeof rejection.envelope.error).toBe('string');
        expect(rejection.envelope.hint.length).toBeGreaterThan(0);
        expect(typeof rejection.reason).toBe('string');
      }
      expect(result.telemetry.length).toBe(result.calls.length + result.rejected.length);
    };
    const auto = createParser({ tools: TOOLS });
    const bare = createParser();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const text = pieces.join('');
        check(exact.parse(text));
        check(auto.parse(text));
        check(bare.parse(text));
      }),
      { numRuns: 400 },
    );
  });
});
