/**
 * `tool-call-parser conformance <file-or-dir>...`: the foundation's corpus runner
 * (`src/conformance`) behind the CLI: every case parsed with its format forced and with `'auto'`,
 * a table per format, and `conformance: N passed, M failed` (forced mode).
 */
import { listCorpusFiles, readCorpusFile, type CorpusFile } from '../conformance/corpus.js';
import { runConformance, type CaseOutcome, type Tally } from '../conformance/run.js';
import { readArgs } from './args.js';
import { UsageError } from './errors.js';
import { resolvePath, type CliIo } from './io.js';
import { renderTable } from './table.js';

/** The usage line of `conformance`. */
export const CONFORMANCE_USAGE = 'conformance <corpus file or folder>... [--json] [--verbose]';

const FLAGS = { json: { type: 'boolean' }, verbose: { type: 'boolean' } } as const;

/**
 * Runs `conformance`.
 *
 * @param argv - The arguments after `conformance`.
 * @param io - Streams and working directory.
 * @returns The exit code, 0 once the corpus ran (failures are reported, not fatal).
 * @throws UsageError for a missing path or a file that is not a corpus.
 * @example
 * ```ts
 * await conformanceCommand(['../shared/conformance'], io);
 * ```
 */
export async function conformanceCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = readArgs('conformance', argv, FLAGS);
  if (positionals.length === 0) {
    throw new UsageError(
      'conformance: give corpus files or folders, e.g. tool-call-parser conformance ../shared/conformance',
    );
  }
  const files = readFiles(positionals.map((path) => resolvePath(path, io)));
  const failed: CaseOutcome[] = [];
  const report = runConformance(files, (_file, outcome) => {
    if (!outcome.forced) failed.push(outcome);
  });
  if (values.json === true) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const lines = [...table('format', report.formats), ''];
  if (values.verbose === true) {
    for (const outcome of failed)
      lines.push(`FAIL ${outcome.id}: ${(outcome.detail ?? '').slice(0, 300)}`);
  }
  lines.push(`auto mode: ${report.autoPassed}/${report.total}`);
  lines.push(`conformance: ${report.passed} passed, ${report.failed} failed`);
  for (const line of lines) io.stdout.write(`${line}\n`);
  return 0;
}

function readFiles(paths: string[]): CorpusFile[] {
  let files: string[];
  try {
    files = listCorpusFiles(paths);
  } catch (error) {
    throw new UsageError(
      `conformance: ${(error as Error).message.split('\n')[0]}; check the corpus path`,
    );
  }
  if (files.length === 0) {
    throw new UsageError(
      'conformance: no .jsonl file there; give the corpus folder or its .jsonl files',
    );
  }
  return files.map((path) => {
    try {
      return readCorpusFile(path);
    } catch (error) {
      throw new UsageError(
        `conformance: "${path}" is not a corpus file (${(error as Error).message})`,
      );
    }
  });
}

function table(label: string, rows: Record<string, Tally>): string[] {
  const names = Object.keys(rows).sort();
  return renderTable(
    [label, 'forced', 'auto', 'total'],
    names.map((name) => {
      const tally = rows[name] as Tally;
      return [name, String(tally.passed), String(tally.autoPassed), String(tally.total)];
    }),
  );
}
