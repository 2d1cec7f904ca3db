import { describe, expect, it } from 'vitest';
import { createIdGenerator } from '../../src/ids.js';

describe('random call ids', () => {
  it('should be call_ and 24 letters or digits, all different', () => {
    const next = createIdGenerator('random');
    // Batches grow from 16 ids to 512: 2,000 ids cross every growth step and full-size refills.
    const ids = Array.from({ length: 2000 }, () => next());
    for (const id of ids) expect(id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('should use every letter and digit of the alphabet', () => {
    const next = createIdGenerator('random');
    const seen = new Set(Array.from({ length: 400 }, () => next().slice(5)).join(''));
    expect(seen.size).toBe(62);
  });
});
