/**
 * Linear scanning without timing anything: the text the grammars read while parsing a flood of
 * each format's markers, summed over every grammar run, must at most double (within a margin)
 * when the flood doubles. A section that re-reads the rest of the output for every marker (one
 * shipped for deepseek_v31: 64 KB of opening tokens took 21 s) makes the sum grow fourfold.
 * `npm run fuzz -- --markers` measures the same floods in time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createParser, formatIds, type ParseResult } from '../../src/index.js';
import { listSamples } from '../../scripts/bench/samples.js';
import { formats } from '../../src/formats/index.js';
import { observeGrammarRuns } from '../../src/formats/shared/run-grammar.js';
import { flood } from './inputs.js';

const FILLERS = ['', ' ', 'a', '\n', '{', '"', '(', '[', ' x="1">'];
const SIZE = 1024;
// Linear work doubles; the margin covers a partial marker at the end of the flood.
const MAX_RATIO = 2.3;

/** The text all grammar runs read while parsing `text`. */
function grammarWork(parse: (text: string) => unknown, text: string): number {
  let work = 0;
  observeGrammarRuns((start, furthest) => {
    work += Math.max(1, furthest - start);
  });
  try {
    parse(text);
  } finally {
    observeGrammarRuns(undefined);
  }
  return work;
}

const limits = { maxOutputSize: 1 << 24, maxCallSize: 1 << 24, maxCalls: 1 << 20 };
const floods = Object.entries(formats).flatMap(([id, format]) =>
  format.markers.flatMap((marker) =>
    FILLERS.map((filler) => ({
      id,
      unit: marker + filler,
      name: `${id} ${JSON.stringify(marker + filler)}`,
    })),
  ),
);

afterAll(() => observeGrammarRuns(undefined));

describe('grammar work on marker floods', () => {
  it('should observe the grammar runs (the measure is live)', () => {
    const parser = createParser({ formats: ['hermes'] });
    expect(grammarWork((text) => parser.parse(text), '<tool_call>{"name": "f"')).toBeGreaterThan(0);
  });

  it.each(floods)('should at most double for $name', ({ id, unit }) => {
    for (const mode of ['auto', id] as const) {
      const parser = createParser({
        formats: mode === 'auto' ? 'auto' : [mode as never],
        limits,
      });
      const parse = (text: string): unknown => parser.parse(text);
      const small = grammarWork(parse, flood(unit, SIZE));
      const large = grammarWork(parse, flood(unit, 2 * SIZE));
      if (small === 0) {
        expect(large).toBeLessThanOrEqual(2 * SIZE);
        continue;
      }
      expect(large / small, `${mode}: ${small} → ${large}`).toBeLessThanOrEqual(MAX_RATIO);
    }
  });
});

describe('whole-output formats', () => {
  it.each(['json_block', 'openai_json'] as const)(
    '%s: should run no grammar at a brace that text comes before',
    (id) => {
      const parser = createParser({ formats: [id], limits });
      const prose = `Here is the plan: ${'{'.repeat(500)}`;
      expect(grammarWork((text) => parser.parse(text), prose)).toBe(0);
      // The measure is live for the brace that opens the output.
      expect(grammarWork((text) => parser.parse(text), `{${prose}`)).toBeGreaterThan(0);
    },
  );
});

/**
 * Floods of a typical call of each format cut short (at its marker, inside its name, a unit
 * before its end...), repeated with nothing, a newline or prose between: what a model that loops
 * on a broken call writes. Two such floods were quadratic: text_kv's sections read every line
 * after a `function.name:` repeated on one line, and a hermes section of n broken calls gave each
 * call every repair of the section (n² records, seconds for a few hundred kilobytes).
 */
describe('floods of calls cut short', () => {
  const cuts = (text: string): number[] => [
    ...new Set([1, 3, 8, text.length >> 2, text.length >> 1, text.length - 3, text.length - 1]),
  ];
  const pieces = listSamples(formatIds).flatMap((sample) =>
    cuts(sample.text).flatMap((cut) =>
      ['', '\n', ' x '].map((between) => {
        const unit = sample.text.slice(0, cut) + between;
        return { id: sample.format, unit, name: `${sample.format} ${JSON.stringify(unit)}` };
      }),
    ),
  );

  /** What a result holds (calls, rejections, issues, and every repair of each call). */
  function records(result: ParseResult): number {
    let count = result.calls.length + result.rejected.length + result.issues.length;
    for (const call of result.calls) count += call.repairs.length;
    for (const rejection of result.rejected) count += rejection.repairs.length;
    return count;
  }

  it.each(pieces)('should at most double for $name', ({ id, unit }) => {
    for (const mode of ['auto', id] as const) {
      const parser = createParser({ formats: mode === 'auto' ? 'auto' : [mode], limits });
      // The records of the last parse, read after each measure.
      let held = 0;
      const parse = (text: string): unknown => {
        const result = parser.parse(text);
        held = records(result);
        return result;
      };
      // The large flood is the small one with about as many whole units again before it: both
      // end in the same cut piece, so a tail that reads as more or fewer records than a whole
      // unit (a call cut off, a broken tag) counts once in each, however the unit's length
      // divides the flood's.
      const small = flood(unit, SIZE);
      const large = unit.repeat(Math.max(1, Math.round(SIZE / unit.length))) + small;
      const work = grammarWork(parse, small);
      const smallHeld = held;
      const largeWork = grammarWork(parse, large);
      const largeHeld = held;
      if (work > 0) {
        expect(
          largeWork / work,
          `${mode}: grammar work ${work} → ${largeWork}`,
        ).toBeLessThanOrEqual(MAX_RATIO);
      }
      if (smallHeld > 0) {
        expect(
          largeHeld / smallHeld,
          `${mode}: records ${smallHeld} → ${largeHeld}`,
        ).toBeLessThanOrEqual(MAX_RATIO);
      }
    }
  });
});

/**
 * hermes reads a payload on past a close tag inside one of its strings (`QuotedClose`), from each
 * section whose payload cut at its first close tag did not read. In these floods every close tag
 * sits inside a string as that scan reads them, so an unbounded scan read the rest of the flood
 * once per section.
 */
describe('floods of hermes close tags inside strings', () => {
  const units = [
    '<tool_call>{"a\\"</tool_call>',
    '<tool_call>{"name": "f", "arguments": {"a": "\\"</tool_call>',
    '<tool_call>["</tool_call> x',
  ];

  it.each(units)('should at most double for %j', (unit) => {
    const parser = createParser({ formats: ['hermes'], limits });
    const parse = (text: string): unknown => parser.parse(text);
    // Larger than the other floods: a scan may pass 16 close tags, so at 1 KB it reads them all.
    const work = grammarWork(parse, flood(unit, 32 * SIZE));
    const largeWork = grammarWork(parse, flood(unit, 64 * SIZE));
    expect(largeWork / work, `grammar work ${work} → ${largeWork}`).toBeLessThanOrEqual(MAX_RATIO);
  });
});
