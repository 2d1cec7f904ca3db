/**
 * The build replaces peggy's regex test of a character class by a char-code predicate
 * (scripts/peggy-classes.ts). These tests compile small grammars with peggy's API, rewrite them,
 * and check the rewritten text's shape, that both parsers give the same outcome on the same
 * inputs, and that what the pass cannot handle is left alone or refused.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import peggy from 'peggy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoistParser } from '../../scripts/hoist-peggy.js';
import { acceptedRanges, provePredicate, rewriteClasses } from '../../scripts/peggy-classes.js';
import { outcome } from '../helpers/peggy-outcome.js';

type Parse = (input: string, options?: Record<string, unknown>) => unknown;

/**
 * Classes of every kind the pass meets: plain, negated, ranges, escapes, case-insensitive (whose
 * non-unicode folding differs from a naive one on `ſ` and the Kelvin sign), above ASCII, inside
 * lookaheads, and one `u` class it must leave alone.
 */
const GRAMMAR = String.raw`
Start = head:Item tail:(_ "," _ @Item)* _ { return [head, ...tail]; }
Item = Word / Quoted / Number / Curly / Emoji / Other
Word = w:$[a-z_]i+ { return { word: w }; }
Quoted = '"' s:$[^"\\\0-\x1F]* '"' { return { quoted: s }; }
Number = &[0-9-] n:$("-"? [0-9]+ ([.] [0-9]+)?) ![a-z] { return { number: n }; }
Curly = [\u201C\u201D] s:$[^\u201C\u201D\n]* [\u201C\u201D] { return { curly: s }; }
Emoji = e:$[\u{1F600}-\u{1F64F}]u { return { emoji: e }; }
Other = o:$[^ \t\r\n,a-zA-Z0-9"\u201C\u201D]+ { return { other: o }; }
_ = [ \t\r\n]*
`;

/** Characters the inputs are drawn from: class edges, surrogates and case-folding traps. */
const ALPHABET = [
  ...'azAZ_09-.,"\\ \t\r\n\u0000\u001f\u007f',
  '\u201C',
  '\u201D',
  '\u017F',
  '\u212A',
  '\u0131',
  '\uD83D',
  '\uDE00',
  '\uFFFF',
  '\uD83D\uDE00',
];

let directory = '';
let plainSource = '';
let rewrittenSource = '';
const parsers: Record<'plain' | 'rewritten' | 'both', Parse | undefined> = {
  plain: undefined,
  rewritten: undefined,
  both: undefined,
};

function compile(grammar: string): string {
  return peggy.generate(grammar, { output: 'source', format: 'es' });
}

async function load(file: string, code: string): Promise<Parse> {
  writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as { parse: Parse }).parse;
}

function parser(variant: keyof typeof parsers): Parse {
  const found = parsers[variant];
  if (found === undefined) throw new Error(`parser ${variant} was not loaded`);
  return found;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'peggy-classes-'));
  plainSource = compile(GRAMMAR);
  rewrittenSource = rewriteClasses(plainSource, 'sample');
  parsers.plain = await load(join(directory, 'plain.js'), plainSource);
  parsers.rewritten = await load(join(directory, 'rewritten.js'), rewrittenSource);
  parsers.both = await load(join(directory, 'both.js'), hoistParser(rewrittenSource, 'sample'));
});

afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true });
});

describe('rewriteClasses', () => {
  it('replaces every code-unit class test and drops its regex, keeping the u class', () => {
    const regexes = [...plainSource.matchAll(/const (peg\$r\d+) = (\/.*\/[a-z]*);/g)];
    const unicode = regexes.filter(([, , literal]) => literal?.endsWith('/u'));
    expect(unicode).toHaveLength(1);
    expect(regexes.length).toBeGreaterThan(5);
    for (const [, name, literal] of regexes) {
      const uses = rewrittenSource.split(`${name}.test(`).length - 1;
      if (literal?.endsWith('/u')) {
        expect(rewrittenSource).toContain(`const ${name} = ${literal};`);
        expect(uses).toBeGreaterThan(0);
      } else {
        expect(rewrittenSource).not.toContain(`const ${name} =`);
        // The replaced regex is named above its predicate (test/security/regex.test.ts reads it).
        expect(rewrittenSource).toContain(`// Replaces ${name} = ${literal};`);
        expect(uses).toBe(0);
        const index = (name ?? '').slice('peg$r'.length);
        expect(rewrittenSource).toContain(`function peg$inClass${index}(c) {`);
        expect(rewrittenSource).toMatch(
          new RegExp(`if \\(peg\\$inClass${index}\\(s\\d+\\.charCodeAt\\(0\\)\\)\\)`),
        );
      }
    }
  });

  it('gives the same outcome as peggy on named inputs', () => {
    const inputs = [
      '',
      'abc',
      'ABC_x, "q r", -1.5, 7',
      '"q\\"',
      'ſ',
      'K, ı',
      '\u201Cquoted\u201D',
      '\uD83D\uDE00',
      '\uD83D',
      '"\u0000"',
      '1a',
      '-',
      '  word  ',
      '\uFFFF',
    ];
    const parsed = inputs.filter((input) => 'value' in (outcome(parser('plain'), input) as object));
    expect(parsed).toEqual(
      expect.arrayContaining(['abc', 'ABC_x, "q r", -1.5, 7', '\uD83D\uDE00']),
    );
    for (const input of inputs) {
      const expected = outcome(parser('plain'), input);
      expect(outcome(parser('rewritten'), input)).toEqual(expected);
      expect(outcome(parser('both'), input)).toEqual(expected);
    }
  });

  it('gives the same outcome as peggy on random inputs', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }), (parts) => {
        const input = parts.join('');
        const expected = outcome(parser('plain'), input);
        expect(outcome(parser('rewritten'), input)).toEqual(expected);
        expect(outcome(parser('both'), input)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('rewrites a test of input.charAt(peg$currPos) made without a variable', () => {
    const source = compile('Start = [a-c]');
    // Peggy tests the variable it just assigned; the same test written on the call itself.
    const direct = source.replace(
      'if (peg$r0.test(s0)) {',
      'if (peg$r0.test(input.charAt(peg$currPos))) {',
    );
    expect(direct).not.toBe(source);
    expect(rewriteClasses(direct, 'direct')).toContain(
      'if (peg$inClass0(input.charCodeAt(peg$currPos))) {',
    );
  });

  it('leaves a parser without code-unit classes unchanged', () => {
    const source = compile('Start = "a" [\\u{1F600}]u .');
    expect(rewriteClasses(source, 'unicode')).toBe(source);
    const literals = compile('Start = "a"+ .');
    expect(rewriteClasses(literals, 'literals')).toBe(literals);
  });

  it('keeps a class regex that is used other than by a test, and still rewrites its tests', () => {
    const source = compile('Start = [a-c]+ { return String(peg$r0); }');
    const rewritten = rewriteClasses(source, 'kept');
    expect(rewritten).toContain('const peg$r0 = /^[a-c]/;');
    expect(rewritten).toContain('peg$inClass0(');
    expect(rewritten).not.toContain('peg$r0.test(');
  });

  it('throws when a class regex tests something other than the current character', () => {
    const source = compile('Start = [a-c]').replace('peg$r0.test(s0)', 'peg$r0.test(other)');
    expect(() => rewriteClasses(source, 'odd')).toThrow(/does not test input\.charAt/);
  });

  it('throws when a class regex is not declared in peg$parse', () => {
    const source = compile('Start = [a-c]');
    const moved = source
      .replace('const peg$r0 = /^[a-c]/;', '')
      .replace('function peg$parse(', 'const peg$r0 = /^[a-c]/;\nfunction peg$parse(');
    expect(moved).not.toBe(source);
    expect(() => rewriteClasses(moved, 'moved')).toThrow(/not declared in peg\$parse/);
  });

  it('throws when the parser already uses the predicate names or has no peg$parse', () => {
    const source = compile('Start = [a-c]');
    expect(() => rewriteClasses(`${source}\nconst peg$inClass0 = 1;`, 'taken')).toThrow(
      /already uses/,
    );
    expect(() => rewriteClasses('export const x = 1;', 'empty')).toThrow(/no top-level/);
  });
});

describe('acceptedRanges and provePredicate', () => {
  it('reads the ranges a regex accepts, with non-unicode case folding', () => {
    expect(acceptedRanges(/^[ \t\r\n]/)).toEqual([
      [9, 10],
      [13, 13],
      [32, 32],
    ]);
    expect(acceptedRanges(/^[^<]/)).toEqual([
      [0, 59],
      [61, 0xffff],
    ]);
    // Without `u`, `ſ` and the Kelvin sign fold to nothing in a-z (they would with `u`).
    expect(acceptedRanges(/^[a-c]/i)).toEqual([
      [65, 67],
      [97, 99],
    ]);
  });

  it('refuses a predicate that differs from its regex on a code unit or the empty string', () => {
    const wrongUnit = 'function p(c) { return c >= 97 && c <= 121; }';
    expect(() => provePredicate(wrongUnit, 'p', /^[a-z]/, 'sample')).toThrow(/code unit 122/);
    const wrongEmpty = 'function p(c) { return !(c === 60); }';
    expect(() => provePredicate(wrongEmpty, 'p', /^[^<]/, 'sample')).toThrow(
      /empty string \(NaN\)/,
    );
    const right = 'function p(c) { return c < 60 || c > 60; }';
    expect(() => provePredicate(right, 'p', /^[^<]/, 'sample')).not.toThrow();
  });
});
