import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startsAt } from '../../src/starts-at.js';

describe('startsAt', () => {
  it('should answer as startsWith at every place from 0 past the end', () => {
    // Short texts over few units, so the needle often does occur (and often nearly does).
    const text = fc.string({
      unit: fc.constantFrom('<', 't', '>', '\ud83d', '\ude00'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, text, fc.nat(14), (haystack, needle, at) => {
        expect(startsAt(haystack, needle, at)).toBe(haystack.startsWith(needle, at));
      }),
      { numRuns: 5000 },
    );
  });

  it('should say false before the start, where startsWith would look at 0', () => {
    expect('<tool_call>'.startsWith('<tool_call>', -2)).toBe(true);
    expect(startsAt('<tool_call>', '<tool_call>', -2)).toBe(false);
    expect(startsAt('<tool_call>', '', -1)).toBe(false);
  });

  it('should find a long needle where it is, and not one unit further', () => {
    const block = 'x'.repeat(20_000) + 'y';
    const text = `<tool_call>${block}</tool_call>`;
    expect(startsAt(text, block, 11)).toBe(true);
    expect(startsAt(text, block, 12)).toBe(false);
  });
});
