import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cannotBeJson } from '../../src/json/ends.js';
import { parseJson } from '../../src/json/index.js';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** JSON texts, whole or cut anywhere, with JSON and other white space around them. */
const jsonish = fc
  .tuple(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.nat(),
    fc.boolean(),
    fc.constantFrom('', ' ', '\n\t', '\r\n ', '\u00a0', '\ufeff'),
    fc.constantFrom('', ' ', '\n', '\t\r', '\u2028'),
  )
  .map(([text, cut, whole, before, after]) => {
    const body = whole ? text : text.slice(0, cut % (text.length + 1));
    return `${before}${body}${after}`;
  });

describe('cannotBeJson', () => {
  it('should say so only of texts JSON.parse refuses', () => {
    let refused = 0;
    let kept = 0;
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.string(), fc.string({ unit: 'binary' })), (text) => {
        if (cannotBeJson(text)) {
          refused += 1;
          expect(parses(text)).toBe(false);
        } else if (parses(text)) kept += 1;
      }),
      { numRuns: 3000 },
    );
    // Both answers came up often: the property was not true for want of cases.
    expect(refused).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(100);
  });

  it('should catch payloads cut off inside an object, an array or a string', () => {
    for (const text of [
      '{"city": "Ant',
      '{"a": [1, 2',
      '{"a": 1,',
      '[{"a": 1}',
      '"abc',
      '{',
      ' [ ',
      '',
    ])
      expect(cannotBeJson(text), text).toBe(true);
  });

  it('should catch repairs next to the openers at the start or the closers at the end', () => {
    for (const text of [
      '{"a": 1,}',
      '[1, 2,]',
      '{"days": ["mon", "tue"],}}',
      '{"a": {"b": [1,]}}',
      '{a: 1}',
      "{'a': 1}",
      '[{a: 1}]',
      '[[True]]',
      '{"a": b}',
      '{"a": undefined}',
      '{"a": [}',
      '[{]',
      '{"a": 1\n  ,\n}',
    ])
      expect(cannotBeJson(text), text).toBe(true);
  });

  it('should leave texts whose ends are those of a value to JSON.parse', () => {
    for (const text of [
      '{}',
      ' [1] ',
      '"x"',
      '-0',
      '12',
      'true',
      'false\n',
      'null',
      '{"a": True}',
      '[ ]',
      '[[{ }], [[]]]',
      '{"a": ",}"}',
      '{"a": [null, -1e5, {"b": {}}]}',
      '[[-1, "x", true, false, null]]',
    ])
      expect(cannotBeJson(text), text).toBe(false);
  });

  it('should leave parseJson reading cut-off payloads as before', () => {
    expect(parseJson('{"city": "Ant')).toMatchObject({
      ok: true,
      value: { city: 'Ant' },
      complete: false,
    });
    expect(parseJson('[1, 2', { strict: true }).ok).toBe(false);
  });
});
