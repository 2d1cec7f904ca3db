import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findIntent, INTENT_MARKERS } from '../../src/policy/intent.js';

describe('findIntent with the first < given', () => {
  // Phase 1 hands over the first `<` it looked up; the answer must be the one a fresh search gives.
  it('should give what findIntent without the hint gives, for any text', () => {
    const piece = fc.constantFrom(...INTENT_MARKERS, '_', '<', '<|', '<|python_', 'need_tool', ' ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(findIntent(text, text.indexOf('<'))).toBe(findIntent(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('should find a <|python_tag|> that follows other tags', () => {
    const text = 'see <b>this</b> then <|python_tag|>{"name": "f"}';
    expect(findIntent(text, text.indexOf('<'))).toBe(text.indexOf('{'));
  });

  it('should find no <|...|> marker when the text has no <', () => {
    expect(findIntent('TOOL_CALL: yes', -1)).toBe('TOOL_CALL'.length);
    expect(findIntent('plain words only', -1)).toBe(-1);
  });
});
