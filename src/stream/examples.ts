/**
 * The example-context guard for streams: the same pairing of ``` fences as the batch cursor
 * (`src/pipeline/example-context.ts`), fed fence by fence as text arrives. Fences are logged
 * with whether an example cue introduces them (decided when the fence completes, from a short
 * look-back), and the cursor is replayed over the log, answering "not yet known" instead of
 * reading text that has not arrived.
 */
import {
  FENCE,
  INTRODUCTION_WINDOW as LOOK_BACK,
  isIntroducedAsExample,
} from '../pipeline/example-context.js';

/** The answer of {@link ExampleTracker.next}. */
export type ExampleAnswer =
  /** An example block opens here (absolute). */
  | { kind: 'example'; start: number }
  /** No example block opens in the rest of the output (only said at the end). */
  | { kind: 'none' }
  /** None opens before `before`; what comes after is not known yet. */
  | { kind: 'pending'; before: number };

/** Fence log and replayed example cursor; see {@link createExampleTracker}. */
export interface ExampleTracker {
  /** Logs the fences that complete in `delta` (absolute `offset`). */
  feed(delta: string, offset: number): void;
  /**
   * The batch cursor's `next(from)`, replayed; `final` once the whole output has been fed. The
   * fences before `from` are forgotten: a later query (this one or {@link fenceAt}) asks from
   * `from` or after it, as the stream's cursor only moves forward.
   */
  next(from: number, final: boolean): ExampleAnswer;
  /**
   * The first fence at or after `from` (absolute; not before the last `next` query), if it has
   * arrived: an example block's close.
   */
  fenceAt(from: number): number | undefined;
}

/**
 * Creates a tracker.
 *
 * @returns The tracker; its work is linear in the text and the number of fences.
 * @example
 * ```ts
 * const tracker = createExampleTracker();
 * tracker.feed('For example:\n```\n<tool_call>', 0);
 * tracker.next(0, false); // { kind: 'example', start: 13 }
 * ```
 */
export function createExampleTracker(): ExampleTracker {
  // The fences from the last query on (every occurrence, overlapping ones too), in order: where
  // each starts, and whether an example cue introduces it. Queries never go back (the stream's
  // cursor only moves forward), so the fences before the last one are dropped, and the log holds
  // those of the text the stream still holds. Found by binary search: a flood of backticks logs a
  // fence per unit, and a scan of the whole log per query made such a stream quadratic (128 KB of
  // backticks took seven seconds).
  let starts: number[] = [];
  let verdicts: boolean[] = [];
  // Entries before this index are dropped (removed from the arrays in batches).
  let head = 0;
  // The last raw text (at least LOOK_BACK + fence units): what introduces a fence.
  let recent = '';
  // Absolute offset of recent[0].
  let recentStart = 0;
  // Units fed so far.
  let fed = 0;
  // The last fence logged (absolute, -1: none yet) and whether a cue introduces it.
  let lastFence = -1;
  let lastVerdict = false;
  // The replayed cursor's state, as in createExampleCursor.
  let cached: number | undefined;
  let searchedFrom = -1;
  let exhausted = false;
  // Where a query answered "pending" stopped (-1: none): the next fence the batch cursor's loop
  // would have read, or a fence with no cue whose close had not arrived. The batch cursor, asked
  // once with the whole text, read on from there over every fence in turn, skipping the blocks of
  // fences with no cue; so the next query resumes that loop there, though the stream's cursor may
  // have moved past it meanwhile (over text released, or a call's section holding a fence), and
  // the fences from there are not forgotten.
  let resumeAt = -1;

  /** The index of the first logged fence starting at or after `from`, or -1. */
  function firstFence(from: number): number {
    let low = head;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((starts[middle] as number) < from) low = middle + 1;
      else high = middle;
    }
    return low < starts.length ? low : -1;
  }

  /** Drops the fences before `from`, which no later query asks about. */
  function forget(from: number): void {
    const first = firstFence(from);
    head = first === -1 ? starts.length : first;
    if (head >= FORGET_BATCH && head * 2 >= starts.length) {
      starts = starts.slice(head);
      verdicts = verdicts.slice(head);
      head = 0;
    }
  }

  return {
    feed(delta, offset) {
      const scanFrom = Math.max(0, recent.length - (FENCE.length - 1));
      recent += delta;
      fed = offset + delta.length;
      let at = delta.includes('`') ? recent.indexOf(FENCE, scanFrom) : -1;
      while (at !== -1) {
        const start = recentStart + at;
        // The batch cursor's test of an opening fence, on the text before it (which `recent`
        // keeps LOOK_BACK units of); see followsUncuedFence for when the last one's answers.
        const verdict =
          !followsUncuedFence(start, lastFence, lastVerdict) && isIntroducedAsExample(recent, at);
        starts.push(start);
        verdicts.push(verdict);
        lastFence = start;
        lastVerdict = verdict;
        at = recent.indexOf(FENCE, at + 1);
      }
      if (recent.length > 8 * LOOK_BACK) {
        const keep = LOOK_BACK + FENCE.length;
        recentStart += recent.length - keep;
        recent = recent.slice(-keep);
      }
    },
    next(from, final) {
      forget(resumeAt === -1 ? from : Math.min(from, resumeAt));
      if (exhausted) return { kind: 'none' };
      if (cached !== undefined && cached >= from) return { kind: 'example', start: cached };
      let at = resumeAt === -1 ? Math.max(from, searchedFrom) : resumeAt;
      resumeAt = -1;
      for (;;) {
        const fence = firstFence(at);
        if (fence === -1) {
          if (final) {
            exhausted = true;
            return { kind: 'none' };
          }
          resumeAt = at;
          return { kind: 'pending', before: Math.max(at, from, fed - (FENCE.length - 1)) };
        }
        const open = starts[fence] as number;
        if (verdicts[fence] === true) {
          cached = open;
          searchedFrom = open;
          if (open >= from) return { kind: 'example', start: open };
          // Found by a resumed loop behind this query: the batch cursor kept it, and this query
          // searched on from `from`, as the batch cursor's next query would.
          at = from;
          continue;
        }
        const close = firstFence(open + FENCE.length);
        if (close === -1) {
          if (final) {
            exhausted = true;
            return { kind: 'none' };
          }
          resumeAt = open;
          return { kind: 'pending', before: Math.max(open + 1, from, fed - (FENCE.length - 1)) };
        }
        at = (starts[close] as number) + FENCE.length;
        searchedFrom = at;
      }
    },
    fenceAt(from) {
      const fence = firstFence(from);
      return fence === -1 ? undefined : starts[fence];
    },
  };
}

/**
 * Whether a fence at `start` is known to have no cue before it: it starts within the three
 * backticks of the last fence, which had none. Its look-back window is then the last one's, less
 * units dropped at its start, plus backticks at its end. No cue holds a backtick (so none ends in
 * the new units), a shorter window holds no cue the longer did not (lowercasing maps each unit on
 * its own, as far as the ASCII cues go), and no `\n\n` is gained to move the paragraph's start.
 * A run of backticks is a fence at every unit: without this, each lowercased and searched its 160
 * units, and streaming such a run cost about 1 µs a unit against a tenth of that to `parse` it.
 *
 * @param start - The new fence (absolute).
 * @param lastFence - The fence logged before it (absolute, -1 for none).
 * @param lastVerdict - Whether a cue introduced that fence.
 * @returns True when the new fence's verdict is false without looking; false when it must be
 * looked at.
 */
export function followsUncuedFence(
  start: number,
  lastFence: number,
  lastVerdict: boolean,
): boolean {
  return lastFence !== -1 && !lastVerdict && start - lastFence <= FENCE.length;
}

/** Dropped fences are removed from the log once this many (and half the log) have gathered. */
const FORGET_BATCH = 1024;
