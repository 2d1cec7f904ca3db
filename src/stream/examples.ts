/**
 * The example-context guard for streams: the same pairing of ``` fences as the batch cursor
 * (`src/pipeline/example-context.ts`), fed fence by fence as text arrives. Fences are logged
 * with whether an example cue introduces them (decided when the fence completes, from a short
 * look-back), and the cursor is replayed over the log, answering "not yet known" instead of
 * reading text that has not arrived.
 */
import { createExampleCursor } from '../pipeline/example-context.js';

const FENCE = '```';
/** Look-back kept for deciding whether a fence is introduced as an example (the batch window). */
const LOOK_BACK = 160;

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
  /** The batch cursor's `next(from)`, replayed; `final` once the whole output has been fed. */
  next(from: number, final: boolean): ExampleAnswer;
  /** The first fence at or after `from` (absolute), if it has arrived: an example block's close. */
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
  // Every fence occurrence (overlapping ones too), in order, with its example verdict.
  const fences: { at: number; example: boolean }[] = [];
  // The last raw text (at least LOOK_BACK + fence units): what introduces a fence.
  let recent = '';
  // Absolute offset of recent[0].
  let recentStart = 0;
  // Units fed so far.
  let fed = 0;
  // The replayed cursor's state, as in createExampleCursor.
  let cached: number | undefined;
  let searchedFrom = -1;
  let exhausted = false;

  function firstFence(from: number): { at: number; example: boolean } | undefined {
    // Logs hold one entry per fence of the output: short in practice, so a scan is enough.
    for (const fence of fences) if (fence.at >= from) return fence;
    return undefined;
  }

  return {
    feed(delta, offset) {
      const scanFrom = Math.max(0, recent.length - (FENCE.length - 1));
      recent += delta;
      fed = offset + delta.length;
      let at = delta.includes('`') ? recent.indexOf(FENCE, scanFrom) : -1;
      while (at !== -1) {
        const absolute = recentStart + at;
        const window = recent.slice(Math.max(0, at - LOOK_BACK), at + FENCE.length);
        const fenceIndex = window.length - FENCE.length;
        const example = createExampleCursor(window).next(fenceIndex) !== undefined;
        fences.push({ at: absolute, example });
        at = recent.indexOf(FENCE, at + 1);
      }
      if (recent.length > 8 * LOOK_BACK) {
        const keep = LOOK_BACK + FENCE.length;
        recentStart += recent.length - keep;
        recent = recent.slice(-keep);
      }
    },
    next(from, final) {
      if (exhausted) return { kind: 'none' };
      if (cached !== undefined && cached >= from) return { kind: 'example', start: cached };
      let at = Math.max(from, searchedFrom);
      for (;;) {
        const fence = firstFence(at);
        if (fence === undefined) {
          if (final) {
            exhausted = true;
            return { kind: 'none' };
          }
          return { kind: 'pending', before: Math.max(at, fed - (FENCE.length - 1)) };
        }
        const open = fence.at;
        if (fence.example) {
          cached = open;
          searchedFrom = open;
          return { kind: 'example', start: open };
        }
        const close = firstFence(open + FENCE.length)?.at;
        if (close === undefined) {
          if (final) {
            exhausted = true;
            return { kind: 'none' };
          }
          return { kind: 'pending', before: Math.max(open + 1, fed - (FENCE.length - 1)) };
        }
        at = close + FENCE.length;
        searchedFrom = at;
      }
    },
    fenceAt(from) {
      return firstFence(from)?.at;
    },
  };
}
