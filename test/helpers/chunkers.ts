/**
 * Chunkers: ways to cut one text into stream deltas. Streaming equivalence is tested under each
 * (jsonrepair's one table against both implementations, micromark's one unit at a time).
 */
import fc from 'fast-check';

/** A named way to cut a text into deltas. */
export interface Chunker {
  name: string;
  /** Every chunking this chunker tries for `text` (one or many). */
  chunkings(text: string): string[][];
}

/** The whole text as one delta. */
export const whole: Chunker = { name: 'whole', chunkings: (text) => [[text]] };

/** One UTF-16 unit per delta (a surrogate pair is split). */
export const unitByUnit: Chunker = {
  name: 'one UTF-16 unit at a time',
  chunkings: (text) => [Array.from({ length: text.length }, (_, index) => text[index] as string)],
};

/** Every two-way split, for texts shorter than `limit` units (else a sample of 64 splits). */
export function everyTwoWaySplit(limit = 2048): Chunker {
  return {
    name: 'every two-way split',
    chunkings(text) {
      const step = text.length < limit ? 1 : Math.ceil(text.length / 64);
      const cuts: string[][] = [];
      for (let cut = 1; cut < text.length; cut += step)
        cuts.push([text.slice(0, cut), text.slice(cut)]);
      return cuts.length === 0 ? [[text]] : cuts;
    },
  };
}

/** Random chunkings drawn by fast-check (seeded, so failures replay). */
export function randomChunkings(runs = 8, seed = 42): Chunker {
  return {
    name: 'random chunkings',
    chunkings(text) {
      const cuts = fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), {
        maxLength: Math.min(32, text.length),
      });
      return fc.sample(cuts, { numRuns: runs, seed }).map((points) => split(text, points));
    },
  };
}

/**
 * Cuts a text at the given points.
 *
 * @param text - The text.
 * @param points - Cut positions (any order, duplicates ignored).
 * @returns The deltas.
 */
export function split(text: string, points: readonly number[]): string[] {
  const sorted = [...new Set(points)]
    .filter((point) => point > 0 && point < text.length)
    .sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of sorted) {
    pieces.push(text.slice(from, point));
    from = point;
  }
  pieces.push(text.slice(from));
  return pieces;
}
