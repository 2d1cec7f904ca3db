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
      // Up to 40 pieces: past its first few `<` the function searches instead of looking at each.
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
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

  it('should find it past long stretches without <, and across the ends of its search windows', () => {
    // The search reads windows of text from a `<` and skips to the next `<` after each: a token
    // may start anywhere, near a window's end or far past it.
    const filler = (length: number): string => 'x'.repeat(length);
    const pieces = fc.oneof(
      fc.constantFrom(...REASONING_TOKENS, '<', '<|', '</', '<a>', '<|inner_suf'),
      fc.integer({ min: 0, max: 3000 }).map(filler),
    );
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 10, maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const found = firstReasoningToken(text);
        const expected = byIndexOf(text);
        expect(found === undefined ? undefined : { at: found.at, token: found.token }).toEqual(
          expected,
        );
      }),
      { numRuns: 1000 },
    );
    // Each token, starting at every unit around a window's end, after ten tags and plain text.
    const tags = '<b>'.repeat(10);
    for (const token of REASONING_TOKENS) {
      for (let gap = 990; gap <= 1090; gap += 1) {
        const text = `${tags}${filler(gap)}${token}`;
        expect(firstReasoningToken(text)?.at, `${token} after ${gap}`).toBe(tags.length + gap);
      }
    }
  });

  it('should say whether the token closes a block', () => {
    expect(firstReasoningToken('x</think>y')).toEqual({ at: 1, token: '</think>', closes: true });
    expect(firstReasoningToken('<think>y</think>')).toMatchObject({ at: 0, closes: false });
    expect(firstReasoningToken('a < b')).toBeUndefined();
    // The same past the `<` it looks at one by one.
    const markup = '<p>x</p>'.repeat(20);
    expect(firstReasoningToken(`${markup}</think>y`)).toEqual({
      at: markup.length,
      token: '</think>',
      closes: true,
    });
    expect(firstReasoningToken(`${markup}<|channel|>`)).toMatchObject({ closes: false });
    expect(firstReasoningToken(markup)).toBeUndefined();
    // Whichever `<` the token is, the first few or the one where the search takes over.
    for (let before = 0; before <= 12; before += 1) {
      expect(firstReasoningToken(`${'<a'.repeat(before)}</think>`)?.at).toBe(2 * before);
    }
  });
});
