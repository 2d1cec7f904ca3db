import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/generated/json.js';
import type { JsonNode } from '../../src/json/ast.js';
import { lowerNode } from '../../src/json/index.js';
import { readNumberStepByStep as readStepByStep } from '../../src/json/lower.js';

// The lowering reads most numbers with Number directly and only falls back to reading the sign,
// hex digits and cut-off endings step by step. These tests hold the shortcut to the step-by-step
// reading on every number form the grammar accepts, and both to the values written out here.

function lowerNumber(text: string): number {
  const node: JsonNode = { type: 'number', text, offset: 0, repairs: [] };
  return lowerNode(node, []) as number;
}

/** The text of the number node the lenient grammar reads, or undefined for another value. */
function numberText(input: string): string | undefined {
  try {
    const node = parse(input, { startRule: 'JsonValue', strict: false, maxDepth: 8 });
    return node.type === 'number' ? node.text : undefined;
  } catch {
    return undefined;
  }
}

describe('number lowering', () => {
  it('should read the lenient forms as written', () => {
    const cases: [string, number][] = [
      ['.5', 0.5],
      ['+1', 1],
      ['0x1F', 31],
      ['-0x1f', -31],
      ['+0X10', 16],
      ['NaN', Number.NaN],
      ['-NaN', Number.NaN],
      ['Infinity', Number.POSITIVE_INFINITY],
      ['-Infinity', Number.NEGATIVE_INFINITY],
      ['2.', 2],
      ['-2.', -2],
      ['2e+', 2],
      ['2.e', 2],
      ['-', 0],
      ['.', 0],
      ['-0', -0],
      ['-.5e1', -5],
      ['+.5E-1', 0.05],
    ];
    for (const [text, expected] of cases) {
      expect(numberText(text), text).toBe(text);
      expect(Object.is(lowerNumber(text), expected), text).toBe(true);
      expect(Object.is(lowerNumber(text), readStepByStep(text)), text).toBe(true);
    }
  });

  it('should read JSON numbers exactly as JSON.parse does', () => {
    const texts = fc.oneof(
      fc.double().map((value) => JSON.stringify(value)),
      fc.integer().map(String),
      fc
        .tuple(fc.integer(), fc.nat(999_999), fc.integer({ min: -400, max: 400 }))
        .map(([whole, fraction, exponent]) => `${whole}.${fraction}e${exponent}`),
    );
    fc.assert(
      fc.property(texts, (text) => {
        if (text === 'null') return true;
        return Object.is(lowerNumber(text), JSON.parse(text) as number);
      }),
      { numRuns: 2000 },
    );
  });

  it('should read every number the grammar accepts as the step-by-step reading does', () => {
    const characters = [...'+-.0123456789eExXabfINnfinityaN'];
    const inputs = fc.array(fc.constantFrom(...characters), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(inputs, (parts) => {
        const text = numberText(parts.join(''));
        if (text === undefined) return true;
        return Object.is(lowerNumber(text), readStepByStep(text));
      }),
      { numRuns: 3000 },
    );
  });
});
