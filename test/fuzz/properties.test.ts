/**
 * Short fuzz runs for CI (a few seconds each); `npm run fuzz -- --runs N` runs the same
 * properties for as long as wanted. Seeds are fixed so a failure replays.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { PROPERTIES } from './properties.js';

const RUNS: Record<string, number> = {
  'parse keeps every invariant on arbitrary strings': 400,
  'parse keeps every invariant on marker soup': 1000,
  'parse keeps every invariant on mutated corpus outputs': 400,
  'a chunked stream of marker soup folds to parse': 400,
  'a chunked stream of a mutated corpus output folds to parse': 150,
};

describe('fuzz', () => {
  for (const property of PROPERTIES) {
    it.skipIf(!property.available())(`should hold: ${property.name}`, () => {
      fc.assert(property.build(), { numRuns: RUNS[property.name] ?? 100, seed: 20_240_611 });
    });
  }
});
