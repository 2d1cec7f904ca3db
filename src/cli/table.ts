/**
 * Plain-text tables for the terminal: left-aligned first column, right-aligned numbers.
 */

/**
 * Renders rows as aligned text lines.
 *
 * @param header - Column titles.
 * @param rows - Cells, the same count as `header`.
 * @returns One line per row, the header first.
 * @example
 * ```ts
 * renderTable(['model', 'outputs'], [['qwen3', '12']]);
 * // ['model  outputs', 'qwen3       12']
 * ```
 */
export function renderTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string[] {
  const widths = header.map((title, column) =>
    rows.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), title.length),
  );
  const render = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)];
}
