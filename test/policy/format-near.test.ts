import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Format } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { createFormatNear } from '../../src/policy/candidates.js';

const all = Object.values(formats);

/**
 * The definition the locator must agree with, spelled out plainly: every marker of every format
 * looked up with `lastIndexOf` in the window around the offset, the closest start winning and,
 * at the same start, the format listed first.
 */
function byEachMarker(text: string, offset: number, list: readonly Format[]): Format | undefined {
  const from = Math.max(0, offset - 256);
  const window = text.slice(from, offset + 64);
  let best: { format: Format; position: number } | undefined;
  for (const format of list) {
    for (const marker of format.markers) {
      const position = window.lastIndexOf(marker, offset - from);
      if (position !== -1 && (best === undefined || position > best.position)) {
        best = { format, position };
      }
    }
  }
  return best?.format;
}

/** Pieces that make texts full of markers, parts of markers, and markers shared by formats. */
function piecesOf(list: readonly Format[]): string[] {
  const markers = list.flatMap((format) => format.markers.filter((marker) => marker !== ''));
  return [
    ...markers,
    ...markers.map((marker) => marker.slice(0, -1)),
    ...markers.map((marker) => marker.slice(1)),
    ' ',
    'x',
    '\n',
    '{"a": 1}',
  ];
}

describe('createFormatNear', () => {
  it('should name the format of the marker just before the offset', () => {
    const near = createFormatNear([formats.hermes, formats.mistral]);
    const text = 'Sure. [TOOL_CALLS] oops <tool_call>{"name": oops</tool_call>';
    expect(near(text, text.indexOf('oops', 30))?.id).toBe('hermes');
    expect(near(text, text.indexOf('oops'))?.id).toBe('mistral');
    expect(near(text, 3)).toBeUndefined();
  });

  it('should look back at most 256 units, and take a marker starting at the offset itself', () => {
    const near = createFormatNear([formats.hermes]);
    const text = `<tool_call>${'x'.repeat(300)}`;
    expect(near(text, 11 + 245)?.id).toBe('hermes');
    expect(near(text, 11 + 300)).toBeUndefined();
    const late = `${'x'.repeat(100)}<tool_call>`;
    expect(near(late, 100)?.id).toBe('hermes');
    expect(near(late, 99)).toBeUndefined();
  });

  it('should prefer the format listed first when two have a marker at the same start', () => {
    const shared = all.filter((format) => format.markers.includes('<tool_call>'));
    expect(shared.length).toBeGreaterThan(1);
    const text = '<tool_call>{"name": oops';
    expect(createFormatNear(shared)(text, 11)).toBe(shared[0]);
    expect(createFormatNear([...shared].reverse())(text, 11)).toBe(shared.at(-1));
  });

  it.each([
    ['every format', all],
    ['every format, listed backwards', [...all].reverse()],
    ['three formats', [formats.hermes, formats.deepseek_v3, formats.kimi_k2]],
  ] as const)('should agree with one lastIndexOf per marker (%s)', (_name, list) => {
    const near = createFormatNear(list);
    const pieces = piecesOf(list);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 40 }),
        fc.integer({ min: -5, max: 2000 }),
        (parts, at) => {
          const text = parts.join('');
          const offset = Math.min(at, text.length + 5);
          expect(near(text, offset)?.id).toBe(byEachMarker(text, offset, list)?.id);
        },
      ),
      { numRuns: 300 },
    );
  });
});
