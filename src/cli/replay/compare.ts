/**
 * Comparing a replay report with a baseline report: which rates moved, and which moved the wrong
 * way by more than the tolerance (a regression, which makes `replay --baseline` exit 1 so a model
 * upgrade or a prompt change can be checked in CI).
 */
import {
  HIGHER_IS_BETTER,
  RATE_LABELS,
  RATE_NAMES,
  percent,
  type Counts,
  type Figures,
} from './figures.js';
import type { ReplayReport } from './tally.js';

/** Where a figure lives in a report. */
export type Scope = 'total' | 'model' | 'format' | 'tool';

/** One rate that moved between the baseline and the current report. */
export interface RateChange {
  scope: Scope;
  /** The group name (`'all outputs'` for the totals). */
  name: string;
  rate: (typeof RATE_NAMES)[number];
  before: number;
  after: number;
  /** True when the rate got worse by more than the tolerance. */
  regression: boolean;
}

/** What changed against a baseline. */
export interface Comparison {
  changes: RateChange[];
  /** Groups present in only one of the reports, such as `model qwen3-32b (new)`. */
  added: string[];
  removed: string[];
  regressions: number;
}

const SCOPES = [
  ['model', 'models'],
  ['format', 'formats'],
  ['tool', 'tools'],
] as const;

/** The denominator of each rate: a rate whose denominator is 0 on either side is not compared. */
const DENOMINATOR: Record<(typeof RATE_NAMES)[number], keyof Counts> = {
  parseRate: 'attempts',
  fallbackRate: 'parsed',
  validationFailureRate: 'parsed',
  unknownToolRate: 'parsed',
};

/**
 * Compares two reports.
 *
 * @param current - The report of this run.
 * @param baseline - An earlier report.
 * @param tolerance - How much worse a rate may get (0.01 = one percentage point) before it counts as a regression.
 * @returns The changes, new and removed groups, and the regression count.
 * @example
 * ```ts
 * const comparison = compareReports(report, baseline, 0.01);
 * if (comparison.regressions > 0) process.exitCode = 1;
 * ```
 */
export function compareReports(
  current: ReplayReport,
  baseline: ReplayReport,
  tolerance: number,
): Comparison {
  const comparison: Comparison = { changes: [], added: [], removed: [], regressions: 0 };
  compareFigures(comparison, 'total', 'all outputs', baseline.totals, current.totals, tolerance);
  for (const [scope, key] of SCOPES) {
    const before = baseline[key];
    const after = current[key];
    for (const name of Object.keys(after)) {
      const old = Object.hasOwn(before, name) ? before[name] : undefined;
      if (old === undefined) comparison.added.push(`${scope} ${name}`);
      else compareFigures(comparison, scope, name, old, after[name] as Figures, tolerance);
    }
    for (const name of Object.keys(before)) {
      if (!Object.hasOwn(after, name)) comparison.removed.push(`${scope} ${name}`);
    }
  }
  comparison.regressions = comparison.changes.filter((change) => change.regression).length;
  return comparison;
}

/**
 * Renders a comparison as lines for the terminal.
 *
 * @param comparison - What {@link compareReports} returned.
 * @param baselineName - The baseline file as named on the command line.
 * @returns Lines, the last one a verdict such as `baseline: 2 regressions`.
 * @example
 * ```ts
 * for (const line of renderComparison(comparison, 'baseline.json')) console.log(line);
 * ```
 */
export function renderComparison(comparison: Comparison, baselineName: string): string[] {
  const lines = [`against ${baselineName}:`];
  if (comparison.changes.length === 0) lines.push('  no rate changed');
  for (const change of comparison.changes) {
    const points = ((change.after - change.before) * 100).toFixed(1);
    const sign = change.after >= change.before ? '+' : '';
    const where = change.scope === 'total' ? change.name : `${change.scope} ${change.name}`;
    lines.push(
      `  ${change.regression ? 'REGRESSION' : 'changed   '} ${where}: ${RATE_LABELS[change.rate]} ${percent(change.before)} -> ${percent(change.after)} (${sign}${points} pts)`,
    );
  }
  for (const name of comparison.added) lines.push(`  new        ${name}`);
  for (const name of comparison.removed) lines.push(`  gone       ${name}`);
  lines.push(
    comparison.regressions === 0
      ? 'baseline: no regression'
      : `baseline: ${comparison.regressions} regression${comparison.regressions === 1 ? '' : 's'}`,
  );
  return lines;
}

/**
 * Checks that a value read from a baseline file is a replay report this version can compare.
 *
 * @param value - Parsed JSON.
 * @returns Whether it is.
 * @example
 * ```ts
 * isReplayReport(JSON.parse(text)); // true for a file written by `replay --out`
 * ```
 */
export function isReplayReport(value: unknown): value is ReplayReport {
  if (typeof value !== 'object' || value === null) return false;
  const report = value as Partial<ReplayReport>;
  return (
    report.version === 1 &&
    typeof report.totals === 'object' &&
    typeof report.models === 'object' &&
    typeof report.formats === 'object' &&
    typeof report.tools === 'object'
  );
}

function compareFigures(
  comparison: Comparison,
  scope: Scope,
  name: string,
  before: Figures,
  after: Figures,
  tolerance: number,
): void {
  for (const rate of RATE_NAMES) {
    const denominator = DENOMINATOR[rate];
    if (before[denominator] === 0 || after[denominator] === 0) continue;
    const delta = after[rate] - before[rate];
    if (Math.abs(delta) < 1e-9) continue;
    const worse = HIGHER_IS_BETTER[rate] ? -delta : delta;
    comparison.changes.push({
      scope,
      name,
      rate,
      before: before[rate],
      after: after[rate],
      regression: worse > tolerance + 1e-9,
    });
  }
}
