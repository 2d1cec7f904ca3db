/**
 * Measures the JSON module on the shared corpora (read in place, never copied):
 * `jsontestsuite.jsonl` in strict mode through the grammar itself (not `JSON.parse`), and
 * `jsonrepair.jsonl` in lenient mode through `parseJson`. Every failure gets a named category.
 *
 * Usage: `npx tsx scripts/json-corpus.ts /work/shared/conformance/json`
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { parse as parseGrammar } from '../src/generated/json.js';
import { parseJson } from '../src/json/index.js';

/** One failed case and why, see {@link runJsonCorpus}. */
export interface CorpusFailure {
  id: string;
  category: string;
}

/** The numbers for one corpus file. */
export interface CorpusReport {
  total: number;
  passed: number;
  failed: number;
  failures: CorpusFailure[];
}

/**
 * jsonrepair behaviours this project does not copy, by the test group the case comes from
 * (the group is the case id without its `-N` suffix) or by case. Each entry says why.
 */
const KNOWN_DIFFERENCES: ReadonlyArray<readonly [group: string, category: string]> = [
  [
    'parse-valid-json-parse-number-5',
    'corpus cannot write -0 (JSON lines give 0, JSON.parse gives -0)',
  ],
  [
    'should-add-remove-escape-characters',
    'invalid escape kept literally (project rule: `\\a` stays `\\a`)',
  ],
  [
    'should-throw-an-exception-in-case-of-non-repairable-issues',
    'raw control character accepted (lenient mode reads control characters)',
  ],
  ['should-repair-escaped-string-contents', 'whole document escaped (`\\"a\\"`) not unescaped'],
  ['should-strip-invalid-markdown-fenced-code-blocks', 'fence inside brackets not repaired'],
  ['should-repair-regular-expressions', 'regular expression literal not repaired'],
  [
    'should-escape-quotes-in-repaired-regular-expressions',
    'regular expression literal not repaired',
  ],
  [
    'should-escape-unescaped-double-quotes',
    'unescaped quote followed by a delimiter ends the string',
  ],
  [
    'should-escape-unescaped-double-quotes-in-the-middle-of-a-string',
    'unescaped quote followed by a delimiter ends the string',
  ],
  ['should-concatenate-strings', 'concatenation with a missing quote'],
  ['should-add-missing-end-quote', 'missing end quote heuristics'],
  ['should-repair-truncated-json', 'cut-off surrogate escape in a key'],
];

interface JsonTestSuiteCase {
  id: string;
  input: string;
  expect: 'accept' | 'reject' | 'either';
}

interface JsonRepairCase {
  id: string;
  input: string;
  expected: unknown;
}

function readLines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

function acceptsStrictly(input: string): boolean {
  try {
    parseGrammar(input, { startRule: 'Document', strict: true });
    return true;
  } catch {
    return false;
  }
}

function categorize(id: string, fallback: string): string {
  const name = id.replace(/^jsonrepair\//, '').replace(/^repair-invalid-json-/, '');
  const group = name.replace(/-\d+$/, '');
  const known = KNOWN_DIFFERENCES.find(([key]) => key === name || key === group);
  return known ? known[1] : `${fallback}: ${group}`;
}

/**
 * Runs one corpus file: a JSONTestSuite file strictly through the grammar, a jsonrepair file
 * leniently through `parseJson` (recognised by its cases' fields).
 *
 * @param file - Path of `jsontestsuite.jsonl` or `jsonrepair.jsonl`.
 * @returns Totals and every failure with its category. `either` cases of JSONTestSuite count as
 * passed whatever the outcome (the RFC leaves them to the parser).
 * @example
 * ```ts
 * runJsonCorpus('/work/shared/conformance/json/jsontestsuite.jsonl').failed; // 0
 * ```
 */
export function runJsonCorpus(file: string): CorpusReport {
  const cases = readLines<Partial<JsonTestSuiteCase & JsonRepairCase>>(file);
  const failures: CorpusFailure[] = [];
  for (const item of cases) {
    const id = item.id ?? '?';
    const input = item.input ?? '';
    if (item.expect !== undefined) {
      if (item.expect === 'either') continue;
      const accepted = acceptsStrictly(input);
      if (accepted !== (item.expect === 'accept')) {
        failures.push({
          id,
          category: accepted
            ? 'strict grammar accepted invalid JSON'
            : 'strict grammar rejected valid JSON',
        });
      }
      continue;
    }
    const outcome = parseJson(input);
    const wantsError = isDeepStrictEqual(item.expected, { error: true });
    if (wantsError) {
      if (outcome.ok)
        failures.push({ id, category: categorize(id, 'repaired what jsonrepair refuses') });
    } else if (!outcome.ok) {
      failures.push({ id, category: categorize(id, 'not repaired') });
    } else if (!isDeepStrictEqual(outcome.value, item.expected)) {
      failures.push({ id, category: categorize(id, 'repaired differently') });
    }
  }
  return {
    total: cases.length,
    passed: cases.length - failures.length,
    failed: failures.length,
    failures,
  };
}

function printReport(name: string, report: CorpusReport): void {
  const rate = report.total === 0 ? 0 : (100 * report.passed) / report.total;
  console.log(
    `${name}: ${report.passed}/${report.total} passed (${rate.toFixed(1)}%), ${report.failed} failed`,
  );
  const counts = new Map<string, string[]>();
  for (const failure of report.failures)
    counts.set(failure.category, [...(counts.get(failure.category) ?? []), failure.id]);
  for (const [category, ids] of [...counts].sort(
    (left, right) => right[1].length - left[1].length,
  )) {
    console.log(`  ${ids.length}  ${category}`);
    if (process.env.VERBOSE) for (const id of ids) console.log(`       ${id}`);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const directory = process.argv[2];
  if (directory === undefined) {
    console.error(
      'usage: npx tsx scripts/json-corpus.ts <directory with jsontestsuite.jsonl and jsonrepair.jsonl>',
    );
    process.exit(2);
  }
  for (const file of ['jsontestsuite.jsonl', 'jsonrepair.jsonl']) {
    printReport(basename(file, '.jsonl'), runJsonCorpus(join(directory, file)));
  }
}
