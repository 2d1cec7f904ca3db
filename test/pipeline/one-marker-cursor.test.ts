import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formats } from '../../src/formats/index.js';
import { createMarkerCursor, createMarkerTable } from '../../src/pipeline/marker-index.js';

// Forced parsers whose format has one start marker get the one-marker cursor.
const oneMarker = Object.values(formats).filter((format) => format.markers.length === 1);

describe('the cursor of a one-marker table', () => {
  it('should exist for the usual forced formats', () => {
    expect(oneMarker.map((format) => format.id)).toContain('hermes');
  });

  it.each(oneMarker.map((format) => [format.id, format] as const))(
    '%s: should give each occurrence at or after the query, as indexOf does',
    (_id, format) => {
      const table = createMarkerTable([format]);
      const marker = format.markers[0] as string;
      const pieces = [marker, marker.slice(0, -1), marker.slice(1), ' ', 'x', '\n', '<', '['];
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
          fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 12 }),
          (parts, steps) => {
            const text = parts.join('');
            // With and without the first `<` looked up by the caller (as extract does).
            for (const firstAngle of [undefined, text.indexOf('<')]) {
              const cursor = createMarkerCursor(table, text, undefined, firstAngle);
              let from = 0;
              for (const step of [...steps, 1, 1, 1]) {
                const hit = cursor.next(from);
                const expected = text.indexOf(marker, from);
                if (expected === -1) {
                  expect(hit).toBeUndefined();
                  break;
                }
                expect(hit).toEqual({
                  position: expected,
                  marker,
                  formats: table.formatsByMarker.get(marker),
                });
                // The scan moves on from a hit, or stays short of it (a section ending before).
                from = step === 0 ? from : expected + step;
              }
              expect(cursor.nextBareOnly(0)).toBe(-1);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );
});
