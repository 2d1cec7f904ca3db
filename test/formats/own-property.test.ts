import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRecord, setOwn } from '../../src/formats/shared/own-property.js';

/** Keys a model could write that name something on Object.prototype, and ordinary ones. */
const keys = fc.oneof(
  fc.constantFrom(
    ...Object.getOwnPropertyNames(Object.prototype),
    '0',
    '1',
    '-1',
    '4294967295',
    '',
    'a',
  ),
  fc.string(),
);

describe('setOwn', () => {
  it('should make every key an own, enumerable, writable data property, whatever the key', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(keys, fc.jsonValue()), { maxLength: 8 }), (entries) => {
        const record = createRecord();
        // A map: an object would meet `__proto__` as its own setter.
        const expected = new Map<string, PropertyDescriptor>();
        for (const [key, value] of entries) {
          setOwn(record, key, value);
          expected.set(key, { value, enumerable: true, writable: true, configurable: true });
        }
        expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
        // In the order an object lists keys (integer-like keys first), as entries.
        const sorted = Object.keys(Object.fromEntries([...expected.keys()].map((key) => [key, 0])));
        expect(Object.entries(Object.getOwnPropertyDescriptors(record))).toEqual(
          sorted.map((key) => [key, expected.get(key)]),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('should leave Object.prototype untouched by a __proto__ key', () => {
    const record = createRecord();
    setOwn(record, '__proto__', { polluted: true });
    expect(Object.keys(record)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  });
});
