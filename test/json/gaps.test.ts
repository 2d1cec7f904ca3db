import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/json/index.js';

// The gap rule ends a plain-whitespace gap by looking at one char code: a `/` that opens a
// comment or an unusual space (at or above U+00A0) goes on, anything else ends the gap.
// Closing quotes are first checked against a delimiter right after them.

describe('gaps between values', () => {
  it('should read comments that start right after a value or after spaces', () => {
    expect(parseJson('[1// a\n,2/* b */]')).toMatchObject({
      ok: true,
      value: [1, 2],
      repairs: [
        { kind: 'comment', offset: 2 },
        { kind: 'comment', offset: 9 },
      ],
    });
  });

  it('should not take a lone slash for a comment', () => {
    expect(parseJson('{"a": 1 / 2}')).toMatchObject({ ok: false });
    expect(parseJson('["a", b/c]')).toMatchObject({ ok: true, value: ['a', 'b/c'] });
  });

  it('should read unusual spaces as whitespace, and keep other non-ASCII text', () => {
    expect(parseJson('[1,\u00a02\u3000,\ufeff3]')).toMatchObject({
      ok: true,
      value: [1, 2, 3],
      repairs: [
        { kind: 'other', offset: 3, detail: 'unusual whitespace' },
        { kind: 'other', offset: 5, detail: 'unusual whitespace' },
        { kind: 'other', offset: 7, detail: 'unusual whitespace' },
      ],
    });
    expect(parseJson('{é: "ü"}')).toMatchObject({ ok: true, value: { é: 'ü' } });
  });

  it('should end a gap at the end of the text', () => {
    expect(parseJson('{a: 1}  ')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(parseJson('{a: 1} /')).toMatchObject({ ok: false });
  });

  it('should keep comments and unusual spaces errors in strict mode', () => {
    expect(parseJson('[1 /* c */]', { strict: true })).toMatchObject({ ok: false });
    expect(parseJson('[1,\u00a02]', { strict: true })).toMatchObject({ ok: false });
  });
});

describe('closing quotes', () => {
  it('should close a string before a delimiter, with or without spaces', () => {
    expect(parseJson('{"a":"b","c" :["d" ],"e":"f"\n}')).toMatchObject({
      ok: true,
      value: { a: 'b', c: ['d'], e: 'f' },
    });
    expect(parseJson('{\'a\': "b"}')).toMatchObject({ ok: true, value: { a: 'b' } });
  });

  it('should keep a quote followed by a word inside the string', () => {
    expect(parseJson('{"a": "say "hi" now"}')).toMatchObject({
      ok: true,
      value: { a: 'say "hi" now' },
    });
  });
});

describe('gaps around the document', () => {
  it('should keep the repairs of commented gaps around fences in order', () => {
    expect(parseJson('/*a*/```json /*b*/ {"x": 1} /*c*/ ``` //d')).toMatchObject({
      ok: true,
      value: { x: 1 },
      repairs: [
        { kind: 'comment', offset: 0 },
        { kind: 'markdown-fence', offset: 5 },
        { kind: 'comment', offset: 13 },
        { kind: 'comment', offset: 28 },
        { kind: 'markdown-fence', offset: 34 },
        { kind: 'comment', offset: 38 },
      ],
    });
  });

  it('should split top-level values at a comma or a line break only', () => {
    expect(parseJson('{"a": 1} /*x*/ , {"b": 2}\n[3]')).toMatchObject({
      ok: true,
      value: [{ a: 1 }, { b: 2 }, [3]],
      repairs: [
        { kind: 'several-values', offset: 0 },
        { kind: 'comment', offset: 9 },
      ],
    });
    expect(parseJson('{"a": 1} /*x*/ {"b": 2}')).toMatchObject({
      ok: false,
      issue: { offset: 15 },
    });
  });
});
