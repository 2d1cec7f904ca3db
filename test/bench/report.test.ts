import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, spliceMarkdown, type BenchReport } from '../../scripts/bench/report.js';

/** A run that measured one growth row and one target, both named with a `|` in them. */
function report(ratio: number): BenchReport {
  return {
    build: 'test build',
    node: 'v20',
    platform: 'linux x64',
    loadAverage: [0, 0, 0],
    quick: false,
    date: '2026-11-27T00:00:00.000Z',
    comparisons: [],
    formats: [],
    setup: undefined,
    growth: [
      {
        id: 'declined-headers',
        label: 'harmony `<|start|>assistant` repeated',
        mode: 'forced harmony',
        n: '1,048,576 B',
        nMs: 100,
        twoNMs: 100 * ratio,
        ratio,
      },
    ],
    stream: [],
    streamTable: undefined,
    targets: [
      {
        target: 'growth of `<|start|>` headers',
        measured: ratio,
        limit: 2.3,
        unit: '×',
        met: ratio <= 2.3,
        note: 'a | b',
      },
    ],
  };
}

/** The cells of a markdown table row: split at pipes no backslash escapes. */
function cells(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((text) => text.trim());
}

const rowOf = (markdown: string, start: string): string => {
  const row = markdown.split('\n').find((line) => line.startsWith(start));
  if (row === undefined) throw new Error(`no row starting ${start}`);
  return row;
};

describe('BENCHMARKS.md tables', () => {
  it('should keep a label holding | in its own cell, also once prettier formats the file', async () => {
    const rendered = renderMarkdown(report(2.01));
    const formatted = await format(rendered, { parser: 'markdown' });
    for (const markdown of [rendered, formatted]) {
      const growth = cells(rowOf(markdown, '| harmony'));
      expect(growth).toHaveLength(6);
      expect(growth[0]).toBe('harmony `<\\|start\\|>assistant` repeated');
      expect(growth[1]).toBe('forced harmony');
      expect(growth[5]).toBe('2.01');
      const target = cells(rowOf(markdown, '| growth of'));
      expect(target).toHaveLength(5);
      expect(target[4]).toBe('a \\| b');
    }
  });

  it('should replace a target row named with an escaped | when a later run measures it again', () => {
    const merged = spliceMarkdown(renderMarkdown(report(2.01)), renderMarkdown(report(2.5)));
    const rows = merged.split('\n').filter((line) => line.startsWith('| growth of'));
    expect(rows).toHaveLength(1);
    expect(cells(rows[0] as string)[1]).toBe('2.50 ×');
    expect(cells(rows[0] as string)[3]).toBe('**no**');
  });
});
