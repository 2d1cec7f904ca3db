import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/index.js';

// Keys and string values are tried as double-quoted first; the other quotes are only tried when
// the text starts with one of them, so numbers, literals and bare keys go straight on.

describe('quotes of keys and values', () => {
  it('should read every kind of quote as a key and as a value', () => {
    const text = "{'a': 'b', “c”: “d”, ‘e’: ‘f’, `g´: `h´, i: 1}";
    expect(parseJson(text)).toMatchObject({
      ok: true,
      value: { a: 'b', c: 'd', e: 'f', g: 'h', i: 1 },
    });
  });

  it('should read numbers, literals and bare words where a string could start', () => {
    expect(parseJson('[1, -2.5, true, None, NaN, .5, word, "x" + \'y\']')).toMatchObject({
      ok: true,
      value: [1, -2.5, true, null, Number.NaN, 0.5, 'word', 'xy'],
    });
  });

  it('should still fail at the same place when no value starts there', () => {
    expect(parseJson('{"a": }', { strict: true })).toMatchObject({
      ok: false,
      issue: { code: 'invalid-json', offset: 6 },
    });
    expect(parseJson('[1, ]]', { strict: true })).toMatchObject({
      ok: false,
      issue: { offset: 4 },
    });
    expect(parseJson('{: 1}')).toMatchObject({ ok: false, issue: { offset: 1 } });
  });
});
