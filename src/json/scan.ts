/**
 * A linear scan over JSON-like text that needs no grammar: the end of a balanced value in prose
 * (`TOOL_CALL {...} more text`), with the deepest nesting on the way.
 */

/** Where a balanced scan ended, see {@link scanJsonValue}. */
export interface JsonValueScan {
  /** Index just after the matching closer, or the text length when it never closed. */
  end: number;
  /** True when the opener at `start` found its matching closer. */
  closed: boolean;
  /** Deepest nesting reached (1 for `{}`). */
  depth: number;
}

/**
 * Scans from the `{` or `[` at `start` to just after its matching closer, skipping strings in
 * double or single quotes (with backslash escapes). Linear, no recursion, never throws.
 *
 * @param text - The whole text.
 * @param start - Index of the opening `{` or `[`.
 * @returns The end index, whether the value closed, and the deepest nesting seen. When `start`
 * is not an opener, `{ end: start, closed: false, depth: 0 }`.
 * @example
 * ```ts
 * scanJsonValue('TOOL_CALL {"a": "}"} more', 10); // { end: 20, closed: true, depth: 1 }
 * ```
 */
export function scanJsonValue(text: string, start: number): JsonValueScan {
  const first = text[start];
  if (first !== '{' && first !== '[') return { end: start, closed: false, depth: 0 };
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (quote !== null) {
      if (char === '\\') index++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '{' || char === '[') {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return { end: index + 1, closed: true, depth: deepest };
    }
  }
  return { end: text.length, closed: false, depth: deepest };
}
