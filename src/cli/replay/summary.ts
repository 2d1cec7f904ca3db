/**
 * The text `replay` prints: one table per grouping (model, format, tool), the repairs and
 * rejections by kind, and a closing line with the totals.
 */
import { renderTable } from '../table.js';
import { percent, type Figures } from './figures.js';
import type { ReplayReport } from './tally.js';
import { appendAll } from '../../append.js';

const HEADER = ['outputs', 'calls', 'accepted', 'parse', 'fallback', 'invalid', 'unknown'];

/**
 * Renders a report for the terminal.
 *
 * @param report - What `replay` computed.
 * @returns The lines to print.
 * @example
 * ```ts
 * for (const line of renderSummary(report)) console.log(line);
 * ```
 */
export function renderSummary(report: ReplayReport): string[] {
  const lines: string[] = [];
  for (const [title, groups] of [
    ['model', report.models],
    ['format', report.formats],
    ['tool', report.tools],
  ] as const) {
    const rows = Object.entries(groups).map(([name, figures]) => row(name, figures));
    appendAll(lines, renderTable([title, ...HEADER], rows));
    lines.push('');
  }
  lines.push(`repairs: ${listCounts(report.totals.repairs)}`);
  lines.push(`rejections: ${listCounts(report.totals.rejections)}`);
  if (report.skippedCount > 0) {
    const first = report.skipped[0];
    lines.push(
      `skipped ${report.skippedCount} line(s)${first === undefined ? '' : `, first: line ${first.line}: ${first.message}`}`,
    );
  }
  const totals = report.totals;
  lines.push(
    `replay: ${totals.outputs} outputs, ${totals.attempts} tool-call attempts, ${totals.accepted} accepted; parse rate ${percent(totals.parseRate)}, fallback ${percent(totals.fallbackRate)}, validation failures ${percent(totals.validationFailureRate)}, unknown tools ${percent(totals.unknownToolRate)}`,
  );
  return lines;
}

function row(name: string, figures: Figures): string[] {
  return [
    name,
    String(figures.outputs),
    String(figures.attempts),
    String(figures.accepted),
    percent(figures.parseRate),
    percent(figures.fallbackRate),
    percent(figures.validationFailureRate),
    percent(figures.unknownToolRate),
  ];
}

function listCounts(counts: Partial<Record<string, number>>): string {
  const entries = Object.entries(counts).sort(
    ([a, x], [b, y]) => (y ?? 0) - (x ?? 0) || a.localeCompare(b),
  );
  return entries.length === 0
    ? 'none'
    : entries.map(([name, count]) => `${name} ${count}`).join(', ');
}
