import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_DEPTH, parseJson, scanJsonValue } from '../../src/json/index.js';

describe('depth guard', () => {
  it('should refuse valid JSON deeper than the default limit on the fast path', () => {
    const text = '['.repeat(DEFAULT_MAX_DEPTH + 1) + ']'.repeat(DEFAULT_MAX_DEPTH + 1);
    expect(parseJson(text)).toMatchObject({ ok: false, issue: { code: 'too-deep' } });
  });

  it('should accept valid JSON exactly at the limit', () => {
    const text = '['.repeat(DEFAULT_MAX_DEPTH) + ']'.repeat(DEFAULT_MAX_DEPTH);
    expect(parseJson(text).ok).toBe(true);
  });

  it('should refuse 100,000 levels cleanly on both paths', () => {
    const valid = '['.repeat(100_000) + ']'.repeat(100_000);
    const broken = '{"a": ['.repeat(100_000);
    expect(parseJson(valid)).toMatchObject({ ok: false, issue: { code: 'too-deep' } });
    expect(parseJson(broken)).toMatchObject({ ok: false, issue: { code: 'too-deep' } });
  });

  it('should honour a smaller maxDepth in the grammar', () => {
    expect(parseJson('[[[1]]', { maxDepth: 2 })).toMatchObject({
      ok: false,
      issue: { code: 'too-deep' },
    });
    expect(parseJson('[[1]', { maxDepth: 2 }).ok).toBe(true);
  });

  it('should not count brackets inside strings', () => {
    expect(parseJson(JSON.stringify({ text: '['.repeat(1000) }), { maxDepth: 2 }).ok).toBe(true);
  });
});

describe('prototype keys', () => {
  it.each([
    ['the fast path', '{"__proto__": {"polluted": 1}, "constructor": 2, "prototype": 3}'],
    ['the grammar', "{'__proto__': {'polluted': 1}, constructor: 2, prototype: 3,}"],
  ])('should keep __proto__, constructor and prototype as own data on %s', (_path, text) => {
    const outcome = parseJson(text);
    if (!outcome.ok) throw new Error(outcome.issue.message);
    const value = outcome.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(value).toStrictEqual(
      JSON.parse('{"__proto__": {"polluted": 1}, "constructor": 2, "prototype": 3}'),
    );
  });
});

describe('scanJsonValue', () => {
  it('should find the end of a value followed by prose, skipping closers inside strings', () => {
    const text = 'TOOL_CALL {"a": "}", \'b\': [1, "\\"]"]} more prose';
    expect(scanJsonValue(text, 10)).toEqual({ end: text.indexOf(' more'), closed: true, depth: 2 });
  });

  it('should report a value that never closes', () => {
    expect(scanJsonValue('x [[1, 2', 2)).toEqual({ end: 8, closed: false, depth: 2 });
  });

  it('should report nothing when the start is not an opener', () => {
    expect(scanJsonValue('abc', 1)).toEqual({ end: 1, closed: false, depth: 0 });
  });

  it('should end where the opener is balanced, matching brackets outside quotes only', () => {
    // The reference reads the text as a stack of what is open and searches it for each closer's
    // opener; the scan keeps counts of each kind instead of searching.
    const reference = (text: string, start: number) => {
      const first = text.charAt(start);
      if (first !== '{' && first !== '[') return { end: start, closed: false, depth: 0 };
      const open: string[] = [];
      let deepest = 0;
      for (let index = start; index < text.length; index++) {
        const char = text.charAt(index);
        const top = open.at(-1);
        if (top === '"' || top === "'") {
          if (char === '\\') index++;
          else if (char === top) open.pop();
        } else if ('"\'{['.includes(char)) {
          open.push(char);
          if (char === '{' || char === '[') {
            deepest = Math.max(deepest, open.length);
          }
        } else if ('}]'.includes(char)) {
          // A closer closes its own opener and whatever was opened after it (`[1}` closes the
          // list and the object); one whose opener is not open closes the innermost value.
          const opener = char === '}' ? '{' : '[';
          const at = open.lastIndexOf(opener);
          open.length = at === -1 ? open.length - 1 : at;
          if (open.length === 0) return { end: index + 1, closed: true, depth: deepest };
        }
      }
      return { end: text.length, closed: false, depth: deepest };
    };
    const unit = fc.constantFrom('{', '}', '[', ']', '"', "'", '\\', 'a', ' ');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), fc.nat(40), (text, start) => {
        expect(scanJsonValue(text, start)).toEqual(reference(text, start));
      }),
      { numRuns: 5000 },
    );
    // Long strings, whose rest is searched for rather than read unit by unit: runs of
    // backslashes before quotes of both kinds, inside and past the first units.
    const long = fc.oneof(
      { weight: 12, arbitrary: fc.constant('a') },
      { weight: 2, arbitrary: fc.constantFrom('\\', '\\\\', '\\\\\\') },
      { weight: 1, arbitrary: fc.constantFrom('"', "'", '{', '}', '[', ']') },
    );
    fc.assert(
      fc.property(
        fc.array(long, { minLength: 10, maxLength: 300, size: 'max' }),
        fc.nat(8),
        (parts, lead) => {
          const text = `${'{['.slice(0, 1 + (lead % 2))}"${parts.join('')}`;
          expect(scanJsonValue(text, 0)).toEqual(reference(text, 0));
          const single = text.replaceAll('"', "'");
          expect(scanJsonValue(single, 0)).toEqual(reference(single, 0));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('properties', () => {
  it('should never throw on arbitrary strings, in either mode', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
        fc.boolean(),
        (text, strict) => {
          const outcome = parseJson(text, { strict });
          expect(typeof outcome.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('should never throw on strings built from JSON punctuation', () => {
    const token = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      "'",
      ',',
      ':',
      '\\',
      '/*',
      '//',
      '\n',
      'a',
      '1',
      '.',
      '-',
      'True',
      '```',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 80 }), (tokens) => {
        const outcome = parseJson(tokens.join(''));
        expect(typeof outcome.ok).toBe('boolean');
      }),
      { numRuns: 3000 },
    );
  });

  it('should agree with JSON.parse on stringified JSON values, in the grammar too', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        const expected: unknown = JSON.parse(text);
        expect(parseJson(text)).toEqual({
          ok: true,
          value: expected,
          repairs: [],
          complete: true,
          depthAtMost: expect.any(Number) as unknown,
        });
        // Force the grammar path: a trailing comma makes JSON.parse fail; the value must not change.
        const viaGrammar = parseJson(`${text},`);
        expect(viaGrammar.ok && viaGrammar.value).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
