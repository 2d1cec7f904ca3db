import { describe, expect, it } from 'vitest';
import { parse } from '../../src/generated/json.js';
import { parseJson } from '../../src/json/index.js';

/** Whether the grammar itself, in strict mode, accepts the text (JSON.parse not involved). */
function grammarAccepts(text: string): boolean {
  try {
    parse(text, { startRule: 'Document', strict: true });
    return true;
  } catch {
    return false;
  }
}

describe('strict mode', () => {
  it.each([
    [
      'an object with every value type',
      '{"s": "x\\u00e9\\n", "n": -1.5e+3, "t": true, "f": false, "z": null, "a": []}',
    ],
    ['a bare number with surrounding whitespace', ' \t\r\n-0 \n'],
    ['a string with an escaped solidus', '"a\\/b"'],
    ['an empty object and an empty array nested', '[{}, [[]]]'],
  ])('should accept %s in the grammar', (_name, text) => {
    expect(grammarAccepts(text)).toBe(true);
  });

  it.each([
    ['a trailing comma', '[1,]'],
    ['a single-quoted string', "['a']"],
    ['an unquoted key', '{a: 1}'],
    ['a leading zero', '012'],
    ['a bare dot fraction', '.5'],
    ['Python True', 'True'],
    ['a comment', '[1] // note'],
    ['a raw newline in a string', '"a\nb"'],
    ['an invalid escape', '"\\x41"'],
    ['a cut-off object', '{"a": 1'],
    ['a markdown fence', '```\n{}\n```'],
    ['two values', '1 2'],
    ['a no-break space between tokens', '[1,\u00a02]'],
    ['an empty text', ''],
  ])('should reject %s in the grammar', (_name, text) => {
    expect(grammarAccepts(text)).toBe(false);
  });

  it('should report an issue with its offset instead of repairing', () => {
    const outcome = parseJson('{"a": 1,}', { strict: true, offset: 5 });
    expect(outcome).toMatchObject({ ok: false, issue: { code: 'invalid-json', offset: 13 } });
  });

  it('should say what it found, or that the payload ended too soon', () => {
    expect(parseJson('{"a": 1,}', { strict: true })).toMatchObject({
      issue: { message: 'the payload is not valid JSON: unexpected "}"' },
    });
    expect(parseJson('{"a": ', { strict: true })).toMatchObject({
      issue: { message: 'the payload is not valid JSON: it ends before a value is complete' },
    });
  });
});
