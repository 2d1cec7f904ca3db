import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, repeatedKeyOf } from '../../src/json/index.js';
import { readCommonRepairs } from '../../src/json/quick.js';
import { findRepeatedKeys } from '../../src/json/repeated-keys.js';

/** The key whose second writing a reader meets first. */
function firstRepeated(keys: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

/** `JSON.parse` of the text, with its call objects' repeated keys noted. */
function noted(text: string): unknown {
  const value: unknown = JSON.parse(text);
  findRepeatedKeys(text, value, 'calls');
  return value;
}

function repeatedIn(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? repeatedKeyOf(value) : undefined;
}

describe('findRepeatedKeys', () => {
  it('should note the first key the top-level object writes twice, escaped or not', () => {
    expect(repeatedIn(noted('{"name": "ls", "arguments": {}, "name": "rm"}'))).toBe('name');
    expect(repeatedIn(noted('{"a": 1, "b": 2, "b": 3, "a": 4}'))).toBe('b');
    expect(repeatedIn(noted('{"name": "ls", "n\\u0061me": "rm"}'))).toBe('name');
    expect(repeatedIn(noted('{"name": "ls", "arguments": {}}'))).toBeUndefined();
  });

  it('should not count keys written again inside values, strings or other objects', () => {
    const text = '{"name": "f", "arguments": {"name": "x", "name": "y"}, "note": "\\"name\\": {["}';
    const value = noted(text) as { arguments: object };
    expect(repeatedIn(value)).toBeUndefined();
    // Only call objects are looked at, not the objects inside them.
    expect(repeatedIn(value.arguments)).toBeUndefined();
  });

  it('should read each object of a top-level list as a call object', () => {
    const value = noted(
      '[{"a": 1}, 7, {"b": [1, {"b": 2}], "c": "}", "b": 3}, "x", {"a": 1, "a": 1}]',
    );
    expect((value as unknown[]).map(repeatedIn)).toEqual([
      undefined,
      undefined,
      'b',
      undefined,
      'a',
    ]);
  });

  it('should find a repeated key among many', () => {
    const keys = Array.from({ length: 40 }, (_, index) => `k${index}`);
    const members = (names: string[]) => names.map((key, index) => `"${key}": ${index}`).join(', ');
    expect(repeatedIn(noted(`{${members([...keys, 'k7'])}}`))).toBe('k7');
    expect(repeatedIn(noted(`{${members(keys)}}`))).toBeUndefined();
  });
  it("should look at a call object's function object, and at nothing inside it", () => {
    const text =
      '{"type": "function", "function": {"name": "ls", "arguments": {"a": 1, "a": 2}, "name": "rm"}}';
    const value = noted(text) as { function: { arguments: object } };
    expect(repeatedIn(value)).toBeUndefined();
    expect(repeatedIn(value.function)).toBe('name');
    expect(repeatedIn(value.function.arguments)).toBeUndefined();
    const listed = noted(`[{"id": "a"}, ${text}]`) as { function?: object }[];
    expect(listed.map((call) => repeatedIn(call.function))).toEqual([undefined, 'name']);
    // A function object written twice: the call is noted, whichever object it holds.
    const twice = noted('{"function": {"name": "ls"}, "function": {"name": "rm", "name": "x"}}');
    expect(repeatedIn(twice)).toBe('function');
  });

  it('should look at an OpenAI message, its tool_calls and their function objects', () => {
    const read = (text: string): unknown => {
      const value: unknown = JSON.parse(text);
      findRepeatedKeys(text, value, 'message');
      return value;
    };
    const call = '{"id": "a", "function": {"name": "ls", "arguments": "{}", "name": "rm"}}';
    const message = read(
      `{"role": "assistant", "meta": {"k": 1, "k": 2}, "tool_calls": [7, ${call}, {"id": "b", "id": "c"}]}`,
    ) as { meta: object; tool_calls: [number, { function: object }, object] };
    expect(repeatedIn(message)).toBeUndefined();
    expect(repeatedIn(message.meta)).toBeUndefined();
    expect(repeatedIn(message.tool_calls[1])).toBeUndefined();
    expect(repeatedIn(message.tool_calls[1].function)).toBe('name');
    expect(repeatedIn(message.tool_calls[2])).toBe('id');
    expect(repeatedIn(read('{"tool_calls": [], "tool_calls": [{"name": "rm"}]}'))).toBe(
      'tool_calls',
    );
    // A message is an object: a top-level list is not one, and nothing in it is looked at.
    const list = read(`[${call}]`) as { function: object }[];
    expect(list.map((item) => repeatedIn(item.function))).toEqual([undefined]);
  });
});

describe('repeated keys in nested call objects, as each JSON reader notes them', () => {
  const key = fc.constantFrom(['name', 'name'], ['n\\u0061me', 'name'], ['id', 'id'], ['x', 'x']);
  const member = fc.tuple(key, fc.jsonValue({ maxDepth: 1 }));
  const members = fc.array(member, { maxLength: 4 });
  // A call object: its members, and maybe a function object among them (at `at`).
  const call = fc.record({
    own: members,
    inner: fc.option(members, { nil: undefined }),
    at: fc.nat(4),
  });
  const envelopeKey = fc.constantFrom('role', 'content');

  type Members = readonly (readonly [readonly string[], unknown])[];
  type Call = { own: Members; inner: Members | undefined; at: number };

  const body = (list: Members): string[] =>
    list.map(([[raw], value]) => `"${raw}": ${JSON.stringify(value)}`);
  function writeCall({ own, inner, at }: Call): string {
    const written = body(own);
    if (inner !== undefined)
      written.splice(Math.min(at, written.length), 0, `"function": {${body(inner).join(', ')}}`);
    return `{${written.join(', ')}}`;
  }
  const keysOf = (list: Members): string[] => list.map(([[, read]]) => read as string);
  const expectedOf = ({ own, inner }: Call) => [
    firstRepeated(inner === undefined ? keysOf(own) : [...keysOf(own), 'function']),
    inner === undefined ? undefined : firstRepeated(keysOf(inner)),
  ];
  const notesOf = (value: unknown) => [
    repeatedIn(value),
    repeatedIn((value as { function?: unknown }).function),
  ];

  it('should note the same keys natively, in the quick reader and in the grammar', () => {
    fc.assert(
      fc.property(
        fc.array(call, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('object', 'list', 'message'),
        fc.array(envelopeKey, { maxLength: 3 }),
        (calls, shape, extra) => {
          const list = `[${calls.map(writeCall).join(', ')}]`;
          const message = `{${[...extra.map((name) => `"${name}": 1`), `"tool_calls": ${list}`].join(', ')}}`;
          const strict =
            shape === 'object' ? writeCall(calls[0] as Call) : shape === 'list' ? list : message;
          const layout = shape === 'message' ? 'message' : 'calls';
          const want =
            shape === 'object'
              ? expectedOf(calls[0] as Call)
              : shape === 'list'
                ? calls.map(expectedOf)
                : [firstRepeated([...extra, 'tool_calls']), calls.map(expectedOf)];
          const notedBy = (value: unknown): unknown => {
            if (shape === 'object') return notesOf(value);
            if (shape === 'list') return (value as unknown[]).map(notesOf);
            const { tool_calls: entries } = value as { tool_calls: unknown[] };
            return [repeatedIn(value), entries.map(notesOf)];
          };

          const native = parseJson(strict, { callObjects: layout });
          expect(native.ok).toBe(true);
          if (native.ok) expect(notedBy(native.value)).toEqual(want);
          const comma = `${strict.slice(0, -1)},${strict.slice(-1)}`;
          const quick = readCommonRepairs(comma, 256, 0, layout);
          if (quick !== undefined) expect(notedBy(quick.value)).toEqual(want);
          const commented = `${strict.slice(0, 1)}/* c */${strict.slice(1)}`;
          const grammar = parseJson(commented, { callObjects: layout });
          expect(grammar.ok).toBe(true);
          if (grammar.ok) expect(notedBy(grammar.value)).toEqual(want);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('repeated keys, as each JSON reader notes them', () => {
  // Keys as written and as read: an escape spells `name` too, a quote and a brace are content.
  const key = fc.constantFrom(
    ['name', 'name'],
    ['n\\u0061me', 'name'],
    ['arguments', 'arguments'],
    ['id', 'id'],
    ['\\"', '"'],
    ['}', '}'],
  );
  const blank = fc.constantFrom('', ' ', '\n  ');
  // Values that spell the keys again (nested objects, strings), so that a key's quoted spelling
  // also occurs where it is not a call object's key.
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom({ name: 1 }, { arguments: { id: 2 } }, '"name"', 'id', ['}', '"id"']),
  );
  const member = fc.tuple(key, value, blank);
  const callObject = fc.array(member, { maxLength: 6 });

  function write(members: readonly [readonly string[], unknown, string][]): string {
    const body = members.map(
      ([[raw], value, gap]) => `${gap}"${raw}":${gap}${JSON.stringify(value)}`,
    );
    return `{${body.join(',')}}`;
  }

  it('should note the same key natively, in the quick reader and in the grammar', () => {
    fc.assert(
      fc.property(
        fc.array(callObject, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (objects, list) => {
          const texts = objects.map(write);
          const expected = objects.map((members) =>
            firstRepeated(members.map(([[, read]]) => read as string)),
          );
          const strict = list ? `[${texts.join(', ')}]` : (texts[0] as string);
          const want = list ? expected : expected[0];
          const notedBy = (value: unknown) =>
            list ? (value as unknown[]).map(repeatedIn) : repeatedIn(value);

          const native = parseJson(strict, { callObjects: 'calls' });
          expect(native.ok && native.repairs).toEqual([]);
          if (native.ok) expect(notedBy(native.value)).toEqual(want);

          // A trailing comma is the quick reader's; a comment is the grammar's.
          const comma = `${strict.slice(0, -1)},${strict.slice(-1)}`;
          const quick = readCommonRepairs(comma, 256, 0, 'calls');
          if (quick !== undefined) expect(notedBy(quick.value)).toEqual(want);
          const commented = `${strict.slice(0, 1)}/* c */${strict.slice(1)}`;
          const grammar = parseJson(commented, { callObjects: 'calls' });
          expect(grammar.ok).toBe(true);
          if (grammar.ok) expect(notedBy(grammar.value)).toEqual(want);

          // Unasked, no reader notes anything.
          for (const text of [strict, comma, commented]) {
            const read = parseJson(text);
            if (read.ok)
              expect(notedBy(read.value)).toEqual(list ? objects.map(() => undefined) : undefined);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
