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
