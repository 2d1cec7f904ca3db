import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatContext } from '../../src/formats/format.js';
import { resolveLimits, selectFormats } from '../../src/options.js';
import { anchorMarker, indexOfAnchored } from '../../src/pipeline/anchored-index.js';
import { extract, type ExtractPlan } from '../../src/pipeline/extract.js';
import { createMarkerTable } from '../../src/pipeline/marker-index.js';
import { findIntent, INTENT_MARKERS } from '../../src/policy/intent.js';
import { expectPlainHits } from '../helpers/plain-hits.js';

const limits = resolveLimits(undefined);
const auto = selectFormats(undefined);
const windowed: ExtractPlan = {
  table: createMarkerTable(auto.formats),
  primary: auto.primary,
  auto: true,
  maxCalls: limits.maxCalls,
  maxIssues: limits.maxIssues,
  reasoningStartsInside: true,
};
/** The reference: every marker occurrence is a hit, as before the window existed. */
const everyHit: ExtractPlan = { ...windowed, everyMarker: true };

const read = (text: string, plan: ExtractPlan) => {
  const context: FormatContext = { text, tools: undefined, limits };
  return extract(context, plan);
};

/** Pieces of model output: every marker, intent markers, bare calls, prose, space and fences. */
const pieces = [
  ...windowed.table.markers,
  ...INTENT_MARKERS,
  '[get_weather(city="Antwerp")]',
  '{"name": "get_weather", "arguments": {"city": "Antwerp"}}',
  '[{"name": "f", "arguments": {}}]',
  '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
  'Action: get_weather\nAction Input: {"city": "A"}',
  'functools [{"name": "f", "arguments": {}}]',
  // phi4_mini's marker is searched from the `[` that must follow it after blanks.
  'functools \n\t[',
  'import functools\n',
  'the figures [3] rose (see B) ',
  // A sentence before a call, as most outputs open: hits a few dozen units after the query.
  'Sure, I can look that up for you: first the latest figures, then the answer to your question. ',
  // Markup and a run of `<`: many `<` that start no marker.
  '<p>a</p> <b>b</b> <i>c</i> <br> ',
  '<<<<<<<<<',
  'For example:\n',
  '```',
  '<think>',
  '</think>',
  '\n\n',
  ' ',
  ']',
  '}',
  'a',
];

describe('the auto-mode marker window', () => {
  it('should read any output exactly as the scan that stops at every marker', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(read(text, windowed)).toEqual(read(text, everyHit));
      }),
      { numRuns: 3000 },
    );
  });

  it('should order example blocks, reasoning and left-out markers as the full scan does', () => {
    const piece = fc.constantFrom(
      'For example:\n',
      '```',
      '<think>',
      '</think>',
      '[',
      '{',
      'Action:',
      'x',
      '\n\n',
      'TOOL_CALL',
      '[f()]',
      '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
        const text = parts.join('');
        expect(read(text, windowed)).toEqual(read(text, everyHit));
      }),
      { numRuns: 5000 },
    );
  });

  it('should find a call after 50 KB of bracketed prose as the full scan does', () => {
    const prose = 'The figures [3] rose {b} while (see B) costs fell. '.repeat(1000);
    const text = `${prose}\n<tool_call>{"name": "f", "arguments": {}}</tool_call>`;
    const result = read(text, windowed);
    expect(result.calls.map((call) => call.name)).toEqual(['f']);
    expect(result).toEqual(read(text, everyHit));
  });

  it('should still read a bare list that follows an intent marker in prose', () => {
    const text = 'Let me check [1]. TOOL_CALL [get_weather(city="Antwerp")]';
    const result = read(text, windowed);
    expect(result.calls.map((call) => call.name)).toEqual(['get_weather']);
    expect(result).toEqual(read(text, everyHit));
  });

  it('should still read a bare list whose wrapper is the intent marker', () => {
    const text = 'Sure [2].\n<|python_start|>[get_weather(city="Antwerp")]';
    expect(read(text, windowed)).toEqual(read(text, everyHit));
  });

  it('should still read a bare call that is the whole output', () => {
    const text = '  [get_weather(city="Antwerp")]\n';
    const result = read(text, windowed);
    expect(result.calls.map((call) => call.name)).toEqual(['get_weather']);
    expect(result).toEqual(read(text, everyHit));
  });
});

describe('the marker cursor', () => {
  it('should yield the hits a plain indexOf over every marker yields', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...pieces), { maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }),
        (parts, steps) => {
          const text = parts.join('');
          // With and without the first `<` looked up by the caller (as extract does).
          for (const firstAngle of [undefined, text.indexOf('<')]) {
            expectPlainHits(windowed.table, text, steps, firstAngle);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('findIntent', () => {
  it('should find where the earliest-ending intent marker ends, as indexOf over each does', () => {
    // Every occurrence, by indexOf, kept when no identifier unit touches a word end of it.
    const word = /[\p{L}\p{N}_]/u;
    const naive = (text: string) => {
      let first = -1;
      for (const marker of INTENT_MARKERS) {
        for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
          const end = at + marker.length;
          const glued =
            (word.test(marker.charAt(0)) && word.test(text.charAt(at - 1))) ||
            (word.test(marker.charAt(marker.length - 1)) && word.test(text.charAt(end)));
          if (glued) continue;
          if (first === -1 || end < first) first = end;
          break;
        }
      }
      return first;
    };
    const piece = fc.constantFrom(
      ...INTENT_MARKERS,
      '_',
      '<',
      '<|python_',
      'need_tool',
      ' ',
      'x',
      'S',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (parts) => {
        const text = parts.join('');
        expect(findIntent(text)).toBe(naive(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('indexOfAnchored', () => {
  it('should give the same position as indexOf for any marker, text and start', () => {
    const alphabet = fc.constantFrom('a', 'f', 'n', '_', '[', 'T', ':', '<', '|', ' ', 'K', ']');
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, minLength: 1, maxLength: 12 }),
        fc.string({ unit: alphabet, maxLength: 60 }),
        fc.integer({ min: -3, max: 70 }),
        (marker, text, from) => {
          expect(indexOfAnchored(text, anchorMarker(marker), from)).toBe(
            text.indexOf(marker, from),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('should search markers from their rarest character, at most six units', () => {
    expect(anchorMarker('[TOOL_CALLS]')).toEqual({
      marker: '[TOOL_CALLS]',
      anchorAt: 5,
      anchor: '_CALLS',
    });
    expect(anchorMarker('functools').anchor).toBe('functo');
    expect(anchorMarker('<tool_call>').anchorAt).toBe(0);
  });
});
