/**
 * Every grammar of the library compiled twice, as peggy writes it and through the build's
 * rewrites (scripts/peggy-classes.ts, scripts/peggy-loops.ts, then scripts/hoist-peggy.ts, as
 * scripts/build-grammars.ts runs them), must give the same outcome on the same input and options:
 * the value, or the error with its expectations and location, and in library mode the final
 * position and the furthest failure with its expectations.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import peggy from 'peggy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoistParser } from '../../scripts/hoist-peggy.js';
import { rewriteClasses } from '../../scripts/peggy-classes.js';
import { rewriteLoops } from '../../scripts/peggy-loops.js';
import { errorFields } from '../helpers/peggy-outcome.js';

type Parse = (input: string, options?: Record<string, unknown>) => unknown;

interface Grammar {
  plain: Parse;
  rebuilt: Parse;
  startRules: string[];
  vocabulary: string[];
}

const GRAMMAR_DIRECTORY = join(import.meta.dirname, '..', '..', 'grammar');
const NAMES = readdirSync(GRAMMAR_DIRECTORY)
  .filter((entry) => entry.endsWith('.peggy'))
  .map((entry) => entry.slice(0, -'.peggy'.length))
  .sort();

let directory = '';
const grammars = new Map<string, Grammar>();

/** The quoted strings of a grammar: markers and keywords its inputs are made of. */
function vocabularyOf(source: string): string[] {
  const found = [...source.matchAll(/"((?:[^"\\\n]|\\.)+)"/g)].map((match) =>
    (match[1] ?? '').replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\'),
  );
  return [...new Set(found)];
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'build-grammars-'));
  for (const variant of ['plain', 'rebuilt']) mkdirSync(join(directory, variant));
  const sources = new Map<string, string>();
  for (const name of NAMES) {
    const source = readFileSync(join(GRAMMAR_DIRECTORY, `${name}.peggy`), 'utf8');
    sources.set(name, source);
    const startRules = [...source.matchAll(/^\/\/ @start (\w+):/gm)].map((m) => m[1] ?? '');
    const code = peggy.generate(source, {
      output: 'source',
      format: 'es',
      allowedStartRules: startRules,
      grammarSource: `${name}.peggy`,
    });
    writeFileSync(join(directory, 'plain', `${name}.js`), code);
    const rebuilt = hoistParser(rewriteLoops(rewriteClasses(code, name), name), name);
    writeFileSync(join(directory, 'rebuilt', `${name}.js`), rebuilt);
  }
  // Grammars import each other: load only once every file is written.
  for (const name of NAMES) {
    const load = async (variant: string): Promise<Parse> =>
      (
        (await import(pathToFileURL(join(directory, variant, `${name}.js`)).href)) as {
          parse: Parse;
        }
      ).parse;
    const source = sources.get(name) ?? '';
    grammars.set(name, {
      plain: await load('plain'),
      rebuilt: await load('rebuilt'),
      startRules: [...source.matchAll(/^\/\/ @start (\w+):/gm)].map((m) => m[1] ?? ''),
      vocabulary: vocabularyOf(source),
    });
  }
});

afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true });
});

interface LibraryResult {
  peg$result: unknown;
  peg$FAILED: unknown;
  peg$currPos: number;
  peg$maxFailPos: number;
  peg$maxFailExpected: unknown;
  peg$success: boolean;
}

/** What a call gives, in comparable form. */
function outcome(parse: Parse, input: string, options: Record<string, unknown>): unknown {
  try {
    const result = parse(input, options);
    if (options.peg$library !== true) return { value: result };
    const library = result as LibraryResult;
    return {
      result: library.peg$result === library.peg$FAILED ? 'FAILED' : library.peg$result,
      currPos: library.peg$currPos,
      maxFailPos: library.peg$maxFailPos,
      maxFailExpected: library.peg$maxFailExpected,
      success: library.peg$success,
    };
  } catch (error) {
    return errorFields(error);
  }
}

/** Inputs made of a grammar's own strings, class edges and arbitrary text. */
function inputs(vocabulary: string[]): fc.Arbitrary<string> {
  const pieces = [
    ...vocabulary,
    ...['{', '}', '[', ']', '"', "'", ':', ',', ' ', '\t', '\n', '\r', '<', '>', '/', '=', '_'],
    ...['true', 'True', 'None', '0', '1', '-2.5e3', 'name', 'a', 'Z', '\\', '\\u00', '“', '”'],
    ...['‘', '’', '`', '´', '(', ')', '*', '+', '\u0000', '\u001f', 'é', '東', '\uD83D\uDE00'],
  ];
  return fc.oneof(
    fc.json(),
    fc.string({ maxLength: 30 }),
    fc
      .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 3 })), { maxLength: 30 })
      .map((parts) => parts.join('')),
  );
}

describe('grammars through the build rewrites', () => {
  it.each(NAMES)('%s gives the same outcome as peggy output', (name) => {
    const grammar = grammars.get(name);
    if (grammar === undefined) throw new Error(`grammar ${name} was not compiled`);
    fc.assert(
      fc.property(
        inputs(grammar.vocabulary),
        fc.constantFrom(...grammar.startRules),
        fc.boolean(),
        fc.nat(),
        fc.boolean(),
        (input, startRule, library, start, strict) => {
          const options: Record<string, unknown> = { startRule, strict };
          if (library) {
            options.peg$library = true;
            options.peg$currPos = start % (input.length + 1);
          }
          const expected = outcome(grammar.plain, input, { ...options });
          expect(outcome(grammar.rebuilt, input, { ...options })).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
