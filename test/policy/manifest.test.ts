import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { hermes, TOOLS } from './fixtures.js';

describe('tools manifest', () => {
  it('should pin a deep copy, so later changes to the caller objects change nothing', () => {
    const tools = structuredClone(TOOLS);
    const parser = createParser({ formats: ['hermes'], tools });
    (tools[0]!.parameters!['properties'] as Record<string, unknown>)['city'] = { type: 'integer' };
    tools[0]!.name = 'renamed';
    const result = parser.parse(hermes('get_weather', { city: 'Antwerp' }));
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: 'Antwerp' }]);
  });

  it('should carry the same schema version for the same schema and a different one when it changes', () => {
    const version = (tools: typeof TOOLS): string | undefined =>
      createParser({ formats: ['hermes'], tools }).parse(hermes('get_weather', { city: 'A' }))
        .calls[0]?.schemaVersion;
    const changed = structuredClone(TOOLS);
    (changed[0]!.parameters!['required'] as string[]).push('days');
    expect(version(TOOLS)).toMatch(/^[\da-f]{12}$/);
    expect(version(structuredClone(TOOLS))).toBe(version(TOOLS));
    const changedParser = createParser({ formats: ['hermes'], tools: changed });
    const record = changedParser.parse(hermes('get_weather', { city: 'A', days: 2 })).telemetry[0];
    expect(record?.schema_version).not.toBe(version(TOOLS));
  });

  it('should throw a TypeError naming the tool and the unknown keyword of a schema ajv refuses', () => {
    expect(() =>
      createParser({
        tools: [{ name: 'bad', parameters: { type: 'object', properties: { a: { typo: 1 } } } }],
      }),
    ).toThrow(/tool "bad".*unknown keyword: "typo"/);
  });

  it('should throw a TypeError for a required field the schema never declares', () => {
    expect(() =>
      createParser({
        tools: [
          { name: 'bad_required', parameters: { type: 'object', properties: {}, required: ['x'] } },
        ],
      }),
    ).toThrow(TypeError);
    expect(() =>
      createParser({
        tools: [
          { name: 'bad_required', parameters: { type: 'object', properties: {}, required: ['x'] } },
        ],
      }),
    ).toThrow(/bad_required.*required property "x"/);
  });

  it('should accept a field declared in the object and required in a branch of it', () => {
    // ajv's strictRequired looked only beside each `required` and threw at createParser.
    const properties = { method: { enum: ['card', 'cash'] }, card: { type: 'string' } };
    const alternatives = [{ required: ['method'] }, { required: ['card'] }];
    const schemas = [
      { type: 'object', properties, anyOf: alternatives },
      { type: 'object', properties, oneOf: alternatives },
      {
        type: 'object',
        properties,
        if: { properties: { method: { const: 'card' } }, required: ['method'] },
        then: { required: ['card'] },
      },
      { type: 'object', properties, dependentSchemas: { method: { required: ['card'] } } },
    ];
    for (const parameters of schemas)
      expect(() => createParser({ tools: [{ name: 'pay', parameters }] })).not.toThrow();
  });

  it('should still throw for a field a branch requires and no subschema of its object declares', () => {
    const parameters = {
      type: 'object',
      properties: { card: { type: 'string' } },
      anyOf: [{ required: ['card'] }, { required: ['crad'] }],
    };
    expect(() => createParser({ tools: [{ name: 'pay', parameters }] })).toThrow(
      /tool "pay".*required property "crad" is not declared at "#\/anyOf\/1"/,
    );
  });

  it('should throw a TypeError for a duplicate name, an unknown effect and an unknown key', () => {
    expect(() => createParser({ tools: [TOOLS[0]!, TOOLS[0]!] })).toThrow(/listed twice/);
    expect(() => createParser({ tools: [{ name: 'x', effect: 'dangerous' as never }] })).toThrow(
      /effect "dangerous".*'read', 'write' or 'destructive'/,
    );
    expect(() => createParser({ tools: [{ name: 'x', schema: {} } as never] })).toThrow(
      /unknown key "schema"/,
    );
  });

  it('should point an OpenAI-shaped tool at its function object', () => {
    expect(() =>
      createParser({ tools: [{ type: 'function', function: { name: 'x' } } as never] }),
    ).toThrow(/pass its "function" object/);
  });

  it('should accept a draft-07 schema and validate with it', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'legacy',
          effect: 'read',
          parameters: {
            $schema: 'http://json-schema.org/draft-07/schema#',
            type: 'object',
            properties: { n: { type: 'integer' } },
            required: ['n'],
            definitions: { unused: { type: 'string' } },
          },
        },
      ],
    });
    expect(parser.parse(hermes('legacy', { n: 3 })).calls).toHaveLength(1);
    expect(parser.parse(hermes('legacy', { n: 'three' })).rejected[0]?.envelope.field).toBe('/n');
  });

  it('should accept a 2020-12 schema with prefixItems', () => {
    const parser = createParser({
      formats: ['hermes'],
      tools: [
        {
          name: 'point',
          effect: 'read',
          parameters: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            properties: {
              at: {
                type: 'array',
                prefixItems: [{ type: 'number' }, { type: 'number' }],
                items: false,
                minItems: 2,
              },
            },
          },
        },
      ],
    });
    expect(parser.parse(hermes('point', { at: [1, 2] })).calls).toHaveLength(1);
    expect(parser.parse(hermes('point', { at: [1, 2, 3] })).calls).toHaveLength(0);
  });

  it('should refuse an unsupported $schema with a TypeError that names the supported ones', () => {
    expect(() =>
      createParser({
        tools: [
          { name: 'old', parameters: { $schema: 'http://json-schema.org/draft-04/schema#' } },
        ],
      }),
    ).toThrow(/draft-07 or 2020-12/);
  });

  it('should refuse an asynchronous schema: its check answers with a promise, never a verdict', () => {
    // ajv compiles `$async: true` into a check that returns a promise; read as true, it would let
    // `{"amount": "all of it"}` run, and its rejection would go unhandled.
    const pay = (parameters: Record<string, unknown>) => () =>
      createParser({ tools: [{ name: 'pay', effect: 'read', parameters }] });
    const amount = { type: 'object', properties: { amount: { type: 'integer' } } };
    expect(pay({ $async: true, ...amount })).toThrow(TypeError);
    expect(pay({ $async: true, ...amount })).toThrow(/tool "pay".*remove "\$async"/);
    expect(pay({ $async: false, ...amount })).not.toThrow();
  });

  it('should only extract, marking calls unvalidated, when the parser has no tools', () => {
    const result = createParser({ formats: ['hermes'] }).parse(hermes('anything', { x: 1 }));
    expect(result.calls).toEqual([expect.objectContaining({ name: 'anything', validated: false })]);
  });
});
