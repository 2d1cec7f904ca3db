import { describe, expect, it } from 'vitest';
import {
  findLargeNumbers,
  holdsLargeNumber,
  integerGuard,
  pointerOf,
  replaceAt,
} from '../../src/validate/large-numbers.js';

describe('holdsLargeNumber', () => {
  it('should find a number past 2^53 at any depth, in objects and arrays', () => {
    expect(holdsLargeNumber(JSON.parse('{"a": {"b": [1, [2, 9007199254740993]]}}'))).toBe(true);
    expect(holdsLargeNumber(JSON.parse('[{"id": -1e20}]'))).toBe(true);
  });

  it('should pass the largest exact integers and every smaller number', () => {
    expect(holdsLargeNumber({ a: 9007199254740991, b: -9007199254740991, c: 0.5 })).toBe(false);
    expect(holdsLargeNumber({ a: '12345678901234567890', b: null, c: [] })).toBe(false);
  });

  it('should read own keys only, as JSON.parse makes them', () => {
    const withProto = JSON.parse('{"__proto__": 12345678901234567890}') as object;
    expect(holdsLargeNumber(withProto)).toBe(true);
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
  });

  it('should not overflow the stack on deep nesting', () => {
    let deep: unknown = 1e30;
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(holdsLargeNumber(deep)).toBe(true);
  });
});

describe('findLargeNumbers', () => {
  it('should give every one with its path, in document order', () => {
    const value = JSON.parse('{"b": [1, 1e17], "a": {"x": -1e18}, "c": 2}') as unknown;
    expect(findLargeNumbers(value)).toEqual([
      { path: ['b', 1], value: 1e17 },
      { path: ['a', 'x'], value: -1e18 },
    ]);
    expect(findLargeNumbers({ a: 1 })).toEqual([]);
  });
});

describe('pointerOf and replaceAt', () => {
  it('should write a JSON pointer with escaped keys', () => {
    expect(pointerOf(['a/b', 0, 'c~d'])).toBe('/a~1b/0/c~0d');
    expect(pointerOf([])).toBe('');
  });

  it('should replace in place, a __proto__ key as an own property', () => {
    const value = JSON.parse('{"list": [1, 2], "__proto__": {"n": 1}}') as Record<string, unknown>;
    replaceAt(value, ['list', 1], 0.5);
    replaceAt(value, ['__proto__', 'n'], 0.5);
    replaceAt(value, ['__proto__'], 7);
    expect(value['list']).toEqual([1, 0.5]);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe(7);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('integerGuard', () => {
  it('should need nothing for a schema without integers, or with bounded ones only', () => {
    expect(integerGuard({ type: 'object', properties: { n: { type: 'number' } } })).toEqual({
      kind: 'none',
    });
    expect(
      integerGuard({
        type: 'object',
        properties: { days: { type: 'integer', minimum: 1, maximum: 14 } },
      }),
    ).toEqual({ kind: 'none' });
  });

  it('should read unbounded top-level integer fields directly', () => {
    expect(
      integerGuard({
        type: 'object',
        properties: {
          id: { type: 'integer' },
          page: { type: ['integer', 'null'], minimum: 0 },
          days: { type: 'integer', minimum: 1, maximum: 14 },
          name: { type: 'string' },
        },
      }),
    ).toEqual({ kind: 'flat', keys: ['id', 'page'] });
  });

  it('should walk when an integer sits anywhere else', () => {
    const nested = [
      {
        type: 'object',
        properties: { a: { type: 'object', properties: { id: { type: 'integer' } } } },
      },
      { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } } },
      { type: 'object', properties: { id: { anyOf: [{ type: 'integer' }, { type: 'string' }] } } },
      {
        type: 'object',
        properties: { id: { $ref: '#/$defs/id' } },
        $defs: { id: { type: 'integer' } },
      },
      { type: 'object', additionalProperties: { type: 'integer' } },
      {
        type: 'object',
        properties: { id: { type: 'integer', not: { type: 'integer', maximum: 0 } } },
      },
    ];
    for (const schema of nested) expect(integerGuard(schema)).toEqual({ kind: 'walk' });
  });
});
