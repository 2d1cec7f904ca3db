import { describe, expect, it } from 'vitest';
import {
  EXACT_INTEGER_KEYWORD,
  isPastExact,
  markIntegerFields,
} from '../../src/validate/exact-integers.js';
import { deepFreeze } from '../../src/validate/clone.js';

const MARK = { [EXACT_INTEGER_KEYWORD]: true };

describe('isPastExact', () => {
  it('should tell the largest exact integers from the first inexact ones', () => {
    expect([9007199254740991, -9007199254740991, 0.5, 0].map(isPastExact)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([2 ** 53, -(2 ** 53), 1e300].map(isPastExact)).toEqual([true, true, true]);
  });
});

describe('markIntegerFields', () => {
  it('should return a schema without the integer type as it is', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    expect(markIntegerFields(schema)).toBe(schema);
  });

  it('should mark integer types wherever they constrain the arguments, on a copy', () => {
    const schema = deepFreeze({
      type: 'object',
      properties: {
        id: { type: 'integer' },
        page: { type: ['integer', 'null'] },
        items: {
          type: 'array',
          items: { type: 'object', properties: { qty: { type: 'integer' } } },
        },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
        either: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        ref: { $ref: '#/$defs/count' },
      },
      additionalProperties: { type: 'integer' },
      $defs: { count: { type: 'integer', minimum: 0 } },
    });
    const marked = markIntegerFields(schema) as Record<string, Record<string, unknown>>;
    const properties = marked['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['id']).toEqual({ type: 'integer', ...MARK });
    expect(properties['page']).toEqual({ type: ['integer', 'null'], ...MARK });
    expect(properties['items']?.['items']).toEqual({
      type: 'object',
      properties: { qty: { type: 'integer', ...MARK } },
    });
    expect(properties['pair']?.['items']).toEqual([
      { type: 'string' },
      { type: 'integer', ...MARK },
    ]);
    expect(properties['either']?.['anyOf']).toEqual([
      { type: 'integer', ...MARK },
      { type: 'string' },
    ]);
    expect(properties['ref']).toEqual({ $ref: '#/$defs/count' });
    expect(marked['additionalProperties']).toEqual({ type: 'integer', ...MARK });
    expect(marked['$defs']).toEqual({ count: { type: 'integer', minimum: 0, ...MARK } });
    // The pinned schema itself is untouched.
    expect(schema.properties.id).toEqual({ type: 'integer' });
  });

  it('should leave not and if alone, where a stricter subschema would let more through', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { not: { type: 'integer' } },
        b: { if: { type: 'integer' }, then: { type: 'integer' }, else: { type: 'string' } },
      },
    };
    const properties = (markIntegerFields(schema) as { properties: Record<string, unknown> })
      .properties;
    expect(properties['a']).toEqual({ not: { type: 'integer' } });
    expect(properties['b']).toEqual({
      if: { type: 'integer' },
      then: { type: 'integer', ...MARK },
      else: { type: 'string' },
    });
  });

  it('should mark integer types in dependent schemas, draft-07 dependencies included', () => {
    const dependent = { properties: { id: { type: 'integer' } } };
    const marked = markIntegerFields({
      type: 'object',
      dependentSchemas: { a: dependent },
      dependencies: { a: dependent, b: ['a'] },
    }) as Record<string, Record<string, unknown>>;
    const expected = { properties: { id: { type: 'integer', ...MARK } } };
    expect(marked['dependentSchemas']).toEqual({ a: expected });
    // The list form (fields required with `b`) holds no subschema and stays as written.
    expect(marked['dependencies']).toEqual({ a: expected, b: ['a'] });
  });

  it('should keep a property named __proto__ as a property', () => {
    const schema = JSON.parse(
      '{"type": "object", "properties": {"__proto__": {"type": "integer"}}}',
    ) as Record<string, unknown>;
    const properties = (markIntegerFields(schema) as { properties: object }).properties;
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({
      type: 'integer',
      ...MARK,
    });
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });
});
