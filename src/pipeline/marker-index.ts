/**
 * Finds the next occurrence of any format's start marker with `indexOf` only: no regular
 * expression ever runs over the whole output. Each marker remembers where it next occurs, so the
 * total cost of a scan is linear in the text for each marker, whatever the number of sections.
 */
import type { Format } from '../formats/format.js';
import { isBlank } from '../formats/shared/blanks.js';
import {
  anchorMarker,
  indexOfAnchored,
  isRareInProse,
  type AnchoredMarker,
} from './anchored-index.js';
import { createLanes, laneMarker, scanLane, UnitIndex, type MarkerLane } from './marker-lanes.js';
import { startsAt } from '../starts-at.js';

/** A marker occurrence and the formats, in priority order, that may start there. */
export interface MarkerHit {
  position: number;
  marker: string;
  formats: readonly Format[];
}

/** The marker table of one parser, built once and shared by its parses. */
export interface MarkerTable {
  readonly markers: readonly string[];
  readonly formatsByMarker: ReadonlyMap<string, readonly Format[]>;
  /**
   * Per marker: `formatsByMarker`'s list for it, found by index (a hit is made on every parse, and
   * the map lookup by string was a visible part of a small one).
   */
  readonly formatsOf: readonly (readonly Format[])[];
  /** The longest marker, for holding back a possible split marker when streaming. */
  readonly longestMarker: number;
  /** The shortest marker: none starts closer than this to the end of a text. */
  readonly shortestMarker: number;
  /** Each format's rank: lower is tried first where markers are shared. */
  readonly priority: ReadonlyMap<Format, number>;
  /** Each marker with the part of it that is searched for (see `anchored-index.ts`). */
  readonly anchored: readonly AnchoredMarker[];
  /**
   * Per marker: only bare formats use it, and it does not start with white space. In auto mode
   * such a marker can only start a call as the output's first text or after an intent marker.
   */
  readonly bareOnly: readonly boolean[];
  /**
   * Per marker: the unit every format using it promises follows it after optional blanks
   * (`Format.markerFollowedBy`), or `undefined`. In auto mode such a marker is searched from that
   * unit, and its other occurrences are not hits.
   */
  readonly followedBy: readonly (string | undefined)[];
  /** Per marker: the auto-mode window may leave some of its occurrences out (see `nextBareOnly`). */
  readonly leftOut: readonly boolean[];
  /** The distinct first characters of the markers' anchors. */
  readonly anchorChars: readonly string[];
  /** Per marker: the index of its anchor's first character in `anchorChars`. */
  readonly anchorCharOf: readonly number[];
  /** Markers starting with the same rare character, searched together (see `marker-lanes.ts`). */
  readonly lanes: readonly MarkerLane[];
  /** Per marker: the index of its lane, or -1 when it is searched on its own. */
  readonly laneOf: readonly number[];
  /** The markers searched on their own (not in a lane), in table order. */
  readonly solo: readonly number[];
  /**
   * The markers searched on their own, by their first code unit (empty markers under -1): where a
   * hit is near the query, one look at each unit up to it tells which of them can start there.
   */
  readonly soloByUnit: UnitIndex;
  /**
   * The units a cursor's near checks may look at in all: fewer where few markers are searched on
   * their own, since a walk then saves fewer searches (see `NEAR_UNITS`).
   */
  readonly nearUnits: number;
}

/**
 * Where a marker used only by bare formats can start a call in auto mode (the fallback playbook):
 * as the first text of the output, or where an intent marker ends before the hit's marker does.
 */
export interface BareWindow {
  /** The output's first non-space offset (at or after any forced-open reasoning). */
  firstText: number;
  /**
   * Just after the first intent marker, or -1 when the output has none. Asked only when a marker
   * only bare formats use occurs where the first text does not decide it (a small call at the
   * output's start then needs no search for intent), and at most once per output by the caller.
   */
  intentFrom: () => number;
}

/**
 * Builds the marker table for formats given in priority order.
 *
 * @param formats - Formats in the order they are tried where markers are shared.
 * @returns The table; markers that are prefixes of longer ones still count on their own.
 */
export function createMarkerTable(formats: readonly Format[]): MarkerTable {
  const formatsByMarker = new Map<string, Format[]>();
  for (const format of formats) {
    for (const marker of format.markers) {
      const list = formatsByMarker.get(marker);
      if (list === undefined) formatsByMarker.set(marker, [format]);
      else if (!list.includes(format)) list.push(format);
    }
  }
  const markers = [...formatsByMarker.keys()];
  const anchored = markers.map(anchorMarker);
  const anchorChars = [...new Set(anchored.map((marker) => marker.anchor.charAt(0)))];
  const bareOnly = markers.map(
    (marker) =>
      marker.length > 0 &&
      !isBlank(marker.charCodeAt(0)) &&
      (formatsByMarker.get(marker) ?? []).every((format) => format.syntax === 'bare'),
  );
  const followedBy = markers.map((marker, index) => {
    const users = formatsByMarker.get(marker) ?? [];
    const follower = users[0]?.markerFollowedBy;
    if (bareOnly[index] === true || follower?.length !== 1) return undefined;
    return users.every((format) => format.markerFollowedBy === follower) ? follower : undefined;
  });
  const leftOut = markers.map(
    (_, index) => bareOnly[index] === true || followedBy[index] !== undefined,
  );
  // Markers the window may leave out keep their own search: the window decides where they are hits.
  const { lanes, laneOf } = createLanes(
    markers,
    (index) => leftOut[index] !== true && isRareInProse(markers[index]?.charAt(0) ?? ''),
  );
  const solo = laneOf.flatMap((lane, index) => (lane === -1 ? [index] : []));
  return {
    markers,
    formatsByMarker,
    formatsOf: markers.map((marker) => formatsByMarker.get(marker) ?? []),
    longestMarker: markers.reduce((longest, marker) => Math.max(longest, marker.length), 0),
    shortestMarker: markers.reduce(
      (shortest, marker) => Math.min(shortest, marker.length),
      Infinity,
    ),
    priority: new Map(formats.map((format, rank) => [format, rank])),
    anchored,
    anchorChars,
    anchorCharOf: anchored.map((marker) => anchorChars.indexOf(marker.anchor.charAt(0))),
    bareOnly,
    followedBy,
    leftOut,
    lanes,
    laneOf,
    solo,
    soloByUnit: byFirstUnit(markers, solo),
    nearUnits: Math.min(NEAR_UNITS, UNITS_A_SEARCH * solo.length),
  };
}

/**
 * Groups markers by their first code unit, each group in table order; an empty marker (it starts
 * anywhere) goes under -1.
 *
 * @param markers - The marker table's markers.
 * @param indexes - The indexes of the markers to group.
 * @returns The markers (with what is compared before the full comparison) by first code unit.
 * @example
 * ```ts
 * byFirstUnit(['[', '{', '[TOOL_CALLS]'], [0, 1, 2]).get(0x5b)?.map((entry) => entry.index); // [0, 2]
 * ```
 */
export function byFirstUnit(markers: readonly string[], indexes: readonly number[]): UnitIndex {
  const groups = new UnitIndex();
  for (const index of indexes) {
    const entry = laneMarker(markers[index] as string, index);
    groups.add(entry.marker.length === 0 ? -1 : entry.marker.charCodeAt(0), entry);
  }
  return groups;
}

/** A cursor over the marker hits of one text. */
export interface MarkerCursor {
  /**
   * The earliest hit at or after `from`, formats of every marker found at that position merged in
   * priority order; `undefined` when no marker occurs any more.
   */
  next(from: number): MarkerHit | undefined;
  /**
   * The first occurrence at or after `from` of a marker the window may leave out (one only bare
   * formats use, or one with a follower), whether the window left it out or not; -1 when there is
   * none, or when the cursor has no window (every occurrence is then a hit). The scan needs the
   * occurrences the window leaves out around example blocks.
   */
  nextBareOnly(from: number): number;
}

/**
 * A cursor over one text that yields marker hits in order of position.
 *
 * @param table - The parser's marker table.
 * @param text - The text to scan.
 * @param window - In auto mode, where markers only bare formats use can start a call: their
 * occurrences elsewhere are not hits (no format could claim them there), so prose full of `[` and
 * `{` is not stopped at every bracket. Without it every occurrence is a hit (the stream's view, and
 * the scan's wherever an unclaimed hit still matters, see `extract.ts`).
 * @param firstAngle - Where the text's first `<` is (-1: none), when the caller already looked it
 * up: no marker that starts with `<` is searched for before it, so prose is not read again for
 * them. Omitted, they are searched from the query.
 * @returns The cursor.
 * @example
 * ```ts
 * createMarkerCursor(table, 'a <tool_call>{}</tool_call>').next(0)?.position; // 2
 * ```
 */
export function createMarkerCursor(
  table: MarkerTable,
  text: string,
  window?: BareWindow,
  firstAngle?: number,
): MarkerCursor {
  const angle = firstAngle ?? 0;
  if (window === undefined && table.markers.length === 1) {
    return new OneMarkerCursor(table, text, angle);
  }
  return new TableCursor(table, text, window, angle);
}

/**
 * Where a search for `marker` may start: not before the text's first `<` when the marker starts
 * with one (-1 when there is no `<` at all, hence no such marker), else `from`.
 */
function searchStart(marker: string, from: number, firstAngle: number): number {
  if (marker.charCodeAt(0) !== 0x3c) return from;
  return firstAngle === -1 ? -1 : Math.max(from, firstAngle);
}

/**
 * The cursor of a table with one marker and no window: a forced parser whose format has one
 * start marker (hermes, the usual case). One remembered search, where a table cursor copies its
 * per-marker, per-character and per-lane arrays on every parse. Gives the hits a table cursor
 * over the same table gives (a property test compares them).
 */
class OneMarkerCursor implements MarkerCursor {
  // Where the marker next occurs at or after the last query: -1 not looked up yet, -2 no more.
  private at = -1;

  constructor(
    private readonly table: MarkerTable,
    private readonly text: string,
    private readonly firstAngle: number,
  ) {}

  next(from: number): MarkerHit | undefined {
    if (this.at === -2) return undefined;
    if (this.at < from) {
      const marker = this.table.anchored[0] as AnchoredMarker;
      const start = searchStart(marker.marker, from, this.firstAngle);
      // Past the last place the marker fits nothing is searched, as in the table cursor.
      const at =
        start === -1 || from > this.text.length - this.table.shortestMarker
          ? -1
          : indexOfAnchored(this.text, marker, start);
      if (at === -1) {
        this.at = -2;
        return undefined;
      }
      this.at = at;
    }
    const marker = this.table.markers[0] as string;
    return { position: this.at, marker, formats: this.table.formatsOf[0] as readonly Format[] };
  }

  /** Without a window every occurrence is a hit: nothing is left out. */
  nextBareOnly(): number {
    return -1;
  }
}

/**
 * The cursor's state and methods. A class rather than closures: a small parse creates one cursor,
 * and its four closures (each named again under tsx) were a visible part of that parse.
 */
class TableCursor implements MarkerCursor {
  // Where each marker next occurs at or after the last query; -1 means "not looked up yet", -2
  // "occurs no more". Made on the first search (`undefined`: all -1): a small call at the output's
  // start is decided by the lanes and the near check, and searches no marker on its own.
  private nextAt: number[] | undefined;
  // Per anchor character: its first occurrence at or after `charFrom` (-1: none). Most markers
  // start with `<`, which prose rarely holds: one search for the character lets each of them start
  // where it first occurs, instead of each searching the whole prose again. Made on first use.
  private charAt: number[] | undefined;
  private charFrom: number[] | undefined;
  // Per lane: where its next marker starts at or after the last query (-1: not looked up yet,
  // -2: none any more), and which of its markers start there.
  private readonly laneAt: number[];
  private readonly laneMatched: number[][];
  // The markers searched on their own that start near the query (see `startingNear`), made on
  // first use and reused.
  private near: number[] | undefined;
  // Queries answered with a near check, and the units they looked at. Past NEAR_CHECKS the markers
  // are searched for real (once, then remembered): a text with a hit at every unit (a flood of `[`)
  // paid for a near check at each, a fifth of its time. Past NEAR_UNITS only hits within NEAR of
  // the query are checked that way: many sections with prose between them are searched for real.
  private nearChecks = 0;
  private nearUnits = 0;
  // For `nextBareOnly`, made on first use (only outputs with example blocks need it).
  private bareAt: number[] | undefined;
  private bareFrom: number[] | undefined;

  constructor(
    private readonly table: MarkerTable,
    private readonly text: string,
    private readonly window: BareWindow | undefined,
    private readonly firstAngle: number,
  ) {
    const lanes = table.lanes.length;
    // Auto mode has one lane (`<`): literals, cheaper than a copy and a loop on every parse.
    if (lanes === 1) {
      this.laneAt = [-1];
      this.laneMatched = [[]];
    } else {
      this.laneAt = NOT_LOOKED_UP.fill(lanes);
      this.laneMatched = [];
      for (let lane = 0; lane < lanes; lane += 1) this.laneMatched.push([]);
    }
  }

  /** Same result as `indexOfAnchored(text, marker, from)`. */
  private search(index: number, from: number): number {
    const { anchored, anchorCharOf, anchorChars } = this.table;
    const { text } = this;
    // Copies of shared filled arrays: cheaper than filling new ones on every parse.
    const charAt = (this.charAt ??= NOT_LOOKED_UP.fill(anchorChars.length));
    const charFrom = (this.charFrom ??= NOWHERE.fill(anchorChars.length));
    const marker = anchored[index] as AnchoredMarker;
    const char = anchorCharOf[index] as number;
    const start = searchStart(marker.marker, from, this.firstAngle);
    if (start === -1) return -1;
    // The anchor, hence its first character, lies at or after `start + anchorAt`.
    const need = Math.max(start, 0) + marker.anchorAt;
    let at = charAt[char] as number;
    const searchedFrom = charFrom[char] as number;
    const known = searchedFrom <= need && (at === -1 || at >= need);
    if (!known) {
      const unread = searchedFrom - need;
      if (unread > 0 && unread <= UNREAD_LOOK) {
        // Markers anchored at different offsets of their text ask from a few units apart: only
        // the units before the last search are unread, not the whole rest of the text again.
        const code = (anchorChars[char] as string).charCodeAt(0);
        let unit = need;
        while (unit < searchedFrom && text.charCodeAt(unit) !== code) unit += 1;
        if (unit < searchedFrom) at = unit;
      } else {
        at = text.indexOf(anchorChars[char] as string, need);
      }
      charAt[char] = at;
      charFrom[char] = need;
    }
    if (at === -1) return -1;
    return indexOfAnchored(text, marker, at - marker.anchorAt);
  }

  private find(index: number, from: number): number {
    const { window, table, text } = this;
    if (window === undefined) return this.search(index, from);
    const follower = table.followedBy[index];
    if (follower !== undefined) return this.searchFollowed(index, follower, from);
    if (table.bareOnly[index] !== true) return this.search(index, from);
    const marker = table.anchored[index] as AnchoredMarker;
    const { firstText } = window;
    // Before firstText is white space, where this marker cannot start.
    if (from <= firstText && startsAt(text, marker.marker, firstText)) return firstText;
    const intentFrom = window.intentFrom();
    if (intentFrom === -1) return -1;
    // Intent counts from the end of the hit's marker (the marker may be the intent marker itself,
    // `<|python_start|>`), so look back by the longest marker.
    const reach = intentFrom - table.longestMarker;
    return this.search(index, Math.max(from, reach, firstText + 1));
  }

  next(from: number): MarkerHit | undefined {
    const { markers, formatsOf, lanes, laneOf } = this.table;
    let { solo } = this.table;
    const { laneAt, laneMatched, text } = this;
    let { nextAt } = this;
    // Past the last place a marker fits (the query after a call that ends the output).
    if (from > text.length - this.table.shortestMarker) return undefined;
    const count = markers.length;
    let best = Infinity;
    let bestIndex = -1;
    let found = 0;
    // The lanes first: in auto mode most markers are in the `<` lane, and where its hit is close
    // the markers searched on their own need only be looked for up to it (below).
    for (let lane = 0; lane < lanes.length; lane += 1) {
      let at = laneAt[lane] as number;
      if (at === -2) continue;
      const matched = laneMatched[lane] as number[];
      if (at < from) {
        const lead = lanes[lane] as MarkerLane;
        const start = lead.char === '<' ? searchStart('<', from, this.firstAngle) : from;
        at = start === -1 ? -1 : scanLane(text, lead, start, matched);
        laneAt[lane] = at === -1 ? -2 : at;
        if (at === -1) continue;
      }
      if (at < best) {
        best = at;
        bestIndex = matched[0] as number;
        found = matched.length;
      } else if (at === best) {
        found += matched.length;
      }
    }
    // A hit at or just after `from` (a call at the start, or after the newline ending the last
    // one), or after a sentence or two of prose: a marker that does not start before it needs no
    // search of the rest of the text (and a bare one no search for intent). Its entry stays stale,
    // so a later query looks it up. Which markers start that near is looked up once, when first
    // needed: `best` only moves closer, so the markers starting up to it then include those
    // starting up to it later.
    let near: number[] | undefined;
    const nearChecked = this.nearEnough(Math.min(best, text.length) - from);
    if (nextAt === undefined && nearChecked) {
      // No marker searched on its own has a known position yet: only those starting near matter.
      near = this.startingNear(from, best);
      if (near.length === 0) solo = NONE;
    }
    for (const index of solo) {
      let at = nextAt === undefined ? -1 : (nextAt[index] as number);
      if (at === -2) continue;
      if (at < from) {
        if (nearChecked) {
          near ??= this.startingNear(from, best);
          if (!near.includes(index)) continue;
        }
        at = this.find(index, from);
        nextAt ??= this.nextAt = NOT_LOOKED_UP.fill(count);
        if (at === -1) {
          nextAt[index] = -2;
          continue;
        }
        nextAt[index] = at;
      }
      if (at < best) {
        best = at;
        bestIndex = index;
        found = 1;
      } else if (at === best) {
        found += 1;
      }
    }
    if (best === Infinity) return undefined;
    if (found === 1) {
      // One marker at this position (the usual case): its list is already in priority order.
      const name = markers[bestIndex] as string;
      return { position: best, marker: name, formats: formatsOf[bestIndex] as readonly Format[] };
    }
    const formats: Format[] = [];
    let marker = '';
    for (let index = 0; index < count; index += 1) {
      const lane = laneOf[index] as number;
      const here =
        lane === -1
          ? nextAt !== undefined && nextAt[index] === best
          : laneAt[lane] === best && (laneMatched[lane] as number[]).includes(index);
      if (!here) continue;
      const name = markers[index] as string;
      if (name.length > marker.length) marker = name;
      for (const format of formatsOf[index] as readonly Format[]) {
        if (!formats.includes(format)) formats.push(format);
      }
    }
    return { position: best, marker, formats: orderByPriority(formats, this.table) };
  }

  /**
   * The first occurrence at or after `from` of the marker followed, after optional blanks, by
   * `follower`: a walk over the follower's occurrences, each checked backwards. Linear: the
   * blanks skipped before one follower end at a non-blank unit, so no blank is skipped twice.
   */
  private searchFollowed(index: number, follower: string, from: number): number {
    const { text } = this;
    const marker = this.table.markers[index] as string;
    const start = Math.max(from, 0);
    const first = marker.charCodeAt(0);
    const last = marker.charCodeAt(marker.length - 1);
    for (
      let at = text.indexOf(follower, start + marker.length);
      at !== -1;
      at = text.indexOf(follower, at + 1)
    ) {
      let end = at;
      let code = text.charCodeAt(end - 1);
      while (end > start && isBlank(code)) {
        end -= 1;
        code = text.charCodeAt(end - 1);
      }
      // Its last and first units before the full comparison: most followers in prose (a
      // citation's `[`) follow other words.
      const candidate = end - marker.length;
      if (code !== last || candidate < start || text.charCodeAt(candidate) !== first) continue;
      if (startsAt(text, marker, candidate)) return candidate;
    }
    return -1;
  }

  /** Whether a hit `distance` units after the query is near enough for `startingNear`. */
  private nearEnough(distance: number): boolean {
    if (this.nearChecks >= NEAR_CHECKS) return false;
    return distance <= NEAR || this.nearUnits + distance <= this.table.nearUnits;
  }

  /**
   * The markers searched on their own that start anywhere from `from` to `last` (both included),
   * in no particular order: one look at each unit, rather than one walk over them per marker. The
   * array is the cursor's own, refilled by the next call.
   */
  private startingNear(from: number, last: number): number[] {
    const { text } = this;
    const { soloByUnit } = this.table;
    const near = (this.near ??= []);
    // Not past the last unit: one read past the end (NaN) in this loop left its optimized code on
    // the slow path for every later walk of every text (twice the time a unit). A marker of one
    // unit or more starts no later than the last unit; the empty one is listed apart.
    const end = Math.min(last, text.length - 1);
    this.nearChecks += 1;
    this.nearUnits += end - from + 1;
    // `pop`, not `length = 0`: setting an array's length is a call into the runtime.
    while (near.length > 0) near.pop();
    const empty = soloByUnit.get(-1);
    if (empty !== undefined) for (const entry of empty) near.push(entry.index);
    for (let at = from; at <= end; at += 1) {
      const starting = soloByUnit.get(text.charCodeAt(at));
      if (starting === undefined) continue;
      for (const entry of starting) {
        // The last unit before the full comparison, as in a lane. A marker starting twice so near
        // is listed twice, which the caller's `includes` does not mind.
        if (text.charCodeAt(at + entry.last) !== entry.lastUnit) continue;
        if (startsAt(text, entry.marker, at)) near.push(entry.index);
      }
    }
    return near;
  }

  nextBareOnly(from: number): number {
    if (this.window === undefined) return -1;
    const { leftOut, markers } = this.table;
    const count = markers.length;
    // Per left-out marker: its first occurrence at or after `bareFrom` (-1: none).
    const bareAt = (this.bareAt ??= new Array<number>(count).fill(-1));
    const bareFrom = (this.bareFrom ??= new Array<number>(count).fill(Infinity));
    let first = -1;
    for (let index = 0; index < count; index += 1) {
      if (leftOut[index] !== true) continue;
      let at = bareAt[index] as number;
      if (!((bareFrom[index] as number) <= from && (at === -1 || at >= from))) {
        at = this.search(index, from);
        bareAt[index] = at;
        bareFrom[index] = from;
      }
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
    return first;
  }
}

/** Hands out copies of an array of one repeated value, of any length. */
class FilledArrays {
  private readonly filled: number[] = [];

  constructor(private readonly value: number) {}

  /** A new array of `length` copies of the value. */
  fill(length: number): number[] {
    while (this.filled.length < length) this.filled.push(this.value);
    return this.filled.slice(0, length);
  }
}

/**
 * How close to the query a hit must be for the markers searched on their own to be looked for
 * only up to it (a few comparisons each instead of a search to the end of the text).
 */
const NEAR = 4;
/**
 * The units a cursor's near checks may look at in all: a farther hit is near enough while they
 * stay within it. An output that opens with a sentence before its call (most of them) then needs
 * no search of a dozen markers to the end of the text; one look at each unit costs less up to a
 * few hundred units, and the budget keeps many sections with prose between them from paying a
 * near check at each.
 */
const NEAR_UNITS = 256;
/**
 * Per marker searched on its own, the units of walk that stand for its search: the budget of a
 * table with few such markers (a forced format with two markers, or `['hermes', 'mistral']`).
 */
const UNITS_A_SEARCH = 16;
/** Queries a cursor answers with near checks before it searches its markers for real. */
const NEAR_CHECKS = 16;

const NONE: readonly number[] = [];

/**
 * How many units before an anchor character's last search are read one by one rather than
 * searched again to the end of the text (see `search`).
 */
const UNREAD_LOOK = 64;

const NOT_LOOKED_UP = new FilledArrays(-1);
const NOWHERE = new FilledArrays(Infinity);

function orderByPriority(formats: Format[], table: MarkerTable): Format[] {
  if (formats.length < 2) return formats;
  return formats.sort((a, b) => (table.priority.get(a) ?? 0) - (table.priority.get(b) ?? 0));
}
