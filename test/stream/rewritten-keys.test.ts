/**
 * Arguments that write a key twice, or an array-index key after others, and hold text strict JSON
 * does not allow: the stream's writer stops there, after it sent a value the call's arguments do
 * not keep (the key's first one) or in an order `JSON.stringify` changes. The stream ends the call
 * with a rest that writes those keys again (`restRewritingKeys`), so its deltas read back as the
 * arguments; before, it ended the call as malformed and sent it again, one rejection more than
 * `parse` gives (found by a hunt on deepseek_v3 output with `"null_field"` written twice).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import { restRewritingKeys } from '../../src/stream/rewritten-keys.js';
import { expectEquivalent, streamAll } from './equivalence.js';

/** The rest after `sent`, checked to read back as `args` whenever it is given. */
function rest(sent: string, args: Record<string, unknown>): string | undefined {
  const canonical = JSON.stringify(args);
  const found = restRewritingKeys(sent, args, canonical);
  if (found !== undefined) expect(JSON.stringify(JSON.parse(sent + found))).toBe(canonical);
  return found;
}

describe('restRewritingKeys', () => {
  it('should write again a key whose sent value the arguments do not keep', () => {
    expect(rest('{"a":1,"b":"x","a":', { a: 'z', b: 'x' })).toBe('null,"a":"z"}');
    // Sent before a key written twice later: the first value goes out, then the last.
    expect(rest('{"a":1,"b":', { a: 2, b: null })).toBe('null,"a":2}');
  });

  it('should end an array-index key written after others', () => {
    expect(rest('{"a":1,"0":', { 0: null, a: 1 })).toBe('null}');
  });

  it('should close a string, an escape and containers left open', () => {
    expect(rest('{"a":"hel', { a: 'hello', b: 1 })).toBe('","a":"hello","b":1}');
    expect(rest('{"a":"x\\', { a: 'x\n!' })).toBe('n","a":"x\\n!"}');
    expect(rest('{"a":"\\u00', { a: '\u00e9' })).toBe('00","a":"é"}');
    expect(rest('{"a":"\\\\u00', { a: '\\u00' })).toBe('"}');
    expect(rest('{"a":{"x":[1,{"y":', { a: { x: [1] } })).toBe('null}]},"a":{"x":[1]}}');
    expect(rest('{"a": [1, 2], "b":[', { a: [1, 2], b: [3] })).toBe('],"b":[3]}');
    expect(rest('{', { a: 1 })).toBe('"a":1}');
  });

  it('should give no rest where none is proved to read back as the arguments', () => {
    // A key the arguments do not hold, which no rest can take back.
    expect(rest('{"a":1,"c":', { a: 1 })).toBeUndefined();
    // After a comma in an object only a key may come: nothing short closes it.
    expect(rest('{"a":1,', { a: 1 })).toBeUndefined();
    // A number or literal the text ends in may be cut short.
    expect(rest('{"a":12', { a: 12 })).toBeUndefined();
    expect(rest('{"a":tr', { a: true })).toBeUndefined();
    // Whole, not a prefix; not JSON; not an object.
    expect(rest('{"a":1}', { a: 2 })).toBeUndefined();
    expect(rest("{'a':1,", { a: 1 })).toBeUndefined();
    expect(rest('[1,', { a: 1 })).toBeUndefined();
    expect(rest('', { a: 1 })).toBeUndefined();
  });

  it('should read a long run of backslashes once', () => {
    const sent = `{"a":"${'\\'.repeat(200_001)}`;
    expect(rest(sent, { a: 'x' })).toBe('n","a":"x"}');
  });

  it('should give, for any prefix of arguments written with a key twice, a rest that reads back', () => {
    const value = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 6 }),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 3 }), fc.boolean(), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ maxLength: 4 }), value), {
          minLength: 1,
          maxLength: 5,
          selector: ([key]) => key,
        }),
        fc.nat(),
        value,
        fc.nat(),
        (members, repeated, again, cut) => {
          // Written as the model wrote it: one key again, later, with another value.
          const [key] = members[repeated % members.length] as [string, unknown];
          const written = [...members, [key, again] as const]
            .map(([name, member]) => `${JSON.stringify(name)}:${JSON.stringify(member)}`)
            .join(',');
          const text = `{${written}}`;
          const args = JSON.parse(text) as Record<string, unknown>;
          // `rest` checks every rest it is given; most prefixes get one.
          rest(text.slice(0, 1 + (cut % (text.length - 1))), args);
        },
      ),
      { seed: 5, numRuns: 500 },
    );
  });
});

const OPTIONS = { reasoning: { startsInside: false }, formats: ['hermes'] as const };

describe('stream: a key written twice before or after text strict JSON does not allow', () => {
  const cases = [
    { label: 'the key written again after it', args: '{"a": 1, "b": None, "a": 2}' },
    { label: 'the key written again before it', args: '{"a": 1, "a": 2, "b": None}' },
    { label: 'an array-index key before it', args: '{"a": 1, "0": None}' },
    { label: 'a nested value written over', args: '{"a": {"x": [1, 2]}, "b": True, "a": {}}' },
  ];
  for (const { label, args } of cases) {
    it(`should end the call it started with the arguments parse reads: ${label}`, () => {
      const text = `<tool_call>{"name": "note", "arguments": ${args}}</tool_call>`;
      const events = streamAll(OPTIONS, [...text]);
      // One start and one end: the call is not ended as malformed and sent again.
      expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
      const parsed = createParser({ ...OPTIONS, ids: 'sequential' }).parse(text);
      expect(parsed.calls).toHaveLength(1);
      expect(foldEvents(events).calls).toEqual(parsed.calls);
      expect(foldEvents(events).rejected).toEqual([]);
      expectEquivalent(OPTIONS, [...text]);
      expectEquivalent(OPTIONS, [text]);
      expectEquivalent(OPTIONS, [text.slice(0, 50), text.slice(50)]);
    });
  }
});
