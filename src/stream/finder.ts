/**
 * Incremental string search for streams: occurrences of fixed strings found with `indexOf` on
 * each new delta plus a short tail of the previous ones, so a needle split across deltas is
 * still found and no text is ever searched twice.
 */

/** A needle occurrence, in absolute offsets of the stream. */
export interface Found {
  /** Absolute offset where the needle starts. */
  at: number;
  needle: string;
}

/** Finds needles across deltas; see {@link createFinder}. */
export interface Finder {
  /**
   * Searches one more delta.
   *
   * @param delta - The next text.
   * @param offset - Absolute offset of `delta[0]` in the stream.
   * @returns The earliest occurrence that ends inside `delta`, or `undefined`.
   */
  feed(delta: string, offset: number): Found | undefined;
}

/**
 * Creates an incremental finder over fixed needles.
 *
 * @param needles - Non-empty literal strings.
 * @returns A finder whose total cost is linear in the text fed, whatever the chunking.
 * @example
 * ```ts
 * const finder = createFinder(['</tool_call>']);
 * finder.feed('{"a":1}</tool_', 11); // undefined
 * finder.feed('call>', 25); // { at: 18, needle: '</tool_call>' }
 * ```
 */
export function createFinder(needles: readonly string[]): Finder {
  const keep = needles.reduce((longest, needle) => Math.max(longest, needle.length), 1) - 1;
  // A needle can only complete in a delta that holds one of its last units.
  const lastUnits = new Set(needles.map((needle) => needle.charCodeAt(needle.length - 1)));
  // Earlier text, at least its last `keep` units (trimmed lazily): a split needle starts there.
  let tail = '';
  return {
    feed(delta, offset) {
      let completes = false;
      for (let index = 0; index < delta.length && !completes; index += 1) {
        completes = lastUnits.has(delta.charCodeAt(index));
      }
      const text = tail + delta;
      tail = text.length <= 4 * keep + 16 ? text : text.slice(text.length - keep);
      if (!completes) return undefined;
      const textStart = offset - (text.length - delta.length);
      const newFrom = text.length - delta.length;
      let best: Found | undefined;
      for (const needle of needles) {
        let at = text.indexOf(needle, Math.max(0, newFrom - needle.length + 1));
        // Occurrences that end before this delta were reported (or not) by an earlier feed.
        while (at !== -1 && at + needle.length <= newFrom) at = text.indexOf(needle, at + 1);
        if (at !== -1 && (best === undefined || textStart + at < best.at)) {
          best = { at: textStart + at, needle };
        }
      }
      return best;
    },
  };
}

/**
 * A matcher for "the text ends with the beginning of a needle": where a split marker may start.
 *
 * @param needles - The markers.
 * @returns `possibleStart(text, from)`: the smallest index `i >= from` such that `text.slice(i)` is
 * a proper prefix of some needle, or `text.length` when there is none.
 * @example
 * ```ts
 * createPrefixMatcher(['<tool_call>']).possibleStart('Hi <tool_', 0); // 3
 * ```
 */
export function createPrefixMatcher(needles: readonly string[]): {
  possibleStart(text: string, from: number): number;
} {
  const prefixes = new Set<string>();
  const firstUnits = new Set<number>();
  let longest = 0;
  for (const needle of needles) {
    longest = Math.max(longest, needle.length);
    firstUnits.add(needle.charCodeAt(0));
    for (let length = 1; length < needle.length; length += 1) prefixes.add(needle.slice(0, length));
  }
  return {
    possibleStart(text, from) {
      const start = Math.max(from, text.length - longest + 1);
      for (let index = start; index < text.length; index += 1) {
        if (firstUnits.has(text.charCodeAt(index)) && prefixes.has(text.slice(index))) return index;
      }
      return text.length;
    },
  };
}
