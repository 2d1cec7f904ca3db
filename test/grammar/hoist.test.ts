/**
 * The build rewrites every generated parser (scripts/hoist-peggy.ts) so that a call reuses one
 * parser instance. These tests compile grammars twice, as peggy writes them and rewritten, and
 * check that both give the same result or the same error on the same input and options.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import peggy from 'peggy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoistParser } from '../../scripts/hoist-peggy.js';

type Parse = (input: string, options?: Record<string, unknown>) => unknown;

interface Pair {
  plain: Parse;
  hoisted: Parse;
  startRules: string[];
  vocabulary: string[];
}

/** Grammars compared: json (initializer, depth guard), ones importing others, plain ones. */
const GRAMMARS = ['json', 'python_call', 'pythonic', 'xml_invoke', 'markup', 'kimi_k2', 'hermes'];

/** A grammar whose action can parse again with the same parser while a call is running. */
const REENTRANT_GRAMMAR = `
{ const calls = [];  }
Start = a:Word "," b:Word { return { a, b, calls, end: offset() }; }
Word = word:$[a-z]+ { calls.push(word); return options.inner ? options.inner(word) : word; }
`;

const root = join(import.meta.dirname, '..', '..');
let directory = '';
const pairs = new Map<string, Pair>();

function startRulesOf(source: string): string[] {
  return [...source.matchAll(/^\/\/ @start (\w+):/gm)].map((found) => found[1] ?? '');
}

/** The quoted strings of a grammar: markers and keywords its inputs are made of. */
function vocabularyOf(source: string): string[] {
  const found = [...source.matchAll(/"((?:[^"\\\n]|\\.)+)"/g)].map((match) =>
    (match[1] ?? '').replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\'),
  );
  return [...new Set(found)];
}

async function load(file: string): Promise<Parse> {
  const module = (await import(pathToFileURL(file).href)) as { parse: Parse };
  return module.parse;
}

function compileTo(source: string, startRules: string[], file: string, hoist: boolean): void {
  const code = peggy.generate(source, {
    output: 'source',
    format: 'es',
    allowedStartRules: startRules,
    grammarSource: file,
  });
  writeFileSync(file, hoist ? hoistParser(code, file) : code);
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'hoist-'));
  for (const variant of ['plain', 'hoisted']) mkdirSync(join(directory, variant));
  for (const name of GRAMMARS) {
    const source = readFileSync(join(root, 'grammar', `${name}.peggy`), 'utf8');
    const startRules = startRulesOf(source);
    for (const variant of ['plain', 'hoisted']) {
      compileTo(source, startRules, join(directory, variant, `${name}.js`), variant === 'hoisted');
    }
    pairs.set(name, {
      plain: await load(join(directory, 'plain', `${name}.js`)),
      hoisted: await load(join(directory, 'hoisted', `${name}.js`)),
      startRules,
      vocabulary: vocabularyOf(source),
    });
  }
  for (const variant of ['plain', 'hoisted']) {
    const file = join(directory, variant, 'reentrant.js');
    compileTo(REENTRANT_GRAMMAR, ['Start'], file, variant === 'hoisted');
  }
});

afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true });
});

function pair(name: string): Pair {
  const found = pairs.get(name);
  if (found === undefined) throw new Error(`grammar ${name} was not compiled`);
  return found;
}

/** What an error says, in comparable form. */
function describeError(error: unknown): unknown {
  if (!(error instanceof Error)) return { thrown: error };
  const fields = error as Error & { expected?: unknown; found?: unknown; location?: unknown };
  return {
    name: error.name,
    message: error.message,
    expected: fields.expected,
    found: fields.found,
    location: fields.location,
  };
}

interface LibraryResult {
  peg$result: unknown;
  peg$FAILED: unknown;
  peg$currPos: number;
  peg$maxFailPos: number;
  peg$maxFailExpected: unknown;
  peg$success: boolean;
  peg$throw?: () => never;
}

/**
 * Runs a parser and describes the outcome. In library mode the deferred error is thrown after
 * another call (`between`), which a reused instance must not let change it.
 */
function outcome(
  parse: Parse,
  input: string,
  options: Record<string, unknown>,
  between = '',
): unknown {
  try {
    const result = parse(input, options);
    if (options.peg$library !== true) return { value: result };
    const library = result as LibraryResult;
    let deferred: unknown;
    if (library.peg$throw !== undefined) {
      try {
        parse(between, { startRule: options.startRule });
      } catch {
        // Only the deferred error of the first call is compared.
      }
      try {
        library.peg$throw();
      } catch (error) {
        deferred = describeError(error);
      }
    }
    return {
      result: library.peg$result === library.peg$FAILED ? 'FAILED' : library.peg$result,
      currPos: library.peg$currPos,
      maxFailPos: library.peg$maxFailPos,
      maxFailExpected: library.peg$maxFailExpected,
      success: library.peg$success,
      deferred,
    };
  } catch (error) {
    return { error: describeError(error) };
  }
}

/** Inputs made of a grammar's own strings, JSON bits and arbitrary text. */
function inputs(vocabulary: string[]): fc.Arbitrary<string> {
  const pieces = [
    ...vocabulary,
    ...['{', '}', '[', ']', '"', "'", ':', ',', ' ', '\n', 'true', 'True', 'None', '1', '-2.5e3'],
    ...['//', '/*', '*/', '\\', '\\u00', '“', '”', '`', '...', '(', ')', ';', '+', 'a', 'name'],
  ];
  return fc.oneof(
    fc.json(),
    fc.string({ maxLength: 40 }),
    fc
      .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 4 })), { maxLength: 30 })
      .map((parts) => parts.join('')),
  );
}

describe('hoisted parsers', () => {
  it.each(GRAMMARS)('should give the same result or error as peggy output for %s', (name) => {
    const { plain, hoisted, startRules, vocabulary } = pair(name);
    fc.assert(
      fc.property(
        inputs(vocabulary),
        fc.constantFrom(...startRules),
        fc.boolean(),
        fc.nat(),
        fc.record({ strict: fc.boolean(), maxDepth: fc.constantFrom(1, 2, 5, 256) }),
        inputs(vocabulary),
        (input, startRule, library, start, extra, between) => {
          const options: Record<string, unknown> = { startRule, ...extra };
          if (library) {
            options.peg$library = true;
            options.peg$currPos = start % (input.length + 1);
          }
          const expected = outcome(plain, input, { ...options }, between);
          expect(outcome(hoisted, input, { ...options }, between)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should read the same repairs as peggy output on a payload needing three repairs', () => {
    const { plain, hoisted } = pair('json');
    const payload =
      '{"name": "set_alarm", "arguments": {time: "07:00", "repeat": True, "days": ["mon",],}}';
    const options = { startRule: 'Document' };
    expect(outcome(hoisted, payload, options)).toEqual(outcome(plain, payload, options));
    expect(outcome(hoisted, payload, options)).toMatchObject({ value: { type: 'document' } });
  });

  it('should start the call after a too-deep error from a clean state', () => {
    const { plain, hoisted } = pair('json');
    const options = { startRule: 'Document', maxDepth: 2 };
    for (const input of ['[[[[1]]]]', '[[1]]', '{"a": [[', '[1]']) {
      expect(outcome(hoisted, input, options)).toEqual(outcome(plain, input, options));
    }
    expect(outcome(hoisted, '[[1]]', options)).toMatchObject({ value: { type: 'document' } });
  });

  it('should give a call made during another call its own parser state', async () => {
    const plain = await load(join(directory, 'plain', 'reentrant.js'));
    const hoisted = await load(join(directory, 'hoisted', 'reentrant.js'));
    const run = (parse: Parse): unknown =>
      outcome(parse, 'ab,cd', {
        inner: (word: string) => (word === 'ab' ? parse('xyzxyz,uvw') : word),
      });
    expect(run(hoisted)).toEqual(run(plain));
    expect(run(hoisted)).toEqual({
      value: {
        a: { a: 'xyzxyz', b: 'uvw', calls: ['xyzxyz', 'uvw'], end: 0 },
        b: 'cd',
        calls: ['ab', 'cd'],
        end: 0,
      },
    });
  });

  it("should keep a library call's deferred error after the parser ran again", () => {
    const { plain, hoisted } = pair('json');
    const options = { startRule: 'JsonValue', strict: true, peg$library: true, peg$currPos: 2 };
    const expected = outcome(plain, 'x {"a" 1', options, '{"b": [}');
    expect(outcome(hoisted, 'x {"a" 1', options, '{"b": [}')).toEqual(expected);
    expect(expected).toMatchObject({ deferred: { name: 'SyntaxError' } });
  });

  it('should share expectations that no caller can change', () => {
    const { hoisted } = pair('json');
    try {
      hoisted('{"a" 1', { startRule: 'Document', strict: true });
      expect.unreachable('strict JSON with a missing colon parsed');
    } catch (error) {
      const expected = (error as { expected: object[] }).expected;
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.every((item) => Object.isFrozen(item))).toBe(true);
    }
  });

  it('should refuse code that does not have the shape peggy generates', () => {
    expect(() => hoistParser('export const parse = () => 1;', 'odd')).toThrow(/no top-level/);
    const generated = peggy.generate('Start = "a"', { output: 'source', format: 'es' });
    const changed = generated.replace('peg$success ? undefined : peg$throw', 'undefined');
    expect(() => hoistParser(changed, 'changed')).toThrow(/library result/);
  });
});
