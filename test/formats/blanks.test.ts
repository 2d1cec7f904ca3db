import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstUnitAfter, isBlank, trailerMayFollow } from '../../src/formats/shared/blanks.js';

describe('firstUnitAfter', () => {
  it('should give the first unit past spaces, tabs, CR and LF, or -1 at the end', () => {
    const unit = fc.constantFrom(' ', '\t', '\r', '\n', '\f', '\u00a0', '{', '<', 'a');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), fc.nat(14), (text, from) => {
        const rest = text.slice(from).replace(/^[ \t\r\n]*/, '');
        expect(firstUnitAfter(text, from)).toBe(rest === '' ? -1 : rest.charCodeAt(0));
      }),
      { numRuns: 2000 },
    );
  });

  it('should count only the four blanks of the grammars, and nothing past the end', () => {
    expect([' ', '\t', '\r', '\n'].every((blank) => isBlank(blank.charCodeAt(0)))).toBe(true);
    expect(isBlank('\f'.charCodeAt(0))).toBe(false);
    expect(isBlank('\u00a0'.charCodeAt(0))).toBe(false);
    expect(isBlank(''.charCodeAt(0))).toBe(false);
  });
});

describe('trailerMayFollow', () => {
  it('should hold while only blanks, or blanks and the start of the trailer, follow', () => {
    expect(trailerMayFollow('{}', 2, '</s>')).toBe(true);
    expect(trailerMayFollow('{} \n\t', 2, '</s>')).toBe(true);
    expect(trailerMayFollow('{}\n</', 2, '</s>')).toBe(true);
    expect(trailerMayFollow('{}</s', 2, '</s>')).toBe(true);
  });

  it('should end at the first unit that cannot continue the trailer', () => {
    expect(trailerMayFollow('{} and', 2, '</s>')).toBe(false);
    expect(trailerMayFollow('{}\n<tool_call>', 2, '</s>')).toBe(false);
    expect(trailerMayFollow('{}</x', 2, '</s>')).toBe(false);
    // A whole trailer is read by the grammar, which then says the section is closed itself.
    expect(trailerMayFollow('{}</s>', 2, '</s>')).toBe(true);
  });
});
