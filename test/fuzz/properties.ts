/**
 * The fuzz properties, shared by the vitest suite (short runs) and `npm run fuzz` (long
 * campaigns). Each one throws, with the violations as its message, when an invariant breaks;
 * fast-check then shrinks the input and reports a seed to replay.
 */
import fc from 'fast-check';
import { createParser, formatIds } from '../../src/index.js';
import type { FormatId, Parser, ToolDefinition } from '../../src/index.js';
import { anyString, cut, cutPoints, markerSoup, mutate, mutations } from './arbitraries.js';
import { readCorpus, type CorpusCase } from './corpus.js';
import {
  checkResult,
  checkStream,
  createManifest,
  type Manifest,
  type Problem,
} from './invariants.js';
import { KNOWN_ISSUES } from './known-issues.js';
import { caseTools, FUZZ_TOOLS } from './tools.js';

/** `'auto'` or one format forced. */
export type Mode = 'auto' | FormatId;

/** Every mode a property may draw: auto, then each format forced. */
export const MODES: readonly Mode[] = ['auto', ...formatIds];

interface Bound {
  parser: Parser;
  manifest: Manifest | undefined;
}

const parsers = new Map<string, Bound>();

/**
 * A cached parser for a mode and manifest (creating one compiles schemas, so it is done once).
 *
 * @param mode - Auto or a forced format.
 * @param tools - The allowlist, or `undefined` for an extract-only parser.
 * @param key - Names the tool list in the cache.
 * @returns The parser and the independent manifest to check its calls against.
 */
export function parserFor(
  mode: Mode,
  tools: readonly ToolDefinition[] | undefined,
  key: string,
): Bound {
  const id = `${mode}|${key}`;
  let bound = parsers.get(id);
  if (bound === undefined) {
    bound = {
      parser: createParser({
        formats: mode === 'auto' ? 'auto' : [mode],
        ...(tools === undefined ? {} : { tools }),
        ids: 'sequential',
      }),
      manifest: tools === undefined ? undefined : createManifest(tools),
    };
    parsers.set(id, bound);
  }
  return bound;
}

/**
 * Parses and checks one output; throws with the violations.
 *
 * @param bound - Parser and manifest.
 * @param text - The output.
 */
export function assertParse(bound: Bound, text: string): void {
  report(checkResult(text, bound.parser.parse(text), bound.manifest));
}

/**
 * Streams and checks one chunked output; throws with the differences.
 *
 * @param bound - Parser and manifest.
 * @param deltas - The chunks.
 */
export function assertStream(bound: Bound, deltas: readonly string[]): void {
  report(checkStream(bound.parser, deltas));
}

/** How often each known issue was met (reported by `npm run fuzz`). */
export const knownIssueCounts = new Map<string, number>();

/** Throws on any problem that is not a documented known issue; counts the known ones. */
function report(problems: readonly Problem[]): void {
  const unknown = problems.filter((problem) => {
    if (!Object.hasOwn(KNOWN_ISSUES, problem.code)) return true;
    knownIssueCounts.set(problem.code, (knownIssueCounts.get(problem.code) ?? 0) + 1);
    return false;
  });
  if (unknown.length > 0) throw new Error(unknown.map((problem) => problem.message).join('\n'));
}

const mode = fc.constantFrom(...MODES);
const withTools = fc.boolean();
const tools = (flag: boolean): readonly ToolDefinition[] | undefined =>
  flag ? FUZZ_TOOLS : undefined;

/** A corpus case and its manifest (built once per case). */
interface CorpusEntry {
  entry: CorpusCase;
  tools: ToolDefinition[];
}

let corpusEntries: CorpusEntry[] | undefined;

/**
 * The corpus cases with their manifests.
 *
 * @returns The cases; empty when the corpus is absent.
 */
export function corpusWithTools(): CorpusEntry[] {
  corpusEntries ??= readCorpus().map((entry) => ({ entry, tools: usableTools(entry) }));
  return corpusEntries;
}

/** The case's manifest, or its call names alone when createParser refuses the case's schemas. */
function usableTools(entry: CorpusCase): ToolDefinition[] {
  const tools = caseTools(entry);
  try {
    createParser({ tools });
    return tools;
  } catch {
    const withoutTools: CorpusCase = { ...entry };
    delete withoutTools.tools;
    return caseTools(withoutTools);
  }
}

/** A mutated corpus output and where it came from (the label is what a failure prints). */
interface MutatedCase {
  label: string;
  index: number;
  mode: Mode;
  text: string;
}

/** A corpus case, the mode to parse it in (its own format, or auto) and a mutated input. */
function mutatedCorpus(): fc.Arbitrary<MutatedCase> {
  const entries = corpusWithTools();
  return fc
    .record({ index: fc.nat({ max: entries.length - 1 }), forced: fc.boolean(), list: mutations })
    .map(({ index, forced, list }) => {
      const { entry } = entries[index] as CorpusEntry;
      const known = (formatIds as readonly string[]).includes(entry.format);
      const chosen: Mode = forced && known ? (entry.format as FormatId) : 'auto';
      return {
        label: `${entry.id} (${chosen})`,
        index,
        mode: chosen,
        text: mutate(entry.input, list),
      };
    });
}

function boundOf(drawn: MutatedCase): Bound {
  const { entry, tools: manifest } = corpusWithTools()[drawn.index] as CorpusEntry;
  return parserFor(drawn.mode, manifest, entry.id);
}

/** A named property and the share of a campaign's runs it gets. */
export interface FuzzProperty {
  name: string;
  /** False when it needs the corpus and the corpus is absent. */
  available: () => boolean;
  build: () => fc.IPropertyWithHooks<never> | fc.IProperty<unknown>;
}

/** Every fuzz property. */
export const PROPERTIES: readonly FuzzProperty[] = [
  {
    name: 'parse keeps every invariant on arbitrary strings',
    available: () => true,
    build: () =>
      fc.property(anyString, mode, withTools, (text, chosen, flag) => {
        assertParse(parserFor(chosen, tools(flag), String(flag)), text);
      }),
  },
  {
    name: 'parse keeps every invariant on marker soup',
    available: () => true,
    build: () =>
      fc.property(markerSoup, mode, withTools, (text, chosen, flag) => {
        assertParse(parserFor(chosen, tools(flag), String(flag)), text);
      }),
  },
  {
    name: 'parse keeps every invariant on mutated corpus outputs',
    available: () => corpusWithTools().length > 0,
    build: () =>
      fc.property(mutatedCorpus(), (drawn) => {
        assertParse(boundOf(drawn), drawn.text);
      }),
  },
  {
    name: 'a chunked stream of marker soup folds to parse',
    available: () => true,
    build: () =>
      fc.property(
        markerSoup.chain((text) => fc.tuple(fc.constant(text), cutPoints(text.length))),
        mode,
        withTools,
        ([text, points], chosen, flag) => {
          assertStream(parserFor(chosen, tools(flag), String(flag)), cut(text, points));
        },
      ),
  },
  {
    name: 'a chunked stream of a mutated corpus output folds to parse',
    available: () => corpusWithTools().length > 0,
    build: () =>
      fc.property(
        mutatedCorpus().chain((drawn) =>
          fc.tuple(fc.constant(drawn), cutPoints(drawn.text.length)),
        ),
        ([drawn, points]) => {
          assertStream(boundOf(drawn), cut(drawn.text, points));
        },
      ),
  },
];
