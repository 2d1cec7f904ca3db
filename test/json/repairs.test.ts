import { describe, expect, it } from 'vitest';
import { parseJson, type JsonOutcome } from '../../src/json/index.js';
import type { Repair, RepairKind } from '../../src/types.js';

/** Parses leniently and fails the test when the outcome is an issue. */
function read(text: string, offset = 0): Extract<JsonOutcome, { ok: true }> {
  const outcome = parseJson(text, { offset });
  if (!outcome.ok) throw new Error(`expected a value, got ${outcome.issue.message}`);
  return outcome;
}

function kinds(text: string): RepairKind[] {
  return read(text).repairs.map((repair) => repair.kind);
}

describe('parseJson fast path', () => {
  it('should return valid JSON unchanged with no repairs', () => {
    expect(parseJson('{"city": "Antwerp", "days": [1, 2]}')).toEqual({
      ok: true,
      value: { city: 'Antwerp', days: [1, 2] },
      repairs: [],
      complete: true,
      // A bound on its nesting: half its length, a short text's depth not being measured.
      depthAtMost: 17,
    });
  });
});

describe('parseJson lenient repairs', () => {
  it('should read a single-quoted key and value and record each repair', () => {
    const outcome = read("{'unit': 'celsius'}");
    expect(outcome.value).toEqual({ unit: 'celsius' });
    expect(outcome.repairs).toEqual([
      { kind: 'single-quoted-string', offset: 1 },
      { kind: 'single-quoted-string', offset: 9 },
    ]);
  });

  it('should read an unquoted key', () => {
    const outcome = read('{city: "Ghent"}');
    expect(outcome.value).toEqual({ city: 'Ghent' });
    expect(outcome.repairs).toEqual([{ kind: 'unquoted-key', offset: 1 }]);
  });

  it('should drop trailing commas in arrays and objects', () => {
    const outcome = read('{"tags": ["a", "b",], "n": 1,}');
    expect(outcome.value).toEqual({ tags: ['a', 'b'], n: 1 });
    expect(outcome.repairs).toEqual([
      { kind: 'trailing-comma', offset: 18 },
      { kind: 'trailing-comma', offset: 28 },
    ]);
  });

  it('should supply missing commas between items and between members', () => {
    const outcome = read('{"a": [1 2]\n"b": 3}');
    expect(outcome.value).toEqual({ a: [1, 2], b: 3 });
    expect(kinds('{"a": [1 2]\n"b": 3}')).toEqual(['missing-comma', 'missing-comma']);
  });

  // The gap after an item is read once and shared by the comma, the missing comma, the trailing
  // comma and the closer: each must still see the whole gap, comments included.
  it('should keep the repairs of commented gaps around commas, trailing commas and closers', () => {
    const outcome = read('[1 /*a*/ , /*b*/ 2 /*c*/ , /*d*/ ] ');
    expect(outcome.value).toEqual([1, 2]);
    expect(outcome.repairs).toEqual([
      { kind: 'comment', offset: 3 },
      { kind: 'comment', offset: 11 },
      { kind: 'trailing-comma', offset: 18 },
      { kind: 'comment', offset: 19 },
      { kind: 'comment', offset: 27 },
    ]);
    const object = read('{"a": 1 /*x*/ "b": 2 //y\n }');
    expect(object.value).toEqual({ a: 1, b: 2 });
    expect(object.repairs).toEqual([
      { kind: 'missing-comma', offset: 7 },
      { kind: 'comment', offset: 8 },
      { kind: 'comment', offset: 21 },
    ]);
  });

  it('should report a stray comma or closer at its own offset', () => {
    expect(parseJson('[1,, ]')).toMatchObject({ ok: false, issue: { offset: 3 } });
    expect(parseJson('{"a": 1,, }')).toMatchObject({ ok: false, issue: { offset: 8 } });
    expect(parseJson('{"a": 1 ]x')).toMatchObject({ ok: false, issue: { offset: 9 } });
    expect(read('{"a": [1, ]').repairs).toEqual([
      { kind: 'trailing-comma', offset: 8 },
      { kind: 'missing-closing-brace', offset: 11 },
    ]);
  });

  it('should read Python True, False and None', () => {
    const outcome = read('[True, False, None]');
    expect(outcome.value).toEqual([true, false, null]);
    expect(outcome.repairs.map((repair) => [repair.kind, repair.offset])).toEqual([
      ['python-literal', 1],
      ['python-literal', 7],
      ['python-literal', 14],
    ]);
  });

  it('should keep raw newlines and tabs in strings and record them', () => {
    const outcome = read('{"code": "a\n\tb"}');
    expect(outcome.value).toEqual({ code: 'a\n\tb' });
    expect(outcome.repairs).toEqual([
      { kind: 'control-character', offset: 11 },
      { kind: 'control-character', offset: 12 },
    ]);
  });

  it('should drop line and block comments', () => {
    const outcome = read('{\n  // the city\n  "city": /* inline */ "Bruges"\n}');
    expect(outcome.value).toEqual({ city: 'Bruges' });
    expect(outcome.repairs).toEqual([
      { kind: 'comment', offset: 4 },
      { kind: 'comment', offset: 26 },
    ]);
  });

  it('should drop a markdown fence around the payload', () => {
    const outcome = read('```json\n{"a": 1}\n```');
    expect(outcome.value).toEqual({ a: 1 });
    expect(outcome.repairs).toEqual([
      { kind: 'markdown-fence', offset: 0 },
      { kind: 'markdown-fence', offset: 17 },
    ]);
  });

  it('should close a string, an array and an object cut off at the end and mark the outcome incomplete', () => {
    const outcome = read('{"query": "weather in Lie');
    expect(outcome.value).toEqual({ query: 'weather in Lie' });
    expect(outcome.complete).toBe(false);
    expect(kinds('{"query": "weather in Lie')).toEqual([
      'missing-closing-quote',
      'missing-closing-brace',
    ]);
    const nested = read('{"ids": [1, 2');
    expect(nested.value).toEqual({ ids: [1, 2] });
    expect(nested.complete).toBe(false);
    expect(nested.repairs.map((repair) => repair.kind)).toEqual([
      'missing-closing-bracket',
      'missing-closing-brace',
    ]);
  });

  it('should stay complete when a closer is supplied before another closer rather than at the end', () => {
    const outcome = read('[{"b": 2]');
    expect(outcome.value).toEqual([{ b: 2 }]);
    expect(outcome.complete).toBe(true);
    expect(outcome.repairs[0]?.kind).toBe('missing-closing-brace');
  });

  it('should refuse a list closed by "}" when members follow, which either reading would misplace', () => {
    // Read as a forgotten "]", the "}" would close the arguments and move dry_run out of them,
    // into the call object, where nothing reads it: the call would run without it.
    const outcome = parseJson(
      '{"name": "rm", "arguments": {"files": ["a", "b"}, "dry_run": true}}',
    );
    expect(outcome).toMatchObject({ ok: false, issue: { code: 'invalid-json', offset: 47 } });
    expect(outcome.ok ? '' : outcome.issue.message).toMatch(/^the payload's brackets do not match/);
    expect(parseJson('{"a": {"b": [1},\n  c: 2}}').ok).toBe(false);
  });

  it('should still supply a "]" where the "}" reads the same either way', () => {
    // Followed by the end of its parent, or by another element of a list.
    expect(read('{"args": {"ids": [1, 2}}').value).toEqual({ args: { ids: [1, 2] } });
    expect(read('[{"a": [1}, {"b": 2}]').value).toEqual([{ a: [1] }, { b: 2 }]);
    expect(read('{"a": "[1}, \\"b\\": 2"}').value).toEqual({ a: '[1}, "b": 2' });
  });

  it('should keep an invalid escape as written and read an escaped single quote', () => {
    const outcome = read('{"path": "C:\\Users\\q", "s": "it\\\'s"}');
    expect(outcome.value).toEqual({ path: 'C:\\Users\\q', s: "it's" });
    expect(kinds('{"path": "C:\\Users\\q", "s": "it\\\'s"}')).toEqual([
      'invalid-escape',
      'invalid-escape',
      'invalid-escape',
    ]);
  });

  it('should read number forms JSON does not allow', () => {
    const outcome = read('[.5, +1, 0x1F, -0x10, 2.]');
    expect(outcome.value).toEqual([0.5, 1, 31, -16, 2]);
    expect(outcome.repairs.every((repair) => repair.kind === 'number-form')).toBe(true);
    expect(outcome.repairs).toHaveLength(5);
  });

  it('should mark a number cut off before its digits, naming its key', () => {
    for (const [written, value] of [
      ['-', 0],
      ['.', 0],
      ['3e', 3],
      ['3E-', 3],
      ['-3.5e+', -3.5],
    ] as const) {
      const outcome = read(`{"count": ${written}, "all": true}`);
      expect(outcome.value).toEqual({ count: value, all: true });
      expect(outcome.repairs).toEqual([
        {
          kind: 'cut-off-number',
          offset: 10,
          detail: `the value of "count" is a number cut off (${written})`,
        },
      ]);
    }
  });

  it('should mark a string left open and ended at a delimiter, naming its key', () => {
    // Open to a `}` with nothing after it but closers: the string ends before them, a guess.
    const outcome = read('{"note": "back at 5\n}');
    expect(outcome.value).toEqual({ note: 'back at 5' });
    expect(outcome.repairs).toEqual([
      { kind: 'missing-closing-quote', offset: 19 },
      {
        kind: 'guessed-string-end',
        offset: 19,
        detail: 'the value of "note" is a string left open, read up to the delimiter after it',
      },
    ]);
    // Open to the end of the text, it was cut off: no guess, as before.
    expect(kinds('{"note": "back at 5')).toEqual([
      'missing-closing-quote',
      'missing-closing-brace',
    ]);
  });

  it('should read words glued to digits as strings, not as numbers', () => {
    expect(read('{"version": 0.0.1, "zip": 0789}').value).toEqual({
      version: '0.0.1',
      zip: '0789',
    });
  });

  it('should read a missing value as null and a missing colon as present', () => {
    const outcome = read('{"a": , "b" 2}');
    expect(outcome.value).toEqual({ a: null, b: 2 });
    // The repair names the key, for the envelope that refuses a call holding it.
    expect(outcome.repairs[0]).toEqual({
      kind: 'missing-value',
      offset: 6,
      detail: 'the value of "a" is missing',
    });
  });

  it('should end a string before a comma that precedes the next key', () => {
    expect(read('{"a": "one, "b": "two"}').value).toEqual({ a: 'one', b: 'two' });
  });

  it('should keep a quote inside a string when it is not followed by a delimiter', () => {
    expect(read('{"size": "a 24" screen"}').value).toEqual({ size: 'a 24" screen' });
  });

  it('should unwrap a function call around a value', () => {
    const outcome = read('{"id": ObjectId("5f1")}');
    expect(outcome.value).toEqual({ id: '5f1' });
    expect(outcome.repairs).toEqual([
      { kind: 'other', offset: 7, detail: 'call ObjectId(...) unwrapped' },
    ]);
  });

  it('should unwrap a callback around the whole document as a JSONP wrapper', () => {
    const outcome = read('handle({"page": 2});');
    expect(outcome.value).toEqual({ page: 2 });
    expect(outcome.repairs).toEqual([
      { kind: 'other', offset: 0, detail: 'call handle(...) unwrapped' },
    ]);
  });

  it('should mark a call that computes a value as an expression, naming its key', () => {
    // `invert(true)` is not true, and `floor(7.9)` is not 7.9: read as written inside, marked.
    const outcome = read('{"confirm": invert(true), "nested": {"n": floor(7.9)}}');
    expect(outcome.value).toEqual({ confirm: true, nested: { n: 7.9 } });
    expect(outcome.repairs.map((repair) => [repair.kind, repair.detail])).toEqual([
      ['expression', 'the value of "confirm" is the function call invert(...)'],
      ['expression', 'the value of "n" is the function call floor(...)'],
    ]);
    // A call around a whole document that is not an object or a list is no JSONP wrapper.
    expect(kinds('sqrt(16)')).toEqual(['expression']);
  });

  it('should read the one-character ellipsis as the three-dot one', () => {
    expect(read('{"to": ["a@x.io", "b@x.io", …], "cc": …}').repairs).toEqual([
      { kind: 'elided', offset: 28, detail: 'ellipsis dropped' },
      { kind: 'elided', offset: 38, detail: 'value elided' },
    ]);
  });

  it('should not read a run of punctuation as a key: an operator splits no members', () => {
    // `{"total": 6 * 7}` was read as `{"total": 6, "*": 7}`.
    expect(parseJson('{"total": 6 * 7}').ok).toBe(false);
    expect(parseJson('{"total": 6 + 7}').ok).toBe(false);
    // Keys with a letter, digit, `_` or `$` among punctuation are still keys.
    expect(read('{$id: 1, @type: "x", _k: 2, ключ: 3}').value).toEqual({
      $id: 1,
      '@type': 'x',
      _k: 2,
      ключ: 3,
    });
  });

  it('should end a string at its quote when a `#` comment follows it', () => {
    // The comment was read into the string: `"bob\" # the payee\n"`.
    const outcome = parseJson('{"to": "bob" # the payee\n, "amount": 10}');
    expect(outcome.ok).toBe(false);
  });

  it('should add the payload offset to every repair offset', () => {
    const outcome = read("{'a': 1,}", 100);
    expect(outcome.repairs).toEqual([
      { kind: 'single-quoted-string', offset: 101 },
      { kind: 'trailing-comma', offset: 107 },
    ]);
  });

  it('should add the payload offset to the issue offset', () => {
    const outcome = parseJson('{"a": 1} trailing words', { offset: 40 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.issue.code).toBe('invalid-json');
      expect(outcome.issue.offset).toBeGreaterThanOrEqual(40);
    }
  });

  it('should refuse text that is not a value at all', () => {
    expect(parseJson('').ok).toBe(false);
    expect(parseJson('{"a": 1}{"b": 2}').ok).toBe(false);
    expect(parseJson('"\\uZZZZ"').ok).toBe(false);
  });
});

describe('the JsonValue start rule other grammars import', () => {
  it('should read one value at the start of the text and leave the rest, with absolute offsets', async () => {
    const { parse } = await import('../../src/generated/json.js');
    const { lowerNode } = await import('../../src/json/index.js');
    const node = parse("{'a': [1 2]}", { startRule: 'JsonValue' });
    const repairs: Repair[] = [];
    expect(lowerNode(node, repairs)).toEqual({ a: [1, 2] });
    expect(repairs.map((repair) => [repair.kind, repair.offset]).sort()).toEqual([
      ['missing-comma', 8],
      ['single-quoted-string', 1],
    ]);
  });
});
