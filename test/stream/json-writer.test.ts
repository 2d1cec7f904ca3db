import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonPrefixWriter } from '../../src/stream/index.js';
import { split } from '../helpers/chunkers.js';

function writeAll(pieces: readonly string[]): { text: string; state: string } {
  const writer = createJsonPrefixWriter();
  let text = '';
  for (const piece of pieces) text += writer.write(piece);
  return { text, state: writer.state };
}

describe('createJsonPrefixWriter', () => {
  it('should write numbers, escapes and literals in canonical form', () => {
    const raw =
      '{ "n" : 2.50e1 , "s": "caf\\u00e9\\/\\n", "t": true, "z": null, "a": [ -0, 1E2 ] }';
    expect(writeAll([raw])).toEqual({ text: JSON.stringify(JSON.parse(raw)), state: 'done' });
  });

  it('should not write a comma before it knows another member follows', () => {
    const writer = createJsonPrefixWriter();
    expect(writer.write('{"a": 1,')).toBe('{"a":1');
    expect(writer.write('}')).toBe('');
    expect(writer.state).toBe('stalled');
  });

  it('should write everything for JSON without array-index keys', () => {
    const raw = '{"outer": {"list": [1, {"k": "v"}, []], "empty": {}}, "s": ""}';
    expect(writeAll(split(raw, [3, 9, 17, 30]))).toEqual({
      text: JSON.stringify(JSON.parse(raw)),
      state: 'done',
    });
  });

  it('should stall at an array-index key, which JSON.stringify would move to the front', () => {
    expect(writeAll(['{"b": 1, "0": 2}']).state).toBe('stalled');
  });

  it('should write a prefix of JSON.stringify(JSON.parse(raw)) for any chunking, all of it unless it stalled', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.nat()), (value, cuts) => {
        const raw = JSON.stringify(value, null, 1);
        const canonical = JSON.stringify(JSON.parse(raw));
        const result = writeAll(
          split(
            raw,
            cuts.map((cut) => cut % (raw.length + 1)),
          ),
        );
        expect(canonical.startsWith(result.text)).toBe(true);
        if (result.state !== 'stalled') expect(result).toEqual({ text: canonical, state: 'done' });
      }),
      { numRuns: 300 },
    );
  });
});
