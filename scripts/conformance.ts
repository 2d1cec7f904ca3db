/**
 * `npm run conformance -- [--json] [--verbose] [--check] [--write-baseline] <file-or-dir>...`
 *
 * Runs the conformance corpus (read from where it lives, never copied here) and prints a table per
 * file and per format, then `conformance: N passed, M failed` (forced mode).
 * `--check` fails when a file's forced-mode pass count is below `conformance/baseline.json`, so
 * progress is locked in; `--write-baseline` records the current counts there.
 * Failures listed in `conformance/known-differences.json` are marked with their reason.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listCorpusFiles, readCorpusFile } from '../src/conformance/corpus.js';
import {
  runConformance,
  type CaseOutcome,
  type CaseSettings,
  type Tally,
} from '../src/conformance/run.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const baselinePath = join(root, 'conformance', 'baseline.json');
const differencesPath = join(root, 'conformance', 'known-differences.json');
const settingsPath = join(root, 'conformance', 'case-settings.json');

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const paths = args.filter((arg) => !arg.startsWith('--'));
if (paths.length === 0) {
  console.error(
    'usage: npm run conformance -- [--json] [--verbose] [--check] [--write-baseline] <file-or-dir>...',
  );
  process.exit(2);
}

const differences: Record<string, string> = existsSync(differencesPath)
  ? (JSON.parse(readFileSync(differencesPath, 'utf8')) as Record<string, string>)
  : {};
// `--defaults` runs every case with the library's defaults, ignoring the source tests' settings.
const settings: Record<string, CaseSettings> =
  flags.has('--defaults') || !existsSync(settingsPath)
    ? {}
    : (JSON.parse(readFileSync(settingsPath, 'utf8')) as Record<string, CaseSettings>);
const files = readCorpus(paths);
const failed: { file: string; outcome: CaseOutcome }[] = [];
const report = runConformance(
  files,
  (file, outcome) => {
    if (!outcome.forced || !outcome.auto) failed.push({ file, outcome });
  },
  settings,
);

if (flags.has('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  printTable('file', report.files);
  printTable('format', report.formats);
  if (flags.has('--verbose')) {
    for (const { outcome } of failed) {
      const mode = outcome.forced ? 'auto only' : 'forced';
      const reason = differences[outcome.id];
      console.log(
        `FAIL ${outcome.id} [${mode}]${reason === undefined ? '' : ` (known: ${reason})`}`,
      );
      if (outcome.detail !== undefined) console.log(`     ${outcome.detail.slice(0, 400)}`);
    }
  }
  const autoLine = `auto: ${report.autoPassed}/${report.total}`;
  console.log(
    `${autoLine}; forced failures with a recorded reason: ${report.failures.filter((id) => id in differences).length}`,
  );
  console.log(`conformance: ${report.passed} passed, ${report.failed} failed`);
}

if (flags.has('--write-baseline')) {
  const baseline = Object.fromEntries(
    Object.entries(report.files).map(([name, tally]) => [name, tally.passed]),
  );
  writeFileSync(baselinePath, `${JSON.stringify(baseline, null, 2)}\n`);
  console.error(`baseline written to conformance/baseline.json`);
}

if (flags.has('--check')) {
  const baseline = existsSync(baselinePath)
    ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as Record<string, number>)
    : {};
  let regressed = false;
  for (const [name, minimum] of Object.entries(baseline)) {
    const tally = report.files[name];
    if (tally === undefined) continue;
    if (tally.passed < minimum) {
      console.error(
        `conformance regression: ${name} passes ${tally.passed}, the baseline is ${minimum}`,
      );
      regressed = true;
    }
  }
  if (regressed) process.exit(1);
}

function printTable(label: string, rows: Record<string, Tally>): void {
  const names = Object.keys(rows).sort();
  const width = Math.max(label.length, ...names.map((name) => name.length));
  console.log(`${label.padEnd(width)}  forced  auto    total`);
  for (const name of names) {
    const tally = rows[name] as Tally;
    console.log(
      `${name.padEnd(width)}  ${String(tally.passed).padStart(6)}  ${String(tally.autoPassed).padStart(6)}  ${String(tally.total).padStart(5)}`,
    );
  }
  console.log('');
}

/** The corpus files under `paths`; a path that cannot be read ends the script with its reason. */
function readCorpus(corpusPaths: string[]): ReturnType<typeof readCorpusFile>[] {
  try {
    return listCorpusFiles(corpusPaths).map((path) => readCorpusFile(path));
  } catch (error) {
    console.error(
      `conformance: ${error instanceof Error ? error.message : String(error)}; pass the corpus folder (../shared/conformance) or its .jsonl files`,
    );
    process.exit(2);
  }
}
