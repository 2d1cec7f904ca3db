import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createExampleCursor,
  FENCE,
  INTRODUCTION_WINDOW,
  isIntroducedAsExample,
} from '../../src/pipeline/example-context.js';
import { createExampleTracker, followsUncuedFence } from '../../src/stream/examples.js';

/**
 * Pieces of text around fences: cues whole and cut, the units a window's edge or lowercasing could
 * play tricks with (a Kelvin sign lowercases to an ASCII `k`, a dotted capital I to two units, a
 * capital sigma by its context, a surrogate pair cut at the window's start), and blank lines.
 */
const pieces = [
  '`',
  '``',
  FENCE,
  '\n',
  '\n\n',
  'For example:',
  'e.g.',
  'EXAMPLE',
  'exam',
  'ple',
  'loo\u212As like',
  'L\u0130KE THIS',
  'such as',
  'ΟΔΟΣ',
  '\u{10400}',
  'x',
  ' ',
  'x'.repeat(INTRODUCTION_WINDOW - 20),
];

const texts = fc
  .array(fc.constantFrom(...pieces), { maxLength: 40 })
  .map((parts) => parts.join(''));

/** Every occurrence of a fence, overlapping ones included, as the stream's tracker logs them. */
function fences(text: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(FENCE); at !== -1; at = text.indexOf(FENCE, at + 1)) found.push(at);
  return found;
}

describe('followsUncuedFence', () => {
  it('should only skip fences that no cue introduces', () => {
    fc.assert(
      fc.property(texts, (text) => {
        let last = -1;
        let lastVerdict = false;
        for (const fence of fences(text)) {
          const verdict = isIntroducedAsExample(text, fence);
          if (followsUncuedFence(fence, last, lastVerdict))
            expect([fence, verdict]).toEqual([fence, false]);
          last = fence;
          lastVerdict = verdict;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('should skip the fences of a run of backticks after an uncued first one', () => {
    const text = `Some prose\n\n${'`'.repeat(40)}`;
    const all = fences(text);
    expect(all).toHaveLength(38);
    const skipped = all.filter((fence, index) =>
      followsUncuedFence(fence, all[index - 1] ?? -1, false),
    );
    expect(skipped).toEqual(all.slice(1));
  });

  it('should look again at each fence after a cued one, and after a gap', () => {
    expect(followsUncuedFence(13, 12, true)).toBe(false);
    expect(followsUncuedFence(16, 12, false)).toBe(false);
    expect(followsUncuedFence(15, 12, false)).toBe(true);
    expect(followsUncuedFence(0, -1, false)).toBe(false);
  });
});

describe('createExampleTracker', () => {
  it('should pair a fence with no cue with its close when asked from past it before the close came', () => {
    // The batch cursor, asked from 0, skips the block of the fence at 0 whole: the cued fence at 17
    // closes it. The stream asks from 0 before the close has come, releases the fence as text,
    // and asks again from past it.
    const text = '```\nFor example:\n```\n{{ <tool_call>';
    const tracker = createExampleTracker();
    tracker.feed(text.slice(0, 3), 0);
    expect(tracker.next(0, false)).toEqual({ kind: 'pending', before: 1 });
    tracker.feed(text.slice(3), 3);
    expect(tracker.next(1, false)).toEqual({ kind: 'pending', before: text.length - 2 });
    expect(tracker.next(1, true)).toEqual({ kind: 'none' });
  });

  it('should read on from where a pending query stopped, though the next one asks from further on', () => {
    // The batch cursor, asked from 0 with the whole text, pairs the fence at 3 (inside a call's
    // section, no cue) with the one at 14, so the cued-looking fence at 14 opens no block. The
    // stream asks from 0 before any fence has come, then from the section's end (11).
    const text = 'ab ```x</c>example```<m>';
    const tracker = createExampleTracker();
    tracker.feed(text.slice(0, 2), 0);
    expect(tracker.next(0, false)).toEqual({ kind: 'pending', before: 0 });
    tracker.feed(text.slice(2, 11), 2);
    expect(tracker.next(11, false)).toEqual({ kind: 'pending', before: 11 });
    tracker.feed(text.slice(11), 11);
    expect(tracker.next(11, true)).toEqual({ kind: 'none' });
  });

  it('should search on from a later query past a cued fence a resumed loop finds behind it', () => {
    // Asked from 0 with the whole text, the batch cursor keeps the cued fence at 15; asked then
    // from 19, it searches on from there and finds the fence at 19, in the same paragraph.
    const text = 'x\nFor example:\n```a```b```';
    const batch = createExampleCursor(text);
    expect(batch.next(0)).toEqual({ start: 15, end: 22 });
    expect(batch.next(19)).toEqual({ start: 19, end: 26 });
    const tracker = createExampleTracker();
    tracker.feed(text.slice(0, 1), 0);
    expect(tracker.next(0, false).kind).toBe('pending');
    tracker.feed(text.slice(1), 1);
    expect(tracker.next(19, true)).toEqual({ kind: 'example', start: 19 });
  });

  it('should give the verdicts the batch test gives, fed in any chunks', () => {
    // The block a cue opens is the first fence the batch cursor calls an example.
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 7 }), (text, size) => {
        const tracker = createExampleTracker();
        for (let at = 0; at < text.length; at += size) tracker.feed(text.slice(at, at + size), at);
        let from = 0;
        const expected: number[] = [];
        const seen: number[] = [];
        for (;;) {
          const answer = tracker.next(from, true);
          if (answer.kind !== 'example') break;
          seen.push(answer.start);
          from = answer.start + 1;
        }
        // The batch pairing: an uncued fence's block is skipped whole, a cued one opens a block.
        let at = 0;
        let open = text.indexOf(FENCE, at);
        while (open !== -1) {
          if (isIntroducedAsExample(text, open)) {
            expected.push(open);
            at = open + 1;
          } else {
            const close = text.indexOf(FENCE, open + FENCE.length);
            if (close === -1) break;
            at = close + FENCE.length;
          }
          open = text.indexOf(FENCE, at);
        }
        expect(seen).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});
