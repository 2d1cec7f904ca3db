/**
 * Markers that start with the same character (most start with `<`) are searched together: one
 * walk over that character's occurrences, each looked at once and compared with the markers whose
 * second character follows it, instead of one `indexOf` per marker over the same text. On a small
 * output the forty-odd searches of auto mode were a quarter of a parse.
 */
import { startsAt } from '../starts-at.js';

/** Markers searched together. */
export interface MarkerLane {
  /** Their common first character. */
  readonly char: string;
  /** The lane's markers, by the code of their second character. */
  readonly bySecond: UnitIndex;
}

/**
 * One marker of a lane, with what `scanLane` compares before the full comparison. Kept here
 * rather than read from the marker at each occurrence: a small output's one scan looked each up
 * again.
 */
export interface LaneMarker {
  /** Its index in the marker table. */
  readonly index: number;
  readonly marker: string;
  /** The offset of its last unit. */
  readonly last: number;
  /** The code of its last unit. */
  readonly lastUnit: number;
}

/** Units below this are looked up in an array. */
const ASCII = 0x80;

/**
 * Marker entries by a code unit: an array for ASCII units (most markers' units), a map for the
 * others. A map lookup at each `<` and near each query was a visible part of a small parse.
 */
export class UnitIndex {
  private readonly ascii: (LaneMarker[] | undefined)[] = [];
  private readonly other = new Map<number, LaneMarker[]>();

  constructor() {
    // Filled up front, so that a lookup never reads past the array's end.
    for (let unit = 0; unit < ASCII; unit += 1) this.ascii.push(undefined);
  }

  /**
   * Adds an entry under a unit, after those already there.
   *
   * @param unit - A code unit (or another number, such as -1 for an empty marker).
   * @param entry - The entry.
   */
  add(unit: number, entry: LaneMarker): void {
    const list = this.get(unit);
    if (list !== undefined) (list as LaneMarker[]).push(entry);
    else if (unit >= 0 && unit < ASCII) this.ascii[unit] = [entry];
    else this.other.set(unit, [entry]);
  }

  /**
   * The entries under a unit, in the order they were added.
   *
   * @param unit - A code unit; `NaN` (a unit past the text's end) has none.
   * @returns The entries, or `undefined` when there are none.
   */
  get(unit: number): readonly LaneMarker[] | undefined {
    return unit >= 0 && unit < ASCII ? this.ascii[unit] : this.other.get(unit);
  }

  /**
   * Every unit that has entries, with them.
   *
   * @returns Pairs of unit and entries, ASCII units first.
   */
  entries(): [number, readonly LaneMarker[]][] {
    const pairs: [number, readonly LaneMarker[]][] = [];
    this.ascii.forEach((list, unit) => {
      if (list !== undefined) pairs.push([unit, list]);
    });
    return [...pairs, ...this.other];
  }
}

/** Below this many markers sharing a first character, each is searched on its own. */
const SMALLEST_LANE = 3;

/**
 * Groups markers into lanes by their first character.
 *
 * @param markers - The marker table's markers.
 * @param eligible - Whether a marker may join a lane (the others are searched on their own).
 * @returns The lanes, and per marker its lane's index or -1.
 * @example
 * ```ts
 * createLanes(['<a>', '<b>', '<c>', '[x'], () => true).laneOf; // [0, 0, 0, -1]
 * ```
 */
export function createLanes(
  markers: readonly string[],
  eligible: (index: number) => boolean,
): { lanes: MarkerLane[]; laneOf: number[] } {
  const byChar = new Map<string, number[]>();
  markers.forEach((marker, index) => {
    if (marker.length < 2 || !eligible(index)) return;
    const members = byChar.get(marker.charAt(0));
    if (members === undefined) byChar.set(marker.charAt(0), [index]);
    else members.push(index);
  });
  const lanes: MarkerLane[] = [];
  const laneOf = markers.map(() => -1);
  for (const [char, members] of byChar) {
    if (members.length < SMALLEST_LANE) continue;
    const bySecond = new UnitIndex();
    for (const index of members) {
      const entry = laneMarker(markers[index] as string, index);
      bySecond.add(entry.marker.charCodeAt(1), entry);
      laneOf[index] = lanes.length;
    }
    lanes.push({ char, bySecond });
  }
  return { lanes, laneOf };
}

/**
 * A marker with what is compared before the full comparison.
 *
 * @param marker - The marker.
 * @param index - The number its entry carries (its index in the marker table, or another rank).
 * @returns The entry (for an empty marker, `last` is -1 and `lastUnit` NaN: it matches nothing).
 * @example
 * ```ts
 * laneMarker('<a>', 0); // { index: 0, marker: '<a>', last: 2, lastUnit: 0x3e }
 * ```
 */
export function laneMarker(marker: string, index: number): LaneMarker {
  const last = marker.length - 1;
  return { index, marker, last, lastUnit: marker.charCodeAt(last) };
}

/**
 * Finds the first position at or after `from` where a marker of the lane starts.
 *
 * @param text - The text searched.
 * @param lane - The lane.
 * @param from - Where to start.
 * @param matched - Filled with the indexes of every lane marker starting there (emptied first).
 * @returns The position, or -1 when no marker of the lane occurs any more.
 * @example
 * ```ts
 * const { lanes } = createLanes(['<a>', '<b>', '<c>'], () => true);
 * scanLane('x <b> <c>', lanes[0]!, 3, []); // 6
 * ```
 */
export function scanLane(text: string, lane: MarkerLane, from: number, matched: number[]): number {
  // `pop`, not `length = 0`: setting an array's length is a call into the runtime.
  while (matched.length > 0) matched.pop();
  for (let at = text.indexOf(lane.char, from); at !== -1; at = text.indexOf(lane.char, at + 1)) {
    const candidates = lane.bySecond.get(text.charCodeAt(at + 1));
    if (candidates === undefined) continue;
    for (const candidate of candidates) {
      // The last unit first: markers sharing a second unit (`<tool_call>`, `<tool_calls>`,
      // `<tool_use>`...) mostly differ at their end, and a full comparison each costs more.
      if (text.charCodeAt(at + candidate.last) !== candidate.lastUnit) continue;
      if (startsAt(text, candidate.marker, at)) matched.push(candidate.index);
    }
    if (matched.length > 0) return at;
  }
  return -1;
}
