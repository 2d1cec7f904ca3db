/**
 * The `replay --html` page: one self-contained file (inline CSS and SVG, no script, no link to
 * anything) with the report's figures as charts and tables, so it can be attached to a CI run or
 * mailed and opened offline.
 */
import { RATE_LABELS, RATE_NAMES, percent, type Figures } from './figures.js';
import type { ReplayReport } from './tally.js';

const COLORS: Record<(typeof RATE_NAMES)[number], string> = {
  parseRate: '#2f7d32',
  fallbackRate: '#b26a00',
  validationFailureRate: '#c62828',
  unknownToolRate: '#6a1b9a',
};

const LABEL_WIDTH = 200;
const BAR_WIDTH = 420;
const BAR_HEIGHT = 14;

/**
 * Renders a report as an HTML page.
 *
 * @param report - What `replay` computed.
 * @returns The page's HTML, with every chart inline.
 * @example
 * ```ts
 * writeFileSync('report.html', renderHtml(report));
 * ```
 */
export function renderHtml(report: ReplayReport): string {
  const sections = [
    summary(report),
    rateSection('By model', report.models),
    rateSection('By format', report.formats),
    rateSection('By tool', report.tools),
    countSection('Repairs by kind', report.totals.repairs),
    countSection('Rejections by reason', report.totals.rejections),
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tool-call-parser replay: ${escapeHtml(report.log)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem auto; max-width: 960px; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.2rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
svg text { font: 12px system-ui, sans-serif; fill: #222; }
.legend span { display: inline-block; margin-right: 1rem; }
.legend i { display: inline-block; width: 0.8rem; height: 0.8rem; margin-right: 0.3rem; vertical-align: middle; }
</style>
</head>
<body>
<h1>Replay of ${escapeHtml(report.log)}</h1>
${sections.join('\n')}
</body>
</html>
`;
}

function summary(report: ReplayReport): string {
  const totals = report.totals;
  const skipped =
    report.skippedCount === 0
      ? ''
      : `<p>${report.skippedCount} line(s) skipped, e.g. line ${report.skipped[0]?.line}: ${escapeHtml(report.skipped[0]?.message ?? '')}</p>`;
  return `<p>${totals.outputs} outputs, ${totals.attempts} tool-call attempts, ${totals.accepted} accepted.
Parse rate ${percent(totals.parseRate)}, fallback rate ${percent(totals.fallbackRate)},
validation failure rate ${percent(totals.validationFailureRate)}, unknown-tool rate ${percent(totals.unknownToolRate)}.</p>
${skipped}`;
}

function rateSection(title: string, groups: Record<string, Figures>): string {
  const names = Object.keys(groups);
  if (names.length === 0) return `<h2>${title}</h2><p>Nothing to show.</p>`;
  const legend = RATE_NAMES.map(
    (rate) => `<span><i style="background:${COLORS[rate]}"></i>${RATE_LABELS[rate]}</span>`,
  ).join('');
  const rowHeight = BAR_HEIGHT * RATE_NAMES.length + 12;
  const bars = names.map((name, index) => {
    const figures = groups[name] as Figures;
    const top = index * rowHeight;
    const label = `<text x="0" y="${top + BAR_HEIGHT * 2}">${escapeHtml(truncate(name))}</text>`;
    const rates = RATE_NAMES.map((rate, position) => {
      const y = top + position * BAR_HEIGHT;
      const width = Math.round(figures[rate] * BAR_WIDTH);
      return `<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT - 2}" fill="${COLORS[rate]}"><title>${escapeHtml(name)}: ${RATE_LABELS[rate]} ${percent(figures[rate])}</title></rect><text x="${LABEL_WIDTH + width + 4}" y="${y + BAR_HEIGHT - 3}">${percent(figures[rate])}</text>`;
    });
    return label + rates.join('');
  });
  const height = names.length * rowHeight;
  return `<h2>${title}</h2>
<div class="legend">${legend}</div>
<svg role="img" aria-label="${title}" width="${LABEL_WIDTH + BAR_WIDTH + 60}" height="${height}" viewBox="0 0 ${LABEL_WIDTH + BAR_WIDTH + 60} ${height}">${bars.join('')}</svg>
${rateTable(groups)}`;
}

function rateTable(groups: Record<string, Figures>): string {
  const head = `<tr><th>name</th><th>outputs</th><th>attempts</th><th>accepted</th>${RATE_NAMES.map((rate) => `<th>${RATE_LABELS[rate]}</th>`).join('')}</tr>`;
  const rows = Object.entries(groups).map(
    ([name, figures]) =>
      `<tr><td>${escapeHtml(name)}</td><td>${figures.outputs}</td><td>${figures.attempts}</td><td>${figures.accepted}</td>${RATE_NAMES.map((rate) => `<td>${percent(figures[rate])}</td>`).join('')}</tr>`,
  );
  return `<table>${head}${rows.join('')}</table>`;
}

function countSection(title: string, counts: Partial<Record<string, number>>): string {
  const entries = Object.entries(counts).sort(([, a], [, b]) => (b ?? 0) - (a ?? 0));
  if (entries.length === 0) return `<h2>${title}</h2><p>None.</p>`;
  const max = entries.reduce((most, [, count]) => Math.max(most, count ?? 0), 0);
  const bars = entries.map(([name, count], index) => {
    const y = index * (BAR_HEIGHT + 6);
    const width = Math.round(((count ?? 0) / max) * BAR_WIDTH);
    return `<text x="0" y="${y + BAR_HEIGHT - 3}">${escapeHtml(name)}</text><rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT}" fill="#1565c0"><title>${escapeHtml(name)}: ${count}</title></rect><text x="${LABEL_WIDTH + width + 4}" y="${y + BAR_HEIGHT - 3}">${count}</text>`;
  });
  const height = entries.length * (BAR_HEIGHT + 6);
  return `<h2>${title}</h2>
<svg role="img" aria-label="${title}" width="${LABEL_WIDTH + BAR_WIDTH + 60}" height="${height}" viewBox="0 0 ${LABEL_WIDTH + BAR_WIDTH + 60} ${height}">${bars.join('')}</svg>`;
}

function truncate(name: string): string {
  return name.length > 28 ? `${name.slice(0, 27)}…` : name;
}

/**
 * Escapes text for HTML element content and attribute values.
 *
 * @param text - Any text, including model or log data.
 * @returns The text with `& < > " '` escaped.
 * @example
 * ```ts
 * escapeHtml('<tool_call>'); // '&lt;tool_call&gt;'
 * ```
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
