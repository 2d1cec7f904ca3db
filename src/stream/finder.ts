/**
 * Incremental string search for streams: occurrences of fixed strings found across deltas, a
 * needle split across deltas included. Each needle keeps a Knuth-Morris-Pratt state (how much of
 * it the text seen so far ends with), so a delta is read once, unit by unit, and nothing is
 * copied or allocated per delta: with one-unit deltas a finder costs a few comparisons a push.
 * A long delta (a whole section caught up at once) is read unit by unit only at its two ends and
 * searched natively in between.
 */
import { startsAt } from '../starts-at.js';

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
   * @param offset - Absolute offset of `delta[0]` in the stream (deltas are fed contiguously).
   * @returns The occurrence that starts earliest among those ending inside `delta` (on a tie, the
   * needle listed first), or `undefined`.
   */
  feed(delta: string, offset: number): Found | undefined;
  /** True while no needle is partly matched: only a unit a needle starts with changes that. */
  idle(): boolean;
}

/**
 * The KMP failure function: `failure[i]` is the length of the longest proper prefix of
 * `needle.slice(0, i + 1)` that is also its suffix.
 */
function failureOf(needle: string): Int32Array {
  const failure = new Int32Array(needle.length);
  let matched = 0;
  for (let index = 1; index < needle.length; index += 1) {
    const unit = needle.charCodeAt(index);
    while (matched > 0 && needle.charCodeAt(matched) !== unit) {
      matched = failure[matched - 1] as number;
    }
    if (needle.charCodeAt(matched) === unit) matched += 1;
    failure[index] = matched;
  }
  return failure;
}

/**
 * Creates an incremental finder over fixed needles.
 *
 * @param needles - Non-empty literal strings.
 * @param output - The stream's identity of its output, where finders over the text of one output
 * (a section's each) may share what their searches of long deltas found; omitted, none is shared.
 * Offsets fed must then be absolute in that output.
 * @returns A finder whose total cost is linear in the text fed, whatever the chunking.
 * @example
 * ```ts
 * const finder = createFinder(['</tool_call>']);
 * finder.feed('{"a":1}</tool_', 11); // undefined
 * finder.feed('call>', 25); // { at: 18, needle: '</tool_call>' }
 * ```
 */
export function createFinder(needles: readonly string[], output?: object): Finder {
  const count = needles.length;
  const tables = FINDER_TABLES.get(needles);
  // Destructured: the push path tests these on every unit it may skip.
  const { failures, asciiStarts, otherStarts, reach, onlyStart, anchors } = tables;
  // Per needle: how many of its first units the text fed so far ends with (always < its length).
  const matched = new Int32Array(count);
  // How many needles have a partial match: while none has, a unit that starts no needle is skipped.
  let engaged = 0;
  // The best occurrence of the current feed: earliest start, then the needle listed first.
  let bestAt = -1;
  let bestNeedle = -1;

  function consider(at: number, which: number): void {
    if (bestNeedle === -1 || at < bestAt || (at === bestAt && which < bestNeedle)) {
      bestAt = at;
      bestNeedle = which;
    }
  }

  /** Runs the match states over `delta[from, to)`, noting every occurrence that ends there. */
  function step(delta: string, from: number, to: number, offset: number): void {
    for (let index = from; index < to; index += 1) {
      const unit = delta.charCodeAt(index);
      if (engaged === 0 && (unit < 128 ? asciiStarts[unit] === 0 : !otherStarts.includes(unit))) {
        continue;
      }
      for (let which = 0; which < count; which += 1) {
        const needle = needles[which] as string;
        let state = matched[which] as number;
        if (state === 0 && needle.charCodeAt(0) !== unit) continue;
        const failure = failures[which] as Int32Array;
        while (state > 0 && needle.charCodeAt(state) !== unit) state = failure[state - 1] as number;
        if (needle.charCodeAt(state) === unit) state += 1;
        if (state === needle.length) {
          consider(offset + index + 1 - needle.length, which);
          state = failure[state - 1] as number;
        }
        if ((state === 0) !== (matched[which] === 0)) engaged += state === 0 ? -1 : 1;
        matched[which] = state;
      }
    }
  }

  /**
   * Notes the first needle occurrence inside `delta`, all needles starting with `onlyStart`, and
   * keeps what it found in `search` when given.
   */
  function firstStarting(delta: string, offset: number, search: InsideSearch | undefined): void {
    for (let at = delta.indexOf(onlyStart); at !== -1; at = delta.indexOf(onlyStart, at + 1)) {
      for (let which = 0; which < count; which += 1) {
        if (startsAt(delta, needles[which] as string, at)) {
          consider(offset + at, which);
          if (search !== undefined) remember(search, delta, offset, offset + at, which);
          return;
        }
      }
    }
    if (search !== undefined) remember(search, delta, offset, -1, 0);
  }

  /** Any delta, once the one-unit fast path of `feed` did not answer. */
  function search(delta: string, offset: number): Found | undefined {
    bestAt = -1;
    bestNeedle = -1;
    if (delta.length <= 4 * reach) {
      // With no partial match, nothing happens before the first unit that starts a needle: when
      // all needles start alike (a format's end markers), a native search finds it.
      const from = engaged === 0 && onlyStart !== '' ? delta.indexOf(onlyStart) : 0;
      if (from !== -1) step(delta, from, delta.length, offset);
    } else {
      // A long delta (a section's text caught up at once): the unit loop only where a match
      // may cross its start or end, native searches for the occurrences inside it. The states
      // at its end depend only on its last `reach` units (a partial match is shorter).
      step(delta, 0, reach, offset);
      const known = output === undefined ? undefined : insideSearches(output, tables);
      if (onlyStart !== '') {
        // Needles that start alike: the first place one starts, found by walking that unit's
        // occurrences. A search per needle read the whole delta for each needle it does not hold,
        // and a stream hands a long rest of its text to each of many short sections in a row.
        const search = known?.[0];
        const at = search === undefined ? UNKNOWN : recall(search, delta, offset, needles);
        if (at === UNKNOWN) firstStarting(delta, offset, search);
        else if (at !== -1) consider(at, (search as InsideSearch).which);
      } else {
        for (let which = 0; which < count; which += 1) {
          const search = known?.[which];
          let at = search === undefined ? UNKNOWN : recall(search, delta, offset, needles);
          if (at === UNKNOWN) {
            const inside = firstInside(delta, needles[which] as string, anchors[which] as number);
            at = inside === -1 ? -1 : offset + inside;
            if (search !== undefined) remember(search, delta, offset, at, which);
          }
          if (at !== -1) consider(at, which);
        }
      }
      matched.fill(0);
      engaged = 0;
      step(delta, delta.length - reach, delta.length, offset);
    }
    return bestNeedle === -1 ? undefined : { at: bestAt, needle: needles[bestNeedle] as string };
  }

  return {
    // Kept this small so that V8 inlines it into the stream's per-push path: the search is out
    // of line.
    feed(delta, offset) {
      if (engaged === 0 && delta.length === 1) {
        // The usual one-unit delta inside a call: one table lookup when it starts no needle.
        const unit = delta.charCodeAt(0);
        if (unit < 128 ? asciiStarts[unit] === 0 : !otherStarts.includes(unit)) return undefined;
      }
      return search(delta, offset);
    },
    idle: () => engaged === 0,
  };
}

/**
 * What a native search inside a long delta found, in absolute offsets of the stream: the first
 * needle occurrence lying wholly in `[from, to)` starts at `at` (-1: none), needle `which`.
 */
interface InsideSearch {
  from: number;
  to: number;
  at: number;
  which: number;
}

/**
 * Per stream (its output key), per needle list: the last native search inside a long delta, one
 * per needle where each is searched on its own, else one for all. A stream hands the rest of its
 * text to each of a run of sections, each with a finder of its own over the same end markers: a
 * flood of sections none of which holds an end marker searched the whole rest again for each (a
 * 166 KB flood of broken glm45 calls took a second in auto mode). The rest of a later section lies
 * inside an earlier one's, so what was found there answers, and each search reads new text only.
 */
const INSIDE_SEARCHES = new WeakMap<object, Map<FinderTables, InsideSearch[]>>();

function insideSearches(output: object, tables: FinderTables): InsideSearch[] {
  let byTables = INSIDE_SEARCHES.get(output);
  if (byTables === undefined) {
    byTables = new Map();
    INSIDE_SEARCHES.set(output, byTables);
  }
  let searches = byTables.get(tables);
  if (searches === undefined) {
    searches = [];
    // One per needle where each is searched on its own, else one for all.
    const searchesAlone = tables.onlyStart === '' ? tables.failures.length : 1;
    for (let index = 0; index < searchesAlone; index += 1) {
      searches.push({ from: 0, to: -1, at: -1, which: 0 });
    }
    byTables.set(tables, searches);
  }
  return searches;
}

/** {@link recall}'s answer when the last search does not tell. */
const UNKNOWN = -2;

/**
 * What the last search tells of the first occurrence inside `delta` (absolute, -1 for none), or
 * {@link UNKNOWN}. It tells when the delta lies inside the text it read and the occurrence it found
 * (if any) does not start before the delta: an occurrence inside the delta is inside that text, so
 * none starts earlier. Where the one found ends past the delta, none is inside but for one that
 * starts no earlier and ends sooner (a shorter needle): it would lie in the delta's last `reach`
 * units, which the finder reads unit by unit anyway.
 */
function recall(
  search: InsideSearch,
  delta: string,
  offset: number,
  needles: readonly string[],
): number {
  const end = offset + delta.length;
  if (search.from > offset || search.to < end) return UNKNOWN;
  if (search.at === -1) return -1;
  if (search.at < offset) return UNKNOWN;
  return search.at + (needles[search.which] as string).length <= end ? search.at : -1;
}

function remember(
  search: InsideSearch,
  delta: string,
  offset: number,
  at: number,
  which: number,
): void {
  search.from = offset;
  search.to = offset + delta.length;
  search.at = at;
  search.which = which;
}

/** What a finder reads from its needles, the same for every finder over them (never written). */
interface FinderTables {
  failures: Int32Array[];
  asciiStarts: Uint8Array;
  otherStarts: number[];
  /**
   * A partial match spans at most this many units: how much of each end of a long delta is read
   * unit by unit.
   */
  reach: number;
  /** The unit every needle starts with, when they all start with the same one; else ''. */
  onlyStart: string;
  /** Per needle, for native searches: from where to search it (see anchorOf). */
  anchors: number[];
}

function finderTables(needles: readonly string[]): FinderTables {
  const { ascii, other } = startUnitsOf(needles);
  return {
    failures: needles.map(failureOf),
    asciiStarts: ascii,
    otherStarts: other,
    reach: needles.reduce((longest, needle) => Math.max(longest, needle.length), 0) - 1,
    onlyStart: needles.every((needle) => needle[0] === needles[0]?.[0])
      ? (needles[0]?.[0] ?? '')
      : '',
    anchors: needles.map(anchorOf),
  };
}

/**
 * Tables built from needle lists, kept per list. A stream builds its finders and matchers from the
 * same few lists (a parser's markers, a format's end markers, the reasoning tokens) every time it
 * starts and every time a section opens; built once, each is a lookup (typed array allocations
 * made up several percent of a short stream). A list is found by identity first, then by content
 * (section end markers come in a new array each time); the content map is dropped whole when full.
 */
class Memo<T> {
  private readonly lists = new WeakMap<readonly string[], T>();
  private readonly keys = new Map<string, T>();

  constructor(private readonly build: (needles: readonly string[]) => T) {}

  get(needles: readonly string[]): T {
    let value = this.lists.get(needles);
    if (value !== undefined) return value;
    const key = JSON.stringify(needles);
    value = this.keys.get(key);
    if (value !== undefined) return value;
    if (this.keys.size >= MEMO_LIMIT) this.keys.clear();
    value = this.build(needles);
    this.keys.set(key, value);
    // Only the list it was built from: a list that is a constant (the reasoning tokens) is found
    // by identity from then on, while lists made afresh each time are not added one by one.
    this.lists.set(needles, value);
    return value;
  }
}

const MEMO_LIMIT = 256;

/**
 * Where to search a needle from: the first unit after its first that is neither a letter, a digit
 * nor a space (`need_tool: yes` from its `_`), or 0. Prose and JSON are full of `n`; searched
 * whole, such a needle stops the native search at every one of them.
 */
function anchorOf(needle: string): number {
  if (!isCommon(needle.charCodeAt(0))) return 0;
  for (let index = 1; index < needle.length; index += 1) {
    if (!isCommon(needle.charCodeAt(index))) return index;
  }
  return 0;
}

function isCommon(unit: number): boolean {
  return (
    unit === 0x20 ||
    (unit >= 0x30 && unit <= 0x39) ||
    (unit >= 0x41 && unit <= 0x5a) ||
    (unit >= 0x61 && unit <= 0x7a)
  );
}

/**
 * The first occurrence of `needle` inside `text`, searched natively from its anchor: each
 * occurrence of the part from the anchor on is checked for the part before it, in order, so the
 * first that passes is the first occurrence.
 */
function firstInside(text: string, needle: string, anchor: number): number {
  if (anchor === 0) return text.indexOf(needle);
  const tail = needle.slice(anchor);
  const head = needle.slice(0, anchor);
  for (let from = anchor; ;) {
    const at = text.indexOf(tail, from);
    if (at === -1) return -1;
    if (startsAt(text, head, at - anchor)) return at - anchor;
    from = at + 1;
  }
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
export function createPrefixMatcher(needles: readonly string[]): PrefixMatcher {
  return PREFIX_MATCHERS.get(needles);
}

/** See {@link createPrefixMatcher}. */
export interface PrefixMatcher {
  possibleStart(text: string, from: number): number;
}

function buildPrefixMatcher(needles: readonly string[]): PrefixMatcher {
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

/**
 * The units a set of fixed strings start with, to ask "could one of them start in this text?"
 * without searching for each.
 *
 * @param needles - Non-empty literal strings.
 * @returns `lastIn(text)`: the index of the last unit of `text` that starts some needle, or -1.
 * @example
 * ```ts
 * createStartUnits(['<tool_call>', '<think>']).lastIn('a < b, c'); // 2
 * ```
 */
export function createStartUnits(needles: readonly string[]): StartUnitTest {
  return START_UNIT_TESTS.get(needles);
}

/** See {@link createStartUnits}. */
export interface StartUnitTest {
  lastIn(text: string): number;
}

function buildStartUnits(needles: readonly string[]): StartUnitTest {
  const { ascii, other } = startUnitsOf(needles);
  return {
    lastIn(text) {
      for (let index = text.length - 1; index >= 0; index -= 1) {
        const unit = text.charCodeAt(index);
        if (unit < 128 ? ascii[unit] === 1 : other.includes(unit)) return index;
      }
      return -1;
    },
  };
}

/** The units needles start with: ASCII ones in a table, others (rare) in a short list. */
interface StartUnits {
  ascii: Uint8Array;
  other: number[];
}

function startUnitsOf(needles: readonly string[]): StartUnits {
  const ascii = new Uint8Array(128);
  const other: number[] = [];
  for (const needle of needles) {
    const unit = needle.charCodeAt(0);
    if (unit < 128) ascii[unit] = 1;
    else if (!other.includes(unit)) other.push(unit);
  }
  return { ascii, other };
}

const FINDER_TABLES = new Memo(finderTables);
const PREFIX_MATCHERS = new Memo(buildPrefixMatcher);
const START_UNIT_TESTS = new Memo(buildStartUnits);
