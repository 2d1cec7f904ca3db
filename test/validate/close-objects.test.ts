import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeObjects } from '../../src/validate/close-objects.js';

type Oracle = (value: unknown) => boolean;

/** Keys of an object value, or none for anything else. */
function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.keys(value)
    : [];
}

/** The value, if an object, uses only these keys. */
const only =
  (...keys: string[]): Oracle =>
  (value) =>
    keysOf(value).every((key) => keys.includes(key));

/** A field of an object value. */
function field(value: unknown, key: string): unknown {
  return keysOf(value).includes(key) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Schemas that combine object subschemas in the ways closing treats differently, each with the
 * keys it names at each level (written out by hand, as the oracle the closed schema is held to).
 */
const CASES: Record<
  string,
  { schema: Record<string, unknown>; named: Oracle; examples: unknown[] }
> = {
  anyOf: {
    schema: {
      anyOf: [
        {
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'integer' } },
          required: ['a'],
        },
        { type: 'object', properties: { c: { type: 'string' } }, required: ['c'] },
        { type: 'string' },
      ],
    },
    named: only('a', 'b', 'c'),
    examples: [
      { a: 'x', c: 'y' },
      { a: 'x', zz: 1 },
    ],
  },
  oneOf: {
    schema: {
      oneOf: [
        { type: 'object', properties: { a: { const: 'x' }, b: { type: 'integer' } } },
        { type: 'object', properties: { a: { const: 'y' }, c: { type: 'string' } } },
      ],
    },
    named: only('a', 'b', 'c'),
    examples: [
      { a: 'y', b: 1 },
      { a: 'x', c: 'text' },
    ],
  },
  allOf: {
    schema: {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { properties: { b: { type: 'integer' }, c: { type: 'object', properties: { a: {} } } } },
      ],
    },
    named: (value) => only('a', 'b', 'c')(value) && only('a')(field(value, 'c')),
    examples: [
      { a: 'x', b: 1, c: { a: { zz: 1 } } },
      { a: 'x', c: { b: 1 } },
    ],
  },
  sharedDefinition: {
    schema: {
      type: 'object',
      properties: {
        a: { allOf: [{ $ref: '#/$defs/Base' }, { properties: { c: { type: 'string' } } }] },
        b: { $ref: '#/$defs/Base' },
      },
      $defs: { Base: { type: 'object', properties: { b: { type: 'integer' } } } },
    },
    named: (value) =>
      only('a', 'b')(value) && only('b', 'c')(field(value, 'a')) && only('b')(field(value, 'b')),
    examples: [{ a: { b: 1, c: 'x' } }, { b: { b: 1, c: 'x' } }],
  },
  splitNestedField: {
    // Both parts describe `c`: closed in one part alone, it would refuse the keys the other gives.
    schema: {
      allOf: [
        { type: 'object', properties: { c: { type: 'object', properties: { a: {} } } } },
        { properties: { c: { type: 'object', properties: { b: {} } }, a: { type: 'string' } } },
      ],
    },
    named: (value) => only('a', 'c')(value) && only('a', 'b')(field(value, 'c')),
    examples: [{ c: { a: 1, b: 2 } }, { a: 'x', c: { b: 'y' } }],
  },
  ifThenElse: {
    // The branches only add conditions on the keys the object lists: closed alone, `then` refused
    // `a`, and the object, left open, let any key through.
    schema: {
      type: 'object',
      properties: { a: { enum: ['x', 'y'] }, b: { type: 'integer' } },
      required: ['a'],
      if: { properties: { a: { const: 'x' } } },
      then: { properties: { b: { maximum: 1 }, c: { type: 'object', properties: { a: {} } } } },
      else: { properties: { c: { type: 'string' } } },
    },
    named: (value) => only('a', 'b', 'c')(value),
    examples: [
      { a: 'x', b: 1 },
      { a: 'y', b: 2, c: 'text' },
      { a: 'x', c: { a: 1 } },
    ],
  },
  dependentSchemas: {
    schema: {
      type: 'object',
      properties: { a: { type: 'string' } },
      dependentSchemas: {
        a: { properties: { b: { type: 'integer' }, c: { type: 'object', properties: { a: {} } } } },
      },
    },
    named: (value) => only('a', 'b', 'c')(value) && only('a')(field(value, 'c')),
    examples: [{ a: 'x', b: 1 }, { a: 'x', c: { a: 1 } }, { b: 1 }],
  },
  additionalProperties: {
    schema: {
      type: 'object',
      properties: { a: { type: 'integer' } },
      additionalProperties: { type: 'object', properties: { a: {}, b: {} } },
    },
    named: (value) => ['b', 'c', 'zz'].every((key) => only('a', 'b')(field(value, key))),
    examples: [{ a: 1, b: { a: 1 } }, { c: { b: 2, zz: 1 } }],
  },
  patternOverlap: {
    // The pattern also matches `a`, whose value must then meet both subschemas: closed alone,
    // each would refuse the key the other names.
    schema: {
      type: 'object',
      properties: { a: { type: 'object', properties: { a: {} } } },
      patternProperties: { '^[ab]$': { type: 'object', properties: { b: {} } } },
    },
    named: (value) => only('a', 'b')(field(value, 'a')) && only('b')(field(value, 'b')),
    examples: [{ a: { a: 1, b: 2 } }, { b: { b: 1 } }],
  },
  unevaluatedProperties: {
    schema: {
      type: 'object',
      allOf: [{ properties: { a: { type: 'string' } } }],
      unevaluatedProperties: { type: 'object', properties: { c: {} } },
    },
    named: (value) => ['b', 'c', 'zz'].every((key) => only('c')(field(value, key))),
    examples: [{ a: 'x', b: { c: 1 } }, { zz: { c: 1, a: 2 } }],
  },
  freeFormBranch: {
    schema: {
      anyOf: [{ type: 'object' }, { type: 'object', properties: { a: { type: 'string' } } }],
    },
    // The free-form branch names every key.
    named: () => true,
    examples: [{ zz: 1 }, { a: 'x', zz: 1 }],
  },
};

const leaf = fc.oneof(fc.constantFrom('x', 'y', 'text'), fc.integer({ min: -2, max: 2 }));
const instance = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'zz'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('closeObjects', () => {
  for (const [name, { schema, named, examples }] of Object.entries(CASES)) {
    it(`should refuse, for ${name}, exactly the values with a key no subschema names`, () => {
      const open = new Ajv2020({ strict: false }).compile(schema);
      const closed = new Ajv2020({ strict: false }).compile(closeObjects(schema));
      fc.assert(
        fc.property(instance, (value) => {
          const openVerdict = open(value);
          const closedVerdict = closed(value);
          // Closing never lets through what the schema refused...
          if (closedVerdict) expect(openVerdict).toBe(true);
          // ...and never refuses a valid value that uses only the keys named where they stand.
          if (openVerdict && named(value)) expect(closedVerdict).toBe(true);
        }),
        { numRuns: 400, examples: examples.map((example) => [example]) },
      );
    });
  }

  it('should refuse an unnamed key where every branch lists its fields inline', () => {
    const closed = new Ajv2020({ strict: false }).compile(closeObjects(CASES['anyOf']!.schema));
    expect(closed({ a: 'x', zz: 1 })).toBe(false);
    expect(closed({ a: 'x', c: 'y' })).toBe(true);
  });

  it('should close objects under additionalProperties, patternProperties and unevaluatedProperties', () => {
    const compile = (name: string) =>
      new Ajv2020({ strict: false }).compile(closeObjects(CASES[name]!.schema));
    expect(compile('additionalProperties')({ b: { a: 1, zz: 1 } })).toBe(false);
    expect(compile('unevaluatedProperties')({ a: 'x', b: { c: 1, zz: 1 } })).toBe(false);
  });

  it('should close an object with if/then/else over the keys it and its branches name', () => {
    const closed = new Ajv2020({ strict: false }).compile(
      closeObjects(CASES['ifThenElse']!.schema),
    );
    expect(closed({ a: 'y', b: 2, zz: 1 })).toBe(false);
    expect(closed({ a: 'x', b: 2 })).toBe(false);
    expect(closed({ a: 'y', b: 2, c: 'text' })).toBe(true);
  });
});
