/**
 * The build drops the array peggy collects for a repeated character class when nothing reads it
 * (scripts/peggy-loops.ts). These tests compile small grammars with peggy's API, rewrite them,
 * and check which loops are rewritten and that both parsers give the same outcome, failures
 * (offset and expectations) included.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import peggy from 'peggy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoistParser } from '../../scripts/hoist-peggy.js';
import { rewriteClasses } from '../../scripts/peggy-classes.js';
import { rewriteLoops } from '../../scripts/peggy-loops.js';
import { outcome } from '../helpers/peggy-outcome.js';

type Parse = (input: string, options?: Record<string, unknown>) => unknown;

/**
 * Repetitions whose characters nothing reads (under `$(...)`) and ones whose array is read (a
 * label, a sequence's result, a rule's result), with failures after each so that the recorded
 * expectations matter.
 */
const GRAMMAR = String.raw`
Start = Text / Kept / Pair / Seq / Plus / Plain / Count / Ends / Skip / Took / Three / Over / Span / Upto / Till / Back / Wide
Text = "t:" t:$[a-z]* _ end:$[0-9]* ";" { return { t, end }; }
Kept = "k:" chars:[a-z]* ";" { return { chars }; }
Pair = "p:" _ key:$([a-z] [a-z0-9]*) _ "=" _ value:$[^;\n]* ";" { return { key, value }; }
Seq = "s:" [x]* "y"
Plus = "q:" w:$[a-z]+ _ n:$[0-9]+ ";" { return { w, n }; }
Plain = "l:" chars:[a-z]+ ";" { return chars; }
Count = "c:" [0-9]+ _ [a-z]+ ";" { return offset(); }
Ends = "e:" [0-9]+ [a-z]+
Skip = "n:" n:Digit .|{ return n; }| ";" { return offset(); }
Took = "m:" n:Digit chars:.|{ return n - 1; }| { return chars; }
Three = "h:" .|3| "x"
Over = "o:" n:Digit $(.|{ return n; }|) ";" { return offset(); }
Span = "r:" n:Digit t:$(.|{ return n; }|) { return t; }
Upto = "u:" t:$[^;]* ";" { return t; }
Till = "v:" $[^;]+ [^;]* ";" { return offset(); }
Back = "b:" [^;,]* "," [^;,]* ",!" { return 'first'; } / "b:" t:$[^;,]* "," u:$[^;,]* ";" { return t + ',' + u; }
Wide = "w:" t:$[^;,.!?]* ";" { return t; }
Digit = [0-9] { return Number(text()); }
_ = [ \t]*
`;

const ALPHABET = [...'tkpsqlce:;=xy ab0239\t\n', 'é', '\uD83D', '\uDE00'];

let directory = '';
let plainSource = '';
let rewrittenSource = '';
const parsers = new Map<string, Parse>();

function rewrite(source: string): string {
  return rewriteLoops(rewriteClasses(source, 'sample'), 'sample');
}

async function load(file: string, code: string): Promise<Parse> {
  writeFileSync(file, code);
  return ((await import(pathToFileURL(file).href)) as { parse: Parse }).parse;
}

function parser(variant: string): Parse {
  const found = parsers.get(variant);
  if (found === undefined) throw new Error(`parser ${variant} was not loaded`);
  return found;
}

/** The body of a rule function in generated code. */
function ruleText(source: string, rule: string): string {
  const start = source.indexOf(`function peg$parse${rule}() {`);
  const end = source.indexOf('\n  }\n', start);
  if (start < 0 || end < 0) throw new Error(`no rule ${rule}`);
  return source.slice(start, end);
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'peggy-loops-'));
  plainSource = peggy.generate(GRAMMAR, { output: 'source', format: 'es' });
  rewrittenSource = rewrite(plainSource);
  parsers.set('plain', await load(join(directory, 'plain.js'), plainSource));
  parsers.set('rewritten', await load(join(directory, 'rewritten.js'), rewrittenSource));
  parsers.set(
    'hoisted',
    await load(join(directory, 'hoisted.js'), hoistParser(rewrittenSource, 'sample')),
  );
});

afterAll(() => {
  if (directory !== '') rmSync(directory, { recursive: true, force: true });
});

/** A one-rule grammar's generated source after the class rewrite: what the loop rewrite reads. */
function classRewritten(grammar: string): string {
  return rewriteClasses(peggy.generate(grammar, { output: 'source', format: 'es' }), 'sample');
}

describe('rewriteLoops', () => {
  it('drops the array of a repetition only when nothing reads it', () => {
    const dropped = (rule: string): number =>
      ruleText(rewrittenSource, rule).split('advance only').length - 1;
    expect(dropped('Text')).toBe(2);
    // `[a-z0-9]*` is kept: the sequence array `[s5, s6]` reads it before `$` drops the sequence.
    expect(dropped('Pair')).toBe(1);
    // The rule's result is the array itself.
    expect(dropped('_')).toBe(0);
    expect(dropped('Kept')).toBe(0);
    expect(dropped('Seq')).toBe(0);
    // `$[class]+`: the array is only compared with peg$FAILED; a `+` whose array is a label stays.
    expect(dropped('Plus')).toBe(2);
    expect(dropped('Plain')).toBe(0);
    // `[class]+` in a sequence whose action takes no label: each array is only compared with
    // peg$FAILED. Without the action the sequence's result holds both arrays.
    expect(dropped('Count')).toBe(2);
    expect(dropped('Ends')).toBe(0);
    expect(ruleText(rewrittenSource, 'Plain')).toContain('.push(');
    expect(ruleText(rewrittenSource, 'Text')).not.toContain('.push(');
    expect(ruleText(rewrittenSource, 'Kept')).toContain('.push(');
  });

  it('gives the same outcome as peggy on named inputs', () => {
    const inputs = [
      't:abc 123;',
      't:;',
      't:ab c;',
      'k:abc;',
      'k:ab1;',
      'p: a1 = some value;',
      'p:a=;',
      'p:1=x;',
      's:xxxy',
      's:xxz',
      'q:abc 12;',
      'q:abc;',
      'q:;',
      'q:a 1x',
      'l:abc;',
      'l:;',
      'c:12 ab;',
      'c:12;',
      'c:ab;',
      'c:1 a',
      'e:12ab',
      'e:12',
      'n:3ab;;',
      'n:3ab',
      'n:0;',
      'n:2\uD83D\uDE00;',
      'm:3ab',
      'm:0',
      'm:9a',
      'h:abcx',
      'h:ab',
      'o:3ab;;',
      'o:3ab',
      'o:0;',
      'r:2\uD83D\uDE00',
      'r:9ab',
      'u:ab c;',
      'u:ab',
      'u:;',
      'v:ab;',
      'v:;',
      'v:a\uD83D',
      '',
    ];
    const parsed = inputs.filter((input) => 'value' in (outcome(parser('plain'), input) as object));
    expect(parsed.length).toBeGreaterThan(4);
    for (const input of inputs) {
      const expected = outcome(parser('plain'), input);
      expect(outcome(parser('rewritten'), input)).toEqual(expected);
      expect(outcome(parser('hoisted'), input)).toEqual(expected);
    }
  });

  it('gives the same outcome as peggy on random inputs', () => {
    const prefixes = fc.constantFrom(
      't:',
      'k:',
      'p:',
      's:',
      'q:',
      'l:',
      'c:',
      'e:',
      'n:',
      'm:',
      'h:',
      'o:',
      'r:',
      'u:',
      'v:',
      '',
    );
    const rest = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 16 });
    fc.assert(
      fc.property(prefixes, rest, (prefix, parts) => {
        const input = prefix + parts.join('');
        const expected = outcome(parser('plain'), input);
        expect(outcome(parser('rewritten'), input)).toEqual(expected);
        expect(outcome(parser('hoisted'), input)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same outcome as peggy on long runs, where a negated class is searched by its regex', () => {
    // Runs of letters longer than the units the predicate tests before the regex takes over.
    const long = fc.oneof(
      { weight: 20, arbitrary: fc.constantFrom('a', 'b', ' ', '\uD83D', 'é') },
      { weight: 1, arbitrary: fc.constantFrom(...ALPHABET) },
    );
    const prefixes = fc.constantFrom('p:', 'p: a = ', 't:', 'u:', 'v:', 'q:');
    fc.assert(
      fc.property(
        prefixes,
        fc.array(long, { minLength: 10, maxLength: 80, size: 'max' }),
        (prefix, parts) => {
          const input = prefix + parts.join('');
          const expected = outcome(parser('plain'), input);
          expect(outcome(parser('rewritten'), input)).toEqual(expected);
          expect(outcome(parser('hoisted'), input)).toEqual(expected);
        },
      ),
      { numRuns: 1000 },
    );
    // A class refusing two units is searched unit by unit; one refusing five by its regex.
    expect(ruleText(rewrittenSource, 'Pair')).toMatch(/at = peg\$inClass\d+Until\(input, at\)/);
    expect(ruleText(rewrittenSource, 'Wide')).toContain('Run.lastIndex');
    const value = `${'word '.repeat(20)}end`;
    expect(parser('rewritten')(`p:key=${value};`)).toEqual({ key: 'key', value });
    expect(parser('rewritten')(`w:${value};`)).toBe(value);
  });

  it('gives the same outcome as peggy on runs of a class of a few units, however far its units are', () => {
    // Runs long enough for the unit search, cut by the units the classes refuse: `Back` reads a
    // run past the first comma, fails, and reads again from the start.
    const run = fc
      .array(fc.constantFrom('a', 'b', ' ', 'é', '\uD83D'), { minLength: 0, maxLength: 40 })
      .map((units) => units.join(''));
    const cut = fc.constantFrom(',', ';', '!', '\n', '.', '');
    const prefixes = fc.constantFrom('b:', 'p: a = ', 'w:', 'u:');
    fc.assert(
      fc.property(prefixes, fc.array(fc.tuple(run, cut), { maxLength: 5 }), (prefix, parts) => {
        const input = prefix + parts.map(([text, end]) => text + end).join('');
        const expected = outcome(parser('plain'), input);
        expect(outcome(parser('rewritten'), input)).toEqual(expected);
        expect(outcome(parser('hoisted'), input)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
    const first = 'x'.repeat(20);
    const second = 'y'.repeat(20);
    expect(parser('hoisted')(`b:${first},${second},!`)).toBe('first');
    expect(parser('hoisted')(`b:${first},${second};`)).toBe(`${first},${second}`);
    // Units past the first window searched, and past the next ones, or nowhere.
    for (const length of [255, 256, 257, 1300, 70_000]) {
      const long = 'ab '.repeat(length).slice(0, length);
      expect([length, parser('hoisted')(`b:${long},${long};`)]).toEqual([
        length,
        `${long},${long}`,
      ]);
      expect([length, parser('hoisted')(`w:${long};`)]).toEqual([length, long]);
      expect([length, outcome(parser('hoisted'), `b:${long}`)]).toEqual([
        length,
        outcome(parser('plain'), `b:${long}`),
      ]);
    }
  });

  it('takes a counted repetition of any character in one step, its array kept for who reads it', () => {
    for (const rule of ['Skip', 'Took', 'Three']) {
      const text = ruleText(rewrittenSource, rule);
      expect([rule, text.includes('.split(')]).toEqual([rule, true]);
      expect(text).not.toContain('.push(');
    }
    // A class of every unit but one is skipped by one search for that unit.
    for (const rule of ['Upto', 'Till']) {
      const text = ruleText(rewrittenSource, rule);
      expect([rule, text.split('input.indexOf(";", peg$currPos)').length - 1]).toEqual([
        rule,
        rule === 'Till' ? 2 : 1,
      ]);
    }
    expect(ruleText(rewrittenSource, 'Pair')).not.toContain('input.indexOf(');
    // Under `$`, nothing reads the array: none is made.
    for (const rule of ['Over', 'Span']) {
      const text = ruleText(rewrittenSource, rule);
      expect([rule, text.includes('advance only'), text.includes('.split(')]).toEqual([
        rule,
        true,
        false,
      ]);
    }
    expect(parser('rewritten')('r:3a\uD83Db')).toBe('a\uD83Db');
    // What the label reads is the characters, as peggy collected them.
    expect(parser('rewritten')('m:4a\uD83Db')).toEqual(['a', '\uD83D', 'b']);
    expect(parser('plain')('m:4a\uD83Db')).toEqual(['a', '\uD83D', 'b']);
  });

  it('keeps the loop when the array is read later, also through a statement it does not know', () => {
    const source = classRewritten('Start = $[a-z]* "x"');
    expect(rewriteLoops(source, 'sample')).toContain('advance only');
    const loopEnd = 's1 = input.substring(s1, peg$currPos);';
    expect(source).toContain(loopEnd);
    const read = source.replace(loopEnd, `void s2.length; ${loopEnd}`);
    expect(rewriteLoops(read, 'sample')).not.toContain('advance only');
    const unknown = source.replace(loopEnd, `for (;;) break; ${loopEnd}`);
    expect(rewriteLoops(unknown, 'sample')).not.toContain('advance only');
  });

  it('keeps a `+` loop whose array is more than compared with peg$FAILED', () => {
    const source = classRewritten('Start = [a-z]+ "x" { return 1; }');
    expect(rewriteLoops(source, 'sample')).toContain('advance only');
    // The array is s1; the statement after the loop only compares it with peg$FAILED.
    const branch = 'if (s1 !== peg$FAILED) {\n      if (input.charCodeAt(peg$currPos) === 120) {';
    expect(source).toContain(branch);
    const read = source.replace(branch, branch.replace('{\n', '{ void s1.length;\n'));
    expect(rewriteLoops(read, 'sample')).not.toContain('advance only');
    // A condition that does more than compare counts as a read too.
    const condition = source.replace(branch, branch.replace(') {\n', ' && s1.length > 0) {\n'));
    expect(rewriteLoops(condition, 'sample')).not.toContain('advance only');
  });

  it('throws when the parser has no peg$parse', () => {
    expect(() => rewriteLoops('export const x = 1;', 'empty')).toThrow(/no top-level/);
  });
});
