import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, valueDepth } from '../../src/json/index.js';

/** The depth as the brackets of the text count it: the definition `valueDepth` must agree with. */
function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') deepest = Math.max(deepest, ++depth);
    else if (char === ']' || char === '}') depth -= 1;
  }
  return deepest;
}

describe('valueDepth', () => {
  it('should count nesting as the brackets of the JSON text do', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        const text = JSON.stringify(value);
        expect(valueDepth(JSON.parse(text), 1000)).toBe(bracketDepth(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('should count brackets inside strings and __proto__ keys as JSON.parse reads them', () => {
    expect(valueDepth(JSON.parse('{"a": "[[[{{{", "b": []}'), 256)).toBe(2);
    expect(valueDepth(JSON.parse('{"__proto__": {"x": [[]]}}'), 256)).toBe(4);
    expect(valueDepth(JSON.parse('"[[["'), 256)).toBe(0);
  });

  it('should stop just past the limit, on nesting deeper than the stack could recurse', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`) as unknown;
    expect(valueDepth(deep, 256)).toBe(257);
    expect(valueDepth(deep, 1_000_000)).toBe(200_000);
  });

  it('should not count enumerable properties added to Object.prototype', () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.polluted = { deeper: [[[]]] };
    try {
      expect(valueDepth(JSON.parse('{"a": {}}'), 256)).toBe(2);
    } finally {
      delete prototype.polluted;
    }
  });

  it('should make parseJson refuse a valid payload nested deeper than maxDepth', () => {
    const text = `{"name": "f", "arguments": ${'['.repeat(300)}${']'.repeat(300)}}`;
    const outcome = parseJson(text, { maxDepth: 256 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.issue.code).toBe('too-deep');
    expect(parseJson(text, { maxDepth: 400 }).ok).toBe(true);
  });
});
