/**
 * Linear scanning without timing anything: the text the grammars read while parsing a flood of
 * each format's markers, summed over every grammar run, must at most double (within a margin)
 * when the flood doubles. A section that re-reads the rest of the output for every marker (one
 * shipped for deepseek_v31: 64 KB of opening tokens took 21 s) makes the sum grow fourfold.
 * `npm run fuzz -- --markers` measures the same floods in time.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
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
