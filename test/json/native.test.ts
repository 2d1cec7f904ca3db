import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/index.js';

describe('native JSON.parse fast path', () => {
  const original = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');

  afterEach(() => {
    if (original !== undefined) Object.defineProperty(Error, 'stackTraceLimit', original);
  });

  it('should leave Error.stackTraceLimit as it was after valid and repaired payloads', () => {
    Error.stackTraceLimit = 7;
    expect(parseJson('{"a": 1}')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(parseJson('{a: 1,}')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(parseJson('{"a": ]')).toMatchObject({ ok: false });
    expect(Error.stackTraceLimit).toBe(7);
  });

  it('should still read payloads when Error.stackTraceLimit cannot be written', () => {
    Object.defineProperty(Error, 'stackTraceLimit', {
      value: 5,
      writable: false,
      configurable: true,
    });
    expect(parseJson('{"a": 1}')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(parseJson("{'a': True}")).toMatchObject({ ok: true, value: { a: true } });
    expect(Error.stackTraceLimit).toBe(5);
  });
});

describe('reading valid JSON without JSON.parse (notNative)', () => {
  /** A value in a form `toEqual` compares exactly: -0, key order and own `__proto__` keys kept. */
  function exact(value: unknown): unknown {
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : value;
    if (Array.isArray(value)) return value.map(exact);
    if (typeof value === 'object' && value !== null) {
      return Object.keys(value).map((key) => [key, exact((value as Record<string, unknown>)[key])]);
    }
    return value;
  }

  it('should read any JSON text as JSON.parse does, with no repair', () => {
    const key = fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom('__proto__', '0', 'a'));
    const value = fc.jsonValue({ maxDepth: 3, depthSize: 'medium' });
    const withKeys = fc.dictionary(key, value, { maxKeys: 5 });
    fc.assert(
      fc.property(
        fc.oneof(value, withKeys),
        fc.constantFrom(undefined, 1, '\t'),
        (json, indent) => {
          const text = JSON.stringify(json, null, indent) ?? 'null';
          const lenient = parseJson(text, { notNative: true });
          expect(lenient.ok && { value: exact(lenient.value), repairs: lenient.repairs }).toEqual({
            value: exact(JSON.parse(text)),
            repairs: [],
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
