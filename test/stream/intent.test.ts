import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParserOptions } from '../../src/index.js';
import { findIntent, INTENT_MARKERS } from '../../src/policy/intent.js';
import { createIntentTracker } from '../../src/stream/intent-tracker.js';
import {
  everyTwoWaySplit,
  randomChunkings,
  split,
  unitByUnit,
  whole,
} from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';

// Auto mode, where a bare call in prose runs only after intent. No reasoning is held.
const auto: ParserOptions = {
  reasoning: { startsInside: false },
  tools: [
    {
      name: 'delete_files',
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    },
  ],
};

const cases = [
  'Raise `MAX_TOOL_CALLS` in settings.py. A list such as `[delete_files(path="/tmp/cache")]` is then run.',
  'The ALLOW_TOOL_CALLS flag enables this.\nAction: delete_files\nAction Input: {"path": "/"}',
  'Raise MAX_TOOL_CALLS. e.g. {"name": "delete_files", "arguments": {"path": "/"}} is a sample.',
  'MAX_TOOL_CALLS, then TOOL_CALL\n[delete_files(path="/a")]',
  'Now TOOL_CALL[delete_files(path="/b")]',
  'need_tool: yesterday [delete_files(path="/c")]',
  'need_tool: yes [delete_files(path="/d")]',
  'XCALL_TOOL CALL_TOOL {"name": "delete_files", "arguments": {}}',
  'ends with TOOL_CALL',
  // A fallback call before a marked one: parse draws their ids in output order, as must the stream.
  'need_tool: yes [delete_files(path="/g")] then <tool_call>{"name": "delete_files", "arguments": {"path": "/h"}}</tool_call>',
];

describe.each([whole, unitByUnit, everyTwoWaySplit(2048), randomChunkings(16)])(
  'intent markers and identifiers, $name',
  (chunker) => {
    it.each(cases)('should fold to parse() for %s', (text) => {
      for (const deltas of chunker.chunkings(text)) expectEquivalent(auto, deltas);
    });
  },
);

describe('intent tracker', () => {
  it('should give what findIntent gives for every chunking of marker soup', () => {
    const piece = fc.constantFrom(
      ...INTENT_MARKERS,
      'TOOL_',
      '_CALL',
      'S',
      'x',
      '_',
      ' ',
      '\n',
      '<|',
      'é',
      'need_tool: ',
      'yes',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { maxLength: 10 }),
        (parts, cuts) => {
          const text = parts.join('');
          const tracker = createIntentTracker();
          let offset = 0;
          let end = -1;
          for (const delta of split(text, cuts)) {
            end = tracker.feed(delta, offset);
            offset += delta.length;
          }
          if (end === -1) end = tracker.finish();
          expect(end).toBe(findIntent(text));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('should hold a marker that ends a delta with a word unit until the next unit', () => {
    const tracker = createIntentTracker();
    expect(tracker.feed('Raise TOOL_CALL', 0)).toBe(-1);
    expect(tracker.waitsBy(15)).toBe(true);
    // `TOOL_CALLS` is an identifier; the marker that ends this delta waits in its turn.
    expect(tracker.feed('S now; TOOL_CALL', 15)).toBe(-1);
    expect(tracker.waitsBy(31)).toBe(true);
    expect(tracker.feed(' [f()]', 31)).toBe(31);
  });

  it('should bear a delta-long flood of markers glued to identifiers in linear time', () => {
    const text = 'xTOOL_CALLx'.repeat(100_000);
    const tracker = createIntentTracker();
    const started = performance.now();
    expect(tracker.feed(text, 0)).toBe(-1);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
