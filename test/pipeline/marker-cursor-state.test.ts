import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectFormats } from '../../src/options.js';
import {
  byFirstUnit,
  createMarkerCursor,
  createMarkerTable,
  type BareWindow,
  type MarkerCursor,
} from '../../src/pipeline/marker-index.js';
import { laneMarker, UnitIndex } from '../../src/pipeline/marker-lanes.js';
import { findIntent, INTENT_MARKERS } from '../../src/policy/intent.js';
import { expectPlainHits } from '../helpers/plain-hits.js';

const table = createMarkerTable(selectFormats(undefined).formats);
const soloMarkers = table.solo.map((index) => table.markers[index] as string);

/** Text where markers searched on their own sit right after, before and inside other hits. */
const pieces = [
  ...table.markers,
  ...INTENT_MARKERS,
  '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
  'TOOL_CALL',
  '[TOOL_',
  '<|pyth',
  ' ',
  '\n',
  'x',
  ']',
];

const windowOf = (text: string): BareWindow => ({
  firstText: text.length - text.trimStart().length,
  intentFrom: () => findIntent(text),
});

const view = (cursor: MarkerCursor, from: number) => {
  const hit = cursor.next(from);
  return hit && { position: hit.position, marker: hit.marker, formats: hit.formats };
};

describe('byFirstUnit', () => {
  it('should group markers by their first code unit, in table order', () => {
    const groups = byFirstUnit(['[', '{', '[TOOL_CALLS]', ''], [0, 1, 2, 3]);
    const indexes = (unit: number) => groups.get(unit)?.map((entry) => entry.index);
    expect(indexes(0x5b)).toEqual([0, 2]);
    expect(indexes(0x7b)).toEqual([1]);
    expect(indexes(-1)).toEqual([3]);
    expect(groups.get(0x5b)?.[1]).toEqual({
      index: 2,
      marker: '[TOOL_CALLS]',
      last: 11,
      lastUnit: 0x5d,
    });
  });

  it("should hold each of the auto table's solo markers once, under its first unit", () => {
    const pairs = table.soloByUnit.entries();
    const listed = pairs.flatMap(([, entries]) => entries.map((entry) => entry.index));
    expect(listed.sort((a, b) => a - b)).toEqual([...table.solo]);
    for (const [unit, entries] of pairs) {
      for (const entry of entries) {
        expect(table.markers[entry.index]).toBe(entry.marker);
        expect(entry.marker.charCodeAt(0)).toBe(unit);
      }
    }
  });

  it('should find the solo markers that start at a position, as a check of each marker does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...soloMarkers, '<', '[', 'x', ' '), { maxLength: 6 }),
        fc.nat(40),
        (parts, at) => {
          const text = parts.join('');
          const byCheck = table.solo.filter((index) =>
            text.startsWith(table.markers[index] as string, at),
          );
          const byUnit = (table.soloByUnit.get(text.charCodeAt(at)) ?? [])
            .filter((entry) => text.charCodeAt(at + entry.last) === entry.lastUnit)
            .filter((entry) => text.startsWith(entry.marker, at))
            .map((entry) => entry.index);
          expect(byUnit).toEqual(byCheck);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('UnitIndex', () => {
  it('should give the entries of ASCII and other units in the order added, and none for NaN', () => {
    const markers = ['[a', '[b', '<｜x', ''];
    const index = new UnitIndex();
    index.add(0x5b, laneMarker(markers[0] as string, 0));
    index.add(0xff5c, laneMarker(markers[2] as string, 2));
    index.add(0x5b, laneMarker(markers[1] as string, 1));
    index.add(-1, laneMarker(markers[3] as string, 3));
    expect(index.get(0x5b)?.map((entry) => entry.marker)).toEqual(['[a', '[b']);
    expect(index.get(0xff5c)?.map((entry) => entry.marker)).toEqual(['<｜x']);
    expect(index.get(-1)?.map((entry) => entry.index)).toEqual([3]);
    expect(index.get(0x7b)).toBeUndefined();
    expect(index.get(Number.NaN)).toBeUndefined();
    expect(index.entries().map(([unit]) => unit)).toEqual([0x5b, 0xff5c, -1]);
  });
});

describe('the marker table', () => {
  it("should list each marker's formats by index as the map by marker does", () => {
    expect(table.formatsOf).toEqual(
      table.markers.map((marker) => table.formatsByMarker.get(marker)),
    );
    expect(table.formatsOf.every((formats) => formats.length > 0)).toBe(true);
  });
});

/**
 * Queries one cursor over `text` step after step, without the window and with it, and checks
 * each hit against a new cursor's for the same query.
 *
 * @param next - Where the query after a hit at `at` starts.
 * @returns How many queries gave a hit, without the window and with it.
 */
function expectFreshHits(
  text: string,
  steps: readonly number[],
  next: (from: number, at: number, step: number) => number,
): number[] {
  const firstAngle = text.indexOf('<');
  return [undefined, windowOf(text)].map((window) => {
    const cursor = createMarkerCursor(table, text, window, firstAngle);
    let from = 0;
    let queries = 0;
    for (const step of steps) {
      const hit = view(cursor, from);
      expect(hit).toEqual(view(createMarkerCursor(table, text, window, firstAngle), from));
      if (hit === undefined) break;
      queries += 1;
      from = next(from, hit.position, step);
    }
    return queries;
  });
}

describe('the marker cursor across queries', () => {
  it('should give the hits a new cursor gives for each query, with and without the window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 10 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 20 }),
        (parts, steps) => {
          // Stay, step past the hit, or query a few units before it (a section ending early).
          expectFreshHits(parts.join(''), steps, (from, at, step) =>
            step === 0 ? from : Math.max(from, at + step - 3),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("should give a new cursor's hits when queried at every hit of a flood of markers", () => {
    // Past its first few queries a cursor stops checking near each hit and searches instead: the
    // hits must not change at that point, or after it.
    const flood = ['[', '{', '[TOOL_', '[TOOL_CALLS]', '<|python_start|>', '<tool_call>', 'x'];
    // Cursors queried past the point where they stop checking near each hit (16 queries).
    let pastNearChecks = 0;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...flood), { minLength: 20, maxLength: 80 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 40, maxLength: 80 }),
        (parts, steps) => {
          const [unwindowed] = expectFreshHits(parts.join(''), steps, (from, at, step) =>
            Math.max(from, at + step),
          );
          if ((unwindowed as number) > 16) pastNearChecks += 1;
        },
      ),
      { numRuns: 500 },
    );
    expect(pastNearChecks).toBeGreaterThan(250);
  });

  it('should find a solo marker right after a lane hit, and one a query later', () => {
    const text = '<tool_call>[TOOL_CALLS]';
    const cursor = createMarkerCursor(table, text, undefined, 0);
    expect(cursor.next(0)?.marker).toBe('<tool_call>');
    expect(cursor.next(1)?.marker).toBe('[TOOL_CALLS]');
    expect(cursor.next(1)?.position).toBe(11);
  });
});

describe('the marker cursor of a parser with a few formats', () => {
  // No lane, or a small one, and a near-check budget of a few units per marker searched on its own.
  const lists = [
    ['hermes', 'mistral'],
    ['hermes', 'pythonic'],
    ['mistral'],
    ['kimi_k2'],
    ['llama3_json', 'xlam'],
    ['qwen3_coder', 'glm45', 'hermes'],
    ['phi4_mini', 'react', 'hermes'],
  ];
  const prose = 'Sure, I will look that up for you right away, one moment please while I check. ';

  it.each(lists.map((ids) => [ids.join(', '), ids] as const))(
    'should yield the hits a plain indexOf over every marker yields (%s)',
    (_label, ids) => {
      const small = createMarkerTable(selectFormats(ids as never).formats);
      const smallPieces = [...small.markers, prose, prose.slice(0, 30), '<', '[', ' ', '\n', 'x'];
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...smallPieces), { maxLength: 12 }),
          fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }),
          (parts, steps) => {
            const text = parts.join('');
            expectPlainHits(small, text, steps, text.indexOf('<'));
          },
        ),
        { numRuns: 500 },
      );
    },
  );
});

describe('anchor character searches from nearby starts', () => {
  // Markers anchored on `_` at different offsets ask for the character from a few units apart;
  // the cursor reads only the units its last search left unread. Hits must be what indexOf gives.
  const markers = ['ab_', 'a_b', '_ab', 'b_', 'abab_b'];
  const formats = markers.map(
    (marker, index) => ({ id: `f${index}`, syntax: 'marked', markers: [marker] }) as never,
  );
  const anchoredTable = createMarkerTable(formats);

  it('should anchor every marker on _', () => {
    expect(new Set(anchoredTable.anchored.map((marker) => marker.anchor.charAt(0)))).toEqual(
      new Set(['_']),
    );
  });

  it('should give, query after query, the earliest indexOf hit of any marker', () => {
    const unit = fc.constantFrom('a', 'b', '_', ' ');
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 80 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 20 }),
        (text, steps) => {
          const cursor = createMarkerCursor(anchoredTable, text);
          let from = 0;
          for (const step of [0, ...steps]) {
            from += step;
            const earliest = Math.min(
              ...markers.map((marker) => text.indexOf(marker, from)).filter((at) => at !== -1),
            );
            expect(cursor.next(from)?.position).toBe(
              Number.isFinite(earliest) ? earliest : undefined,
            );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
