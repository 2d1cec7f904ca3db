/**
 * Compiles every `grammar/*.peggy` into `src/generated/<name>.js` plus its `.d.ts`, through the
 * peggy CLI (the only way to get typed parsers: `--dts --return-types`).
 *
 * Each grammar declares its start rules and their TypeScript types in header comments:
 *
 *     // @start Section: import('../formats/hermes/ast.js').HermesSection
 *
 * Each parser is then rewritten: by `peggy-classes.ts`, so that a character class is tested on the
 * char code instead of by a regex (each predicate proven against its regex on every code unit);
 * by `peggy-loops.ts`, so that a repeated class whose characters nothing reads does not collect
 * them; then by `hoist-peggy.ts`, so that a call reuses the parser's constants and functions
 * instead of rebuilding them. A grammar whose output cannot be rewritten fails.
 *
 * Usage: `npm run grammars [-- <name>...]` (no names: every grammar). A grammar that fails to
 * compile is reported and the script exits 1 after trying the others, so one broken grammar does
 * not hide the state of the rest.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hoistParser } from './hoist-peggy.js';
import { rewriteClasses } from './peggy-classes.js';
import { rewriteLoops } from './peggy-loops.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where grammars live and where their parsers go: the library's own, and the example of a
 * user-defined format (compiled by the same script, as a user's build would compile theirs).
 */
const targets = [
  { grammars: join(root, 'grammar'), output: join(root, 'src', 'generated') },
  {
    grammars: join(root, 'examples', 'custom-format'),
    output: join(root, 'examples', 'custom-format', 'generated'),
  },
];
const peggyBin = join(root, 'node_modules', 'peggy', 'bin', 'peggy.js');

interface StartRule {
  name: string;
  type: string;
}

/** Reads the `// @start Rule: Type` lines of a grammar's header. */
function readStartRules(source: string, file: string): StartRule[] {
  const rules: StartRule[] = [];
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('//')) {
      if (trimmed === '') continue;
      break;
    }
    const body = trimmed.slice(2).trim();
    if (!body.startsWith('@start ')) continue;
    const rest = body.slice('@start '.length);
    const colon = rest.indexOf(':');
    if (colon <= 0) throw new Error(`${file}: "@start" needs "Rule: Type", got "${rest}"`);
    rules.push({ name: rest.slice(0, colon).trim(), type: rest.slice(colon + 1).trim() });
  }
  if (rules.length === 0) throw new Error(`${file}: no "// @start Rule: Type" line in the header`);
  return rules;
}

function compile(name: string, grammarDirectory: string, outputDirectory: string): void {
  const file = join(grammarDirectory, `${name}.peggy`);
  const output = join(outputDirectory, `${name}.js`);
  const rules = readStartRules(readFileSync(file, 'utf8'), `grammar/${name}.peggy`);
  const returnTypes = Object.fromEntries(rules.map((rule) => [rule.name, rule.type]));
  execFileSync(
    process.execPath,
    [
      peggyBin,
      '--format',
      'es',
      '--dts',
      '--return-types',
      JSON.stringify(returnTypes),
      '--allowed-start-rules',
      rules.map((rule) => rule.name).join(','),
      '-o',
      output,
      file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  // Peggy runs a regex per character of a class: compare char codes instead. It collects the
  // characters of a repeated class also when nothing reads them: skip that. And it rebuilds
  // every constant and rule function on each call: build them once instead.
  const classes = rewriteClasses(readFileSync(output, 'utf8'), name);
  writeFileSync(output, hoistParser(rewriteLoops(classes, name), name));
}

const requested = process.argv.slice(2);
const failed: string[] = [];
let compiled = 0;
for (const target of targets) {
  const available = readdirSync(target.grammars)
    .filter((entry) => entry.endsWith('.peggy'))
    .map((entry) => entry.slice(0, -'.peggy'.length))
    .sort();
  const names =
    requested.length > 0 ? available.filter((name) => requested.includes(name)) : available;
  if (names.length === 0) continue;
  mkdirSync(target.output, { recursive: true });
  for (const name of names) {
    try {
      compile(name, target.grammars, target.output);
      compiled += 1;
    } catch (error) {
      failed.push(name);
      console.error(`grammar ${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
console.log(`grammars: ${compiled} compiled, ${failed.length} failed`);
if (failed.length > 0) process.exit(1);
