import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstReasoningToken, REASONING_TOKENS } from '../../src/pipeline/reasoning.js';

/** The plain definition: the earliest occurrence of any token (the first listed on a tie). */
function byIndexOf(text: string): { at: number; token: string } | undefined {
  let first: { at: number; token: string } | undefined;
  for (const token of REASONING_TOKENS) {
    const at = text.indexOf(token);
    if (at !== -1 && (first === undefined || at < first.at)) first = { at, token };
  }
  return first;
}

describe('firstReasoningToken', () => {
  it('should rely on every token starting with <', () => {
    expect(REASONING_TOKENS.length).toBeGreaterThan(0);
    for (const token of REASONING_TOKENS) expect(token.startsWith('<')).toBe(true);
  });

  it('should find what one indexOf per token finds', () => {
    const pieces = fc.constantFrom(...REASONING_TOKENS, '<', '<|', '</', 'think>', 'a', ' ', '\n');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const found = firstReasoningToken(text);
        const expected = byIndexOf(text);
        expect(found === undefined ? undefined : { at: found.at, token: found.token }).toEqual(
          expected,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('should say whether the token closes a block', () => {
    expect(firstReasoningToken('x</think>y')).toEqual({ at: 1, token: '</think>', closes: true });
    expect(firstReasoningToken('<think>y</think>')).toMatchObject({ at: 0, closes: false });
    expect(firstReasoningToken('a < b')).toBeUndefined();
  });
});
