/**
 * Grammars read text up to a marker a run at a time, `($[^<]+ / !"</tool_call>" "<")*`, instead
 * of one character at a time, `(!"</tool_call>" .)*` (which tested the marker and built an array
 * entry at every character). Both read exactly the same characters. These tests turn each run
 * loop back into the character loop, compile both grammars, and check they give the same result
 * and end on the same inputs (and, for json.peggy, whose error offsets are reported, the same
 * failure offset).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import peggy from 'peggy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanJsonValue } from '../../src/json/index.js';

type Parse = (input: string, options?: Record<string, unknown>) => unknown;

interface LibraryResult {
  peg$result: unknown;
  peg$FAILED: unknown;
  peg$currPos: number;
  peg$maxFailPos: number;
}

/** A stop in a run loop: `"MARKER"` or `Rule`, alone or among alternatives in parentheses. */
const STOP_ITEM = String.raw`"(?:[^"\\]|\\.)+"|[A-Z]\w*`;
const NEGATION = String.raw`!(?:${STOP_ITEM}|\((?:${STOP_ITEM})(?: \/ (?:${STOP_ITEM}))*\))`;

/**
 * `($[^F]+ / !"MARKER" "F")*` or `+`: a run loop as the grammars write it (the `$` makes the run
 * one substring, where a bare class collects an array of its characters). The stop may be rules
 * or alternatives, `!CallStop` or `!InvokeClose !Stop` or `!(FenceClose / CallStop)`, whose
 * every alternative starts with a character the class leaves out; if one did not, the two forms
 * would read differently and the comparison below would fail. A run of a one-unit class may end
 * with that unit (`"F"`), any run with `.`: the character form of both is `(!STOP .)`.
 */
const RUN_LOOP = new RegExp(
  String.raw`\(\$?\[\^(?:(?:[^\]\\]|\\.)\]\+ \/ (${NEGATION}(?: ${NEGATION})*) "(?:[^"\\]|\\.)+"|(?:[^\]\\]|\\.)+\]\+ \/ (${NEGATION}(?: ${NEGATION})*) \.)\)([*+])`,
  'g',
);

const root = join(import.meta.dirname, '..', '..');
const grammarDirectory = join(root, 'grammar');
let directory = '';
const rewritten: string[] = [];
const parsers = new Map<string, { characters: Parse; runs: Parse; source: string }>();

/** The same grammar with every run loop written back as a character loop. */
function characterLoops(source: string): string {
  return source.replace(
    RUN_LOOP,
    (_loop, stop: string | undefined, anyStop: string | undefined, repeat: string) =>
      `(${stop ?? anyStop} .)${repeat}`,
  );
}

function startRulesOf(source: string): string[] {
  return [...source.matchAll(/^\/\/ @start (\w+):/gm)].map((found) => found[1] ?? '');
}

/**
 * The rules that hold a run loop, started from directly as well: from a start rule, random text
 * seldom gets through a format's header to the loop (harmony's body follows a whole header).
 */
function loopRulesOf(source: string): string[] {
  const rules = new Set<string>();
  for (const found of source.matchAll(RUN_LOOP)) {
    const before = source.slice(0, found.index);
    const declared = [...before.matchAll(/^([A-Z]\w*)\n {2}=/gm)].at(-1);
    if (declared?.[1] !== undefined) rules.add(declared[1]);
  }
  return [...rules];
}

/** Compiles a grammar that may be started from its start rules and from `startRules` too. */
function compile(source: string, file: string, startRules: string[]): void {
  const code = peggy.generate(source, {
    output: 'source',
    format: 'es',
    allowedStartRules: [...new Set([...startRulesOf(source), ...startRules])],
    grammarSource: file,
  });
  writeFileSync(file, code);
}

async function load(file: string): Promise<Parse> {
  return ((await import(pathToFileURL(file).href)) as { parse: Parse }).parse;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'runs-'));
  for (const variant of ['characters', 'runs']) mkdirSync(join(directory, variant));
  const names = readdirSync(grammarDirectory)
    .filter((entry) => entry.endsWith('.peggy'))
    .map((entry) => entry.slice(0, -'.peggy'.length));
  const sources = new Map(
    names.map((name) => [name, readFileSync(join(grammarDirectory, `${name}.peggy`), 'utf8')]),
  );
  for (const [name, source] of sources) {
    if (characterLoops(source) !== source) rewritten.push(name);
  }
  // The rewritten grammars and the grammars they import, in both forms.
  const needed = new Set(rewritten);
  for (const name of rewritten) {
    for (const found of (sources.get(name) ?? '').matchAll(/^import .* from "\.\/(.+)\.js"/gm)) {
      needed.add(found[1] ?? '');
    }
  }
  for (const name of needed) {
    const source = sources.get(name) ?? '';
    const loops = loopRulesOf(source);
    compile(characterLoops(source), join(directory, 'characters', `${name}.js`), loops);
    compile(source, join(directory, 'runs', `${name}.js`), loops);
  }
  for (const name of rewritten) {
    parsers.set(name, {
      characters: await load(join(directory, 'characters', `${name}.js`)),
      runs: await load(join(directory, 'runs', `${name}.js`)),
      source: sources.get(name) ?? '',
    });
  }
});

afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true });
});

/** The result and end of a library-mode call (what runGrammar and imported rules use). */
function read(parse: Parse, input: string, options: Record<string, unknown>): unknown {
  try {
    const result = parse(input, { ...options, peg$library: true }) as LibraryResult;
    return {
      node: result.peg$result === result.peg$FAILED ? 'FAILED' : result.peg$result,
      end: result.peg$currPos,
      failedAt: options.startRule === 'Document' ? result.peg$maxFailPos : undefined,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Inputs made of the grammar's own strings, the first characters of markers, and any text, as
 * pieces: every piece boundary is tried as a start, so the start rules meet their openers.
 */
function inputs(source: string): fc.Arbitrary<string[]> {
  const quoted = [...source.matchAll(/"((?:[^"\\\n]|\\.)+)"/g)].map((found) =>
    (found[1] ?? '').replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\'),
  );
  const pieces = [...new Set(quoted), '<', '[', '*', '/', '|', '{"a": 1}', '\n', ' ', 'text'];
  return fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), {
    maxLength: 25,
  });
}

describe('run-at-a-time loops', () => {
  it('should find the grammars that read up to a marker a run at a time', () => {
    expect(rewritten).toEqual(
      expect.arrayContaining(['hermes', 'json', 'kimi_k2', 'mistral', 'harmony', 'xml_invoke']),
    );
  });

  it('should read exactly what the character loops read, in every rewritten grammar', () => {
    for (const name of rewritten) {
      const pair = parsers.get(name);
      if (pair === undefined) throw new Error(`${name} was not compiled`);
      const startRules = [...startRulesOf(pair.source), ...loopRulesOf(pair.source)];
      fc.assert(
        fc.property(
          inputs(pair.source),
          fc.constantFrom(...startRules),
          fc.constantFrom(
            { tagPrefix: '', stops: [] },
            { tagPrefix: '｜DSML｜', stops: ['</｜DSML｜function_calls>'] },
            { tagPrefix: 'steptml:', stops: ['<｜tool_call_end｜>', '<｜tool_calls_end｜>'] },
          ),
          (pieces, startRule, extra) => {
            const input = pieces.join('');
            let start = 0;
            for (const piece of ['', ...pieces]) {
              start += piece.length;
              const options = { ...extra, startRule, peg$currPos: start, scanJson: scanJsonValue };
              expect(read(pair.runs, input, options), name).toEqual(
                read(pair.characters, input, options),
              );
            }
          },
        ),
        { numRuns: 200 },
      );
    }
  });
});
