import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  callHeadKeys,
  readJsonCallHead,
  readJsonListHeadNames,
  readJsonListHeads,
  readNextJsonLineCallHead,
  readNextJsonListCallHead,
} from '../../src/stream/call-head.js';

/** A head as a model writes it, with the name spelled by `JSON.stringify` or raw. */
function head(nameJson: string, key = 'arguments'): string {
  return `<tool_call>{"name": ${nameJson}, "${key}": {"city": "Gent"}}`;
}

describe('readJsonCallHead', () => {
  it('should read the name and where the arguments open', () => {
    const text = head('"get_weather"');
    expect(readJsonCallHead(text, 11)).toEqual({
      name: 'get_weather',
      argumentsStart: text.indexOf('{"city"'),
    });
  });

  it('should decode a name written with escapes', () => {
    expect(readJsonCallHead(head('"get\\u005fweather"'), 11)).toMatchObject({
      name: 'get_weather',
    });
    expect(readJsonCallHead(head('"a\\"b"'), 11)).toMatchObject({ name: 'a"b' });
  });

  it('should refuse a name holding a raw control unit, as JSON does', () => {
    expect(readJsonCallHead(head('"get\u0001weather"'), 11)).toBeUndefined();
    expect(readJsonCallHead(head('"get\nweather"'), 11)).toBeUndefined();
  });

  it('should refuse a first key other than name, or an unknown arguments key', () => {
    expect(readJsonCallHead('<tool_call>{"nam\\u0065": "f", "arguments": {', 11)).toMatchObject({
      name: 'f',
    });
    expect(readJsonCallHead('<tool_call>{"title": "f", "arguments": {', 11)).toBeUndefined();
    expect(readJsonCallHead(head('"f"', 'argumentz'), 11)).toBeUndefined();
  });

  it('should read every arguments key, written plainly or with escapes, and wait on its prefixes', () => {
    for (const key of ['arguments', 'parameters', 'params', 'args', 'input']) {
      const escaped = `\\u00${key.charCodeAt(0).toString(16)}${key.slice(1)}`;
      for (const written of [key, escaped]) {
        const text = `<tool_call>{"name": "f", "${written}": {"a": 1}}`;
        const argumentsStart = text.indexOf('{"a"');
        expect([written, readJsonCallHead(text, 11)]).toEqual([
          written,
          { name: 'f', argumentsStart },
        ]);
        for (let end = 11; end <= argumentsStart; end += 1) {
          expect([written, end, readJsonCallHead(text.slice(0, end), 11)]).toEqual([
            written,
            end,
            'wait',
          ]);
        }
      }
    }
    for (const other of ['"argument"', '"paramsx"', '"arg"', '"Input"', '"param\\u0073x"']) {
      expect(readJsonCallHead(`<tool_call>{"name": "f", ${other}: {"a": 1}}`, 11)).toBeUndefined();
    }
  });

  it('should read any name JSON.stringify writes, and wait on every prefix of its head', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1 }), (name) => {
        fc.pre(name.trim() !== '');
        const text = head(JSON.stringify(name));
        const argumentsStart = text.indexOf('{"city"');
        expect(readJsonCallHead(text, 11)).toEqual({ name, argumentsStart });
        for (let end = 11; end <= argumentsStart; end += 1) {
          expect(readJsonCallHead(text.slice(0, end), 11)).toBe('wait');
        }
      }),
    );
  });

  it('should answer a raw name as JSON.parse reads it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        // The raw text between the quotes, as a model may write it (no closing quote inside).
        const inner = raw.replace(/["\\]/g, '');
        let decoded: string | undefined;
        try {
          decoded = JSON.parse(`"${inner}"`) as string;
        } catch {
          decoded = undefined;
        }
        const answer = readJsonCallHead(head(`"${inner}"`), 11);
        if (decoded === undefined || decoded.trim() === '') expect(answer).toBeUndefined();
        else expect(answer).toMatchObject({ name: decoded });
      }),
    );
  });

  it('should keep an answer once given, and give a head only on text that adds its brace', () => {
    // What the stream relies on to skip reading the head on deltas without a `{`.
    const head = '{"name": "f", "arguments": {"a": 1}}';
    const piece = fc.constantFrom(
      '{',
      '}',
      '"',
      'name',
      'arguments',
      ':',
      ',',
      ' ',
      'f',
      '\\',
      'é',
    );
    let heads = 0;
    fc.assert(
      fc.property(
        fc.nat(head.length),
        fc.array(piece, { maxLength: 6 }),
        fc.array(piece, { maxLength: 6 }),
        (cut, a, b) => {
          const text = `<tool_call>${head.slice(0, cut)}${a.join('')}`;
          const before = readJsonCallHead(text, 11);
          const after = readJsonCallHead(`${text}${b.join('')}`, 11);
          if (typeof after === 'object') heads += 1;
          if (before !== 'wait') expect(after).toEqual(before);
          else if (!b.includes('{')) expect(after === 'wait' || after === undefined).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
    // The property saw heads, not only refusals.
    expect(heads).toBeGreaterThan(100);
  });
});

describe('readNextJsonListCallHead', () => {
  const list = '[{"name": "move", "arguments": {"to": "e4"}}, {"name": "draw", "arguments": {}}]';
  // Where the first call's arguments end, as its writer read them: just past their `}`.
  const from = list.indexOf('}') + 1;

  it("should read the next call object's head after the call's `}` and a comma", () => {
    expect(readNextJsonListCallHead(list, from)).toEqual({
      name: 'draw',
      argumentsStart: list.lastIndexOf('{}'),
    });
  });

  it('should wait while the text ends before the head is whole, then answer for good', () => {
    const head = list.slice(0, list.lastIndexOf('{}') + 1);
    for (let end = from; end < head.length; end += 1) {
      expect(readNextJsonListCallHead(head.slice(0, end), from)).toBe('wait');
    }
    expect(readNextJsonListCallHead(head, from)).toMatchObject({ name: 'draw' });
  });

  it('should read no head after a call object with more fields, or a list that goes on otherwise', () => {
    const withId = '[{"name": "move", "arguments": {}, "id": "a"}, {"name": "draw", "arguments": {';
    expect(readNextJsonListCallHead(withId, withId.indexOf('}') + 1)).toBeUndefined();
    const noComma = '[{"name": "move", "arguments": {}} {"name": "draw", "arguments": {';
    expect(readNextJsonListCallHead(noComma, noComma.indexOf('}') + 1)).toBeUndefined();
  });

  it('should not read a head across the closing tag of the payload', () => {
    const text =
      '<tool_calls>[{"name": "a", "arguments": {}}, {"name": "b</tool_calls>", "arguments": {';
    expect(readNextJsonListCallHead(text, text.indexOf('}') + 1, '</tool_calls>')).toBeUndefined();
    expect(readNextJsonListCallHead(text, text.indexOf('}') + 1)).toMatchObject({
      name: 'b</tool_calls>',
    });
  });
});

describe('readJsonListHeadNames', () => {
  it('should name every call a stream may start, up to arguments that do not close', () => {
    const text =
      '[{"name": "a", "arguments": {"s": "}"}}, {"name": "b", "arguments": {"n": [1]}},' +
      ' {"name": "c", "arguments": {"open": "x';
    expect(readJsonListHeadNames(text, 0)).toEqual(['a', 'b', 'c']);
    // Once `c`'s arguments close, the head after them is read too.
    expect(readJsonListHeadNames(`${text}"}}, {"name": "d", "arguments": {}}]`, 0)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(readJsonListHeadNames('[{"arguments": {}, "name": "a"}]', 0)).toEqual([]);
  });
});

describe('readNextJsonLineCallHead', () => {
  const close = '</tool_calls>';
  const first = '{"name": "move", "arguments": {"to": "e4"}}';
  const next = '{"name": "draw", "arguments": {}}';

  it('should read the next object after a line break, blanks or commas, and after nothing not', () => {
    for (const between of ['\n', ',', ' , \n']) {
      const text = `${first}${between}${next}`;
      expect(readNextJsonLineCallHead(text, first.length - 1, close)).toEqual({
        name: 'draw',
        argumentsStart: text.lastIndexOf('{}'),
        stops: [close],
      });
    }
    expect(readNextJsonLineCallHead(`${first}${next}`, first.length - 1, close)).toBeUndefined();
  });

  it('should wait while only separators follow the call, then answer for good', () => {
    expect(readNextJsonLineCallHead(`${first}\n \n`, first.length - 1, close)).toBe('wait');
    expect(readNextJsonLineCallHead(`${first}\nx`, first.length - 1, close)).toBeUndefined();
  });
});

describe('callHeadKeys', () => {
  const keys = callHeadKeys({
    id: 'tool_call_id',
    name: ['tool_name', 'name'],
    arguments: ['parameters'],
  });

  it('should read an id written first, then the name and arguments keys given', () => {
    const text = '[{"tool_call_id": "7", "tool_name": "lookup", "parameters": {"q": 1}}]';
    expect(readJsonCallHead(text, 1, keys)).toEqual({
      name: 'lookup',
      id: '7',
      argumentsStart: text.indexOf('{"q"'),
    });
    // The id may be left out; a name key outside the list, or an id that is no string, is no head.
    expect(readJsonCallHead('{"name": "f", "parameters": {', 0, keys)).toMatchObject({
      name: 'f',
    });
    expect(readJsonCallHead('{"tool": "f", "parameters": {', 0, keys)).toBeUndefined();
    expect(readJsonCallHead('{"tool_call_id": 7, "name": "f", "parameters": {', 0, keys)).toBe(
      undefined,
    );
    expect(readJsonCallHead('{"tool_call_id": "", "name": "f", "parameters": {', 0, keys)).toBe(
      undefined,
    );
  });

  it('should wait on every prefix of a head with an id, and read the list of them', () => {
    const head = '{"tool_call_id": "0", "tool_name": "a", "parameters": {';
    for (let end = 0; end < head.length; end += 1) {
      expect(readJsonCallHead(head.slice(0, end), 0, keys)).toBe('wait');
    }
    const list = `[${head}}}, {"tool_call_id": "1", "tool_name": "b", "parameters": {`;
    expect(readJsonListHeads(list, 0, undefined, keys).map(({ name, id }) => [name, id])).toEqual([
      ['a', '0'],
      ['b', '1'],
    ]);
  });
});
