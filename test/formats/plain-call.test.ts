import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatContext } from '../../src/formats/format.js';
import { COMMON_CALL_FIELDS, readCallObject } from '../../src/formats/shared/call-object.js';
import { readCallItem } from '../../src/formats/shared/json-extent.js';
import { readJsonPayload } from '../../src/formats/shared/json-payload.js';
import {
  ARGUMENTS_NOT_JSON,
  HEAD_ONLY,
  readPlainCall,
} from '../../src/formats/shared/plain-call.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { readJsonCallHead } from '../../src/stream/call-head.js';

/** The general reader's call for a payload: the JSON module, then the call object's reading. */
function generalRead(text: string) {
  const context: FormatContext = { text, tools: undefined, limits: DEFAULT_LIMITS };
  const payload = readJsonPayload(context, 0, text.length);
  if (!payload.ok || payload.values.length !== 1) return { payload };
  return { payload, call: readCallObject(payload.values[0], 0) };
}

describe('readPlainCall', () => {
  it('should read the usual call, and an id or a type after its arguments', () => {
    expect(readPlainCall('{"name": "f", "arguments": {"a": [1]}}', 0, 38)).toEqual({
      name: 'f',
      arguments: { a: [1] },
    });
    const tail = '{"name":"f","parameters":{},"type":"function","id":"c\u00e91","index":0}';
    expect(readPlainCall(tail, 0, tail.length)).toEqual({ name: 'f', arguments: {} });
  });

  it('should leave the rest to the general reader, saying when a stream would start the call', () => {
    for (const text of [
      '{"name": "f", "arguments": {}, "extra": 1}',
      '{"name": "f", "arguments": {}, "id": "a", "id": "b"}',
      '{"name": "f", "arguments": {"a": 1}, "name": "g"}',
      '{"name": "f", "arguments": {"a": 1},}',
    ]) {
      expect(readPlainCall(text, 0, text.length)).toBe(HEAD_ONLY);
    }
    // The usual shape read from the end, but what it takes for the arguments is not JSON: it needs
    // a repair, or a member after the arguments holds an object.
    for (const text of [
      '{"name": "f", "arguments": {"a": True}}',
      '{"name": "f", "arguments": {}, "id": {"x": 1}}',
    ]) {
      expect(readPlainCall(text, 0, text.length)).toBe(ARGUMENTS_NOT_JSON);
    }
    for (const text of [
      '{"arguments": {}, "name": "f"}',
      '{"name": "f", "arguments": "{}"}',
      '[{}]',
    ]) {
      expect(readPlainCall(text, 0, text.length)).toBeUndefined();
    }
  });

  it("should read what the general reader reads, and answer a stream's head exactly", () => {
    const blank = fc.constantFrom('', ' ', '\n');
    const name = fc.oneof(
      fc.constantFrom('f', 'get weather', ' ', 'f\\u00e9', 'a\\"b'),
      fc.string({ maxLength: 6 }).map((text) => JSON.stringify(text).slice(1, -1)),
    );
    const argumentsKey = fc.constantFrom('arguments', 'parameters', 'args', 'input', 'other');
    const argumentsValue = fc.oneof(
      fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      fc.jsonValue({ maxDepth: 1 }),
    );
    const tailKey = fc.constantFrom(
      'id',
      'type',
      'index',
      'status',
      'call_id',
      'x',
      'name',
      'arguments',
    );
    const tailValue = fc.oneof(
      fc.constantFrom('"call_1"', '"a\\"b"', '0', '-1.5e3', 'true', 'null', '{}', '[1]', '01'),
      fc.string({ maxLength: 4 }).map((text) => JSON.stringify(text)),
    );
    const tail = fc.array(fc.tuple(tailKey, tailValue, blank), { maxLength: 3 });
    let read = 0;
    fc.assert(
      fc.property(
        name,
        argumentsKey,
        argumentsValue,
        tail,
        blank,
        (nameText, key, value, after, gap) => {
          const members = after.map(
            ([tailName, written, space]) => `,${space}"${tailName}":${space}${written}`,
          );
          const text = `${gap}{${gap}"name":${gap}"${nameText}",${gap}"${key}":${gap}${JSON.stringify(value, null, gap === '' ? undefined : 1)}${members.join('')}${gap}}${gap}`;
          const plain = readPlainCall(text, 0, text.length);
          const head = readJsonCallHead(text, 0);
          // A stream starts the call from exactly the payloads that open with its head.
          expect(plain !== undefined).toBe(typeof head === 'object');
          if (plain === ARGUMENTS_NOT_JSON) {
            // Read without JSON.parse, a payload that is JSON all the same reads as JSON.parse
            // reads it.
            const context: FormatContext = { text, tools: undefined, limits: DEFAULT_LIMITS };
            const lenient = readJsonPayload(context, 0, text.length, { notNative: true });
            const native = readJsonPayload(context, 0, text.length);
            if (native.ok && native.repairs.length === 0) {
              expect(lenient.ok && { values: lenient.values, repairs: lenient.repairs }).toEqual({
                values: native.values,
                repairs: [],
              });
            }
          }
          if (typeof plain !== 'object') return;
          read += 1;
          const { payload, call } = generalRead(text);
          expect(payload.ok && payload.repairs).toEqual([]);
          expect(call).toEqual({
            ok: true,
            name: plain.name,
            arguments: plain.arguments,
            repairs: [],
          });
        },
      ),
      { numRuns: 1000 },
    );
    // The property compared calls, not only refusals.
    expect(read).toBeGreaterThan(100);
  });
});

describe('readCallItem on the usual call object', () => {
  it('should give what the general reader gives, at any maxDepth, enclosed or not', () => {
    // Default fields take the plain path; the same fields passed explicitly take the general
    // reader: the two must agree on every object, the usual ones and the others.
    const key = fc.constantFrom(
      '"name"',
      '"arguments"',
      '"parameters"',
      '"id"',
      '"x"',
      '"n\\u0061me"',
    );
    const value = fc.oneof(
      fc.constantFrom(
        '"f"',
        '" "',
        '{}',
        '{"a": [[1]]}',
        '{"a": {"b": {"c": 1}}}',
        'True',
        '1',
        '"{}"',
      ),
      fc.jsonValue({ maxDepth: 3 }).map((json) => JSON.stringify(json)),
    );
    const member = fc.tuple(key, value).map(([name, written]) => `${name}: ${written}`);
    const objectText = fc.oneof(
      // Nested one to ten levels: around every limit a maxDepth of 1 to 4 allows the call object.
      fc
        .integer({ min: 1, max: 10 })
        .map((levels) => `${'{"a": '.repeat(levels)}1${'}'.repeat(levels)}`),
      fc.constantFrom('{}', '{"a": [[1]]}', '{"a": {"b": {"c": 1}}}', '{"a": True}'),
      fc
        .dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 3 })
        .map((json) => JSON.stringify(json)),
    );
    const meta = fc
      .tuple(fc.constantFrom('"id"', '"type"', '"name"', '"x"'), fc.constantFrom('"c1"', '0', '{}'))
      .map(([name, written]) => `${name}: ${written}`);
    const usual = fc
      .tuple(
        fc.constantFrom('"f"', '"get_weather"', '" "'),
        objectText,
        fc.array(meta, { maxLength: 2 }),
      )
      .map(([name, args, rest]) => [`"name": ${name}`, `"arguments": ${args}`, ...rest]);
    const members = fc.oneof(usual, fc.array(member, { maxLength: 4 }));
    let plain = 0;
    fc.assert(
      fc.property(
        members,
        fc.integer({ min: 1, max: 4 }),
        fc.boolean(),
        (parts, maxDepth, enclosed) => {
          const text = `{${parts.join(', ')}}`;
          const context: FormatContext = {
            text,
            tools: undefined,
            limits: { ...DEFAULT_LIMITS, maxDepth },
          };
          const item = { type: 'json-extent' as const, start: 0, end: text.length, closed: true };
          if (typeof readPlainCall(text, 0, text.length) === 'object') plain += 1;
          const fast = readCallItem(context, item, { format: 'mistral', enclosed });
          const general = readCallItem(context, item, {
            format: 'mistral',
            enclosed,
            fields: COMMON_CALL_FIELDS,
          });
          expect(fast).toEqual(general);
        },
      ),
      { numRuns: 3000 },
    );
    expect(plain).toBeGreaterThan(300);
  });
});
