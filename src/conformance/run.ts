/**
 * The conformance runner: every corpus case parsed twice, with the case's format forced and with
 * `'auto'`, and compared with what the case expects.
 */
import { isDeepStrictEqual } from 'node:util';
import { createParser } from '../parser.js';
import { parseJson } from '../json/index.js';
import type { ParserOptions } from '../options.js';
import type { FormatId, ParseResult } from '../types.js';
import type { CorpusCase, CorpusFile } from './corpus.js';

/** Pass counts of a file or a format. */
export interface Tally {
  total: number;
  passed: number;
  autoPassed: number;
}

/** The report of a conformance run (the `--json` shape). */
export interface ConformanceReport extends Tally {
  failed: number;
  files: Record<string, Tally>;
  formats: Record<string, Tally>;
  /** Ids of cases that failed in forced mode. */
  failures: string[];
  /** Ids of cases that failed in auto mode. */
  autoFailures: string[];
}

/**
 * How the source test configured its parser for a case, where that differs from this library's
 * defaults: the runner configures `createParser` the same way, so the comparison is like for
 * like. Keyed by case id or id prefix (`vllm/`); the longest key that matches wins.
 */
export interface CaseSettings {
  /** The `reasoning` option the case runs with (e.g. llama.cpp's `reasoning_format: none`). */
  reasoning?: ParserOptions['reasoning'];
  /**
   * Run without the case's `tools`: the source test declares a tool list that is not JSON Schema
   * and that its parser never checks calls against.
   */
  ignoreTools?: boolean;
  /** Why the source test's configuration is this one. */
  why: string;
}

/**
 * The settings of the longest key that is the case's id or a prefix of it.
 *
 * @param settings - The settings table.
 * @param id - The case id.
 * @returns The matching settings, or `undefined`.
 */
export function settingsFor(
  settings: Readonly<Record<string, CaseSettings>>,
  id: string,
): CaseSettings | undefined {
  let best: string | undefined;
  for (const key of Object.keys(settings)) {
    if (id.startsWith(key) && (best === undefined || key.length > best.length)) best = key;
  }
  return best === undefined ? undefined : settings[best];
}

/** How one case went. */
export interface CaseOutcome {
  id: string;
  forced: boolean;
  auto: boolean;
  /** Why forced mode failed, for the verbose listing. */
  detail?: string;
}

/**
 * Runs corpus files.
 *
 * @param files - Corpus files as {@link readCorpusFile} gives them.
 * @param onCase - Called with each case's outcome (for verbose listings).
 * @returns The report.
 */
export function runConformance(
  files: readonly CorpusFile[],
  onCase?: (file: string, outcome: CaseOutcome) => void,
  settings: Readonly<Record<string, CaseSettings>> = {},
): ConformanceReport {
  const report: ConformanceReport = {
    total: 0,
    passed: 0,
    autoPassed: 0,
    failed: 0,
    files: {},
    formats: {},
    failures: [],
    autoFailures: [],
  };
  for (const file of files) {
    const fileTally: Tally = (report.files[file.name] = { total: 0, passed: 0, autoPassed: 0 });
    const outcomes = runFile(file, settings);
    for (const { outcome, format } of outcomes) {
      onCase?.(file.name, outcome);
      const formatTally = (report.formats[format] ??= { total: 0, passed: 0, autoPassed: 0 });
      for (const tally of [report, fileTally, formatTally]) {
        tally.total += 1;
        if (outcome.forced) tally.passed += 1;
        if (outcome.auto) tally.autoPassed += 1;
      }
      if (!outcome.forced) report.failures.push(outcome.id);
      if (!outcome.auto) report.autoFailures.push(outcome.id);
    }
  }
  report.failed = report.total - report.passed;
  return report;
}

function runFile(
  file: CorpusFile,
  settings: Readonly<Record<string, CaseSettings>>,
): { outcome: CaseOutcome; format: string }[] {
  switch (file.kind) {
    case 'tool-calls':
      return file.cases.map((testCase) => ({
        outcome: runCase(testCase, settingsFor(settings, testCase.id)),
        format: testCase.format,
      }));
    case 'json-suite':
      return file.cases.map((testCase) => {
        const outcome = parseJson(testCase.input, { strict: true });
        const passed =
          testCase.expect === 'either' || outcome.ok === (testCase.expect === 'accept');
        return {
          outcome: { id: testCase.id, forced: passed, auto: passed },
          format: 'json-strict',
        };
      });
    case 'json-repair':
      return file.cases.map((testCase) => {
        const outcome = parseJson(testCase.input);
        const wantsError =
          typeof testCase.expected === 'object' &&
          testCase.expected !== null &&
          (testCase.expected as Record<string, unknown>)['error'] === true;
        const passed = wantsError
          ? !outcome.ok
          : outcome.ok && isDeepStrictEqual(outcome.value, testCase.expected);
        return {
          outcome: { id: testCase.id, forced: passed, auto: passed },
          format: 'json-lenient',
        };
      });
  }
}

/**
 * Runs one tool-call case in forced and auto mode.
 *
 * @param testCase - The case.
 * @param settings - How the source test configured its parser, when not like the defaults.
 * @returns Whether each mode passed, and why forced mode failed.
 */
export function runCase(testCase: CorpusCase, settings?: CaseSettings): CaseOutcome {
  const forced = check(testCase, [testCase.format as FormatId], settings);
  const auto = check(testCase, 'auto', settings);
  const outcome: CaseOutcome = {
    id: testCase.id,
    forced: forced === undefined,
    auto: auto === undefined,
  };
  if (forced !== undefined) outcome.detail = forced;
  return outcome;
}

/** Returns `undefined` when the case passes, else what differed. */
function check(
  testCase: CorpusCase,
  formats: 'auto' | FormatId[],
  settings: CaseSettings | undefined,
): string | undefined {
  let result: ParseResult;
  try {
    const options: ParserOptions = { formats };
    if (testCase.tools !== undefined && settings?.ignoreTools !== true) {
      options.tools = testCase.tools;
    }
    if (settings?.reasoning !== undefined) options.reasoning = settings.reasoning;
    const parser = createParser(options);
    result = parser.parse(testCase.input);
  } catch (error) {
    return `threw: ${error instanceof Error ? error.message : String(error)}`;
  }
  const got = extractedCalls(result);
  const want = testCase.expected.calls;
  if (!isDeepStrictEqual(toPlain(got), toPlain(want))) {
    return `calls: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
  }
  if (
    testCase.expected.content !== null &&
    result.content.trim() !== testCase.expected.content.trim()
  ) {
    return `content: got ${JSON.stringify(result.content.trim())}, want ${JSON.stringify(testCase.expected.content.trim())}`;
  }
  return undefined;
}

/**
 * The calls a case is compared with: the executable ones, and those refused only because their
 * arguments break the case's schema. The suites the corpus comes from test extraction and do
 * not validate; several of their expected calls break their own tool schemas (a missing
 * required field, a `uuid` that is not one, a key a write tool does not declare). Refusing those
 * is this library's policy, tested on its own; here the extraction is what is measured. Calls
 * refused for an unknown name, a cut-off or a malformed body still count as missing.
 */
function extractedCalls(result: ParseResult): { name: string; arguments: unknown }[] {
  const refusedByValidation = result.rejected.filter(
    (rejection) => rejection.reason === 'schema-violation' && rejection.name !== undefined,
  );
  return [...result.calls, ...refusedByValidation]
    .sort((a, b) => a.span.start - b.span.start)
    .map((call) => ({ name: call.name as string, arguments: call.arguments }));
}

/** Drops prototype differences (null-prototype objects from lenient parsing compare equal). */
function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
