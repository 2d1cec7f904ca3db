/**
 * Tool intent for streams: where the first intent marker that counts ends, as `findIntent` says
 * for the whole output, found across deltas. A marker is found by the stream's incremental finder;
 * whether it counts is the boundary rule of `src/policy/intent.ts`, asked by the same search parse
 * runs, over the delta and the few units before it. A marker that ends a delta with a word unit
 * (`TOOL_CALL`, which `TOOL_CALLS` would make part of an identifier) waits for the next unit.
 */
import { INTENT_MARKERS, LONGEST_INTENT_MARKER, scanIntent } from '../policy/intent.js';
import { createFinder } from './finder.js';

/** Units kept from before a delta: a whole marker and the unit before it. */
const KEEP = LONGEST_INTENT_MARKER + 1;

/** See {@link createIntentTracker}. */
export interface IntentTracker {
  /**
   * Reads the next delta (deltas are fed contiguously, from offset 0).
   *
   * @param delta - The text.
   * @param offset - Absolute offset of `delta[0]`.
   * @returns Just after the first intent marker that counts, or -1 while none is known.
   */
  feed(delta: string, offset: number): number;
  /**
   * The output ended: a waiting marker counts (the end of the output is a boundary).
   *
   * @returns As {@link feed}.
   */
  finish(): number;
  /**
   * Whether the answer for a marker ending by `position` is still open: a marker ends there or
   * before and waits for its next unit.
   *
   * @param position - An absolute offset.
   * @returns True while more text could change whether intent ends by `position`.
   */
  waitsBy(position: number): boolean;
}

/**
 * Creates a stream's intent tracker.
 *
 * @returns A tracker whose answers, for any chunking, are those of `findIntent` on the text so far
 * (a waiting marker aside), in time linear in the text fed.
 * @example
 * ```ts
 * const intent = createIntentTracker();
 * intent.feed('Raise MAX_TOOL_CALL', 0); // -1 (TOOL_CALL waits for its next unit)
 * intent.feed('S now.', 19); // -1 (it was part of MAX_TOOL_CALLS)
 * ```
 */
export function createIntentTracker(): IntentTracker {
  const finder = createFinder(INTENT_MARKERS);
  // The last deltas fed, kept by reference (nothing is copied on the push path): at least the
  // last KEEP units, since each delta holds one or more. Every occurrence that ends in the next
  // delta starts inside them or the delta, and the unit before it is among them.
  const pieces: string[] = new Array<string>(KEEP).fill('');
  let head = 0;
  // Just after the first marker that counts, -1 until known.
  let end = -1;
  // Just after a marker that ends the text fed so far with a word unit, -1 when none.
  let waiting = -1;

  function feed(delta: string, offset: number): number {
    if (end !== -1 || delta === '') return end;
    // Fed every delta, so that its state spans them: most deltas hold no marker, and nothing else
    // is read for them.
    const found = finder.feed(delta, offset);
    if (found !== undefined || waiting !== -1) {
      // A marker ended in this delta, or the one waiting has its next unit: the search parse
      // runs, over the units before the delta and the delta, decides (later occurrences in the
      // delta included, when the first is part of an identifier).
      const recent = recentUnits();
      const window = recent + delta;
      const windowStart = offset - recent.length;
      // From the window's second unit, so that each occurrence has the unit before it, except
      // at the start of the output, where no unit comes before.
      const scan = scanIntent(window, { open: true, from: windowStart === 0 ? 0 : 1 });
      waiting = -1;
      if (scan.end !== -1) {
        if (!scan.waiting) {
          end = windowStart + scan.end;
          return end;
        }
        waiting = windowStart + scan.end;
      }
    }
    pieces[head] = delta;
    head = head === KEEP - 1 ? 0 : head + 1;
    return end;
  }

  /** The last KEEP units fed before the current delta (fewer at the start of the output). */
  function recentUnits(): string {
    let text = '';
    for (let index = 0; index < KEEP && text.length < KEEP; index += 1) {
      const piece = pieces[(head + KEEP - 1 - index) % KEEP] as string;
      // Only a piece's end is needed: a long delta is not copied whole.
      text = (piece.length > KEEP ? piece.slice(-KEEP) : piece) + text;
    }
    return text.slice(-KEEP);
  }

  return {
    feed,
    finish() {
      if (end === -1 && waiting !== -1) end = waiting;
      waiting = -1;
      return end;
    },
    waitsBy(position) {
      return end === -1 && waiting !== -1 && waiting <= position;
    },
  };
}
