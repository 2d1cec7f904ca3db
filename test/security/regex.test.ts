/**
 * No regular expression with catastrophic backtracking runs on model text. Checked with a real
 * tool: eslint-plugin-regexp's `no-super-linear-backtracking` and `no-super-linear-move` over
 * every source file (the repository's eslint config enables both for `npx eslint .`; this test
 * runs just those two, so it fails on a regex even while unrelated lint is red). The grammars'
 * generated parsers are excluded from lint; peggy compiles a character class to a one-character
 * test, which this test checks on the generated code instead. The build turns most of those
 * tests into char-code predicates (scripts/peggy-classes.ts, proven equal to the regex on every
 * code unit when the grammars are built); whatever regex is left must still read one character.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const GENERATED = join(ROOT, 'src/generated');

/** Every `.ts` file under `src/`, the generated parsers aside. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && path !== GENERATED) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.ts')) files.push(path);
    }
  };
  walk(join(ROOT, 'src'));
  return files;
}

describe('regular expressions on model text', () => {
  it('should find no super-linear backtracking or move in any source file', async () => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
        {
          plugins: { regexp },
          rules: {
            'regexp/no-super-linear-backtracking': 'error',
            'regexp/no-super-linear-move': 'error',
          },
        },
      ],
    });
    // The rules are live: a textbook catastrophic pattern is caught.
    const [probe] = await eslint.lintText('export const bad = /^(a+)+b$/;', {
      filePath: join(ROOT, 'src/probe.ts'),
    });
    expect(probe?.messages.map((message) => message.ruleId)).toContain(
      'regexp/no-super-linear-backtracking',
    );
    const files = sourceFiles();
    const results = await eslint.lintFiles(files);
    const findings = results.flatMap((result) =>
      result.messages.map(
        (message) =>
          `${relative(ROOT, result.filePath)}:${message.line} ${message.ruleId ?? 'parse'}: ${message.message}`,
      ),
    );
    expect(findings).toEqual([]);
    expect(results.length).toBe(files.length);
    expect(files.length).toBeGreaterThan(150);
  });

  it('should compile every grammar character class to a test of one character', () => {
    const definitions: string[] = [];
    const tests: string[] = [];
    let predicates = 0;
    for (const name of readdirSync(GENERATED).filter((file) => file.endsWith('.js'))) {
      const code = readFileSync(join(GENERATED, name), 'utf8');
      // Declarations only: the predicates' comments quote the regex they replace.
      for (const match of code.matchAll(/(?:const|let|var) peg\$r\d+ = (\/[^\n;]*\/[a-z]*);/g))
        definitions.push(`${name}: ${match[1]}`);
      for (const match of code.matchAll(/peg\$r\d+\.test\(([^)]*)\)/g))
        tests.push(`${name}: ${match[1]}`);
      predicates += [...code.matchAll(/function peg\$inClass\d+\(c\)/g)].length;
    }
    // The classes became predicates: no regex runs for them on model text at all.
    expect(predicates).toBeGreaterThan(50);
    // One anchored class, no quantifier, group or alternation: at most one character is read.
    const singleClass = /^[\w.-]+: \/\^\[(?:[^\]\\]|\\.)*\]\/[iu]*$/;
    expect(definitions.filter((definition) => !singleClass.test(definition))).toEqual([]);
    // Each is applied to a one-character string (peggy reads `input.charAt(pos)` into `sN`).
    expect(tests.filter((test) => !/: (?:s\d+|input\.charAt\(peg\$currPos\))$/.test(test))).toEqual(
      [],
    );
  });
});
