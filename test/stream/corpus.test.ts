import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { formatIds } from '../../src/index.js';
import type { FormatId, ParserOptions } from '../../src/index.js';
import { everyTwoWaySplit, randomChunkings, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';
import { knownDifference } from './known-differences.js';
import { createParser } from '../../src/index.js';

const CORPUS = join(import.meta.dirname, '../../../shared/conformance');

interface Case {
  id: string;
  format: string;
  input: string;
  tools?: ParserOptions['tools'];
}

/** Tool-call cases of the shared corpus, read at test time (never copied into the repository). */
function readCases(): Case[] {
  if (!existsSync(CORPUS)) return [];
  return readdirSync(CORPUS)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(join(CORPUS, name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Case),
    )
    .filter((entry) => typeof entry.input === 'string' && typeof entry.format === 'string');
}

const cases = readCases();
const known = new Set<string>(formatIds);
const modes = cases
  .flatMap((entry) => {
    const forced = known.has(entry.format)
      ? [{ mode: 'forced', options: { formats: [entry.format as FormatId] } as ParserOptions }]
      : [];
    const withTools = (options: ParserOptions): ParserOptions =>
      entry.tools === undefined ? options : { ...options, tools: entry.tools };
    return [...forced, { mode: 'auto', options: { formats: 'auto' } as ParserOptions }].flatMap(
      ({ mode, options }) => [
        { name: `${entry.id} (${mode})`, id: entry.id, input: entry.input, options: options },
        {
          name: `${entry.id} (${mode}, tools)`,
          id: entry.id,
          input: entry.input,
          options: withTools(options),
        },
        {
          name: `${entry.id} (${mode}, reasoning never forced open)`,
          id: entry.id,
          input: entry.input,
          options: { ...options, reasoning: { startsInside: false } },
        },
        {
          name: `${entry.id} (${mode}, reasoning kept in content)`,
          id: entry.id,
          input: entry.input,
          options: { ...options, reasoning: { keepInContent: true } },
        },
        ...(mode === 'forced'
          ? [
              {
                name: `${entry.id} (${mode}, reasoning prefilled)`,
                id: entry.id,
                input: entry.input,
                options: { ...withTools(options), reasoning: { prefilled: true } },
              },
            ]
          : []),
      ],
    );
  })
  .filter(({ options }) => accepts(options));

/** Some corpus tool schemas are not strict JSON Schema: createParser refuses them (a caller error). */
function accepts(options: ParserOptions): boolean {
  try {
    createParser(options);
    return true;
  } catch {
    return false;
  }
}

/**
 * The whole matrix (every mode under every chunker, every two-way split of every input under
 * 2 KB) runs with `STREAM_CORPUS=full` (`npm run test:stream-full`): about a million streams,
 * too slow for every CI run on two cores. By default every mode runs whole, one unit at a time
 * and under random chunkings, and every two-way split runs on the forced mode of each case.
 */
const full = process.env['STREAM_CORPUS'] === 'full';
const plainModes = modes.filter((entry) => entry.name.endsWith('(forced)'));

describe.skipIf(cases.length === 0).each([
  { chunker: whole, entries: modes },
  { chunker: unitByUnit, entries: modes },
  { chunker: everyTwoWaySplit(2048), entries: full ? modes : plainModes },
  { chunker: randomChunkings(full ? 6 : 3), entries: modes },
])('streaming the corpus, $chunker.name', ({ chunker, entries }) => {
  it.each(entries)('should fold to parse() for $name', ({ id, input, options }) => {
    if (knownDifference(id, chunker.name) !== undefined) return;
    for (const deltas of chunker.chunkings(input)) expectEquivalent(options, deltas);
  });
});
