/**
 * Linear scans over JSON-like text that need no grammar: the nesting depth (to refuse deep input
 * before any recursion) and the end of a balanced value in prose (`TOOL_CALL {...} more text`).
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

/**
 * The deepest nesting of arrays and objects in valid JSON (strings in double quotes skipped).
 * Stops early once `limit` is exceeded, so the answer is exact only up to `limit + 1`.
 *
 * @param text - JSON text, typically one `JSON.parse` already accepted.
 * @param limit - The depth beyond which the exact answer no longer matters.
 * @returns The deepest nesting, at most `limit + 1`.
 * @example
 * ```ts
 * jsonDepth('[[1], {"a": "[["}]', 256); // 2
 * ```
 */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}
