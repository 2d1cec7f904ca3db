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
  const first = text.charCodeAt(start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET)
    return { end: start, closed: false, depth: 0 };
  // The closers the open values expect, innermost last, and how many of each kind are open. A
  // closer of the other kind closes the values above its own first, as the lenient grammar reads
  // it (`[1, 2}` closes the list, then the object). One that no open value expects closes the
  // innermost, as a plain count would (the grammar refuses the value either way). The counts keep
  // each closer O(1) amortised: every value is pushed and popped once.
  const expected: number[] = [];
  let openBraces = 0;
  let openBrackets = 0;
  let deepest = 0;
  // The quote unit of the string being skipped, or 0 outside strings. Units, not one-character
  // strings: this loop reads every unit of a value that may be megabytes long.
  let quote = 0;
  for (let index = start; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (quote !== 0) {
      if (unit === BACKSLASH) index++;
      else if (unit === quote) quote = 0;
      continue;
    }
    if (unit === DOUBLE_QUOTE || unit === SINGLE_QUOTE) quote = unit;
    else if (unit === OPEN_BRACE || unit === OPEN_BRACKET) {
      if (unit === OPEN_BRACE) openBraces += 1;
      else openBrackets += 1;
      expected.push(unit === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET);
      if (expected.length > deepest) deepest = expected.length;
    } else if (unit === CLOSE_BRACE || unit === CLOSE_BRACKET) {
      const expects = unit === CLOSE_BRACE ? openBraces : openBrackets;
      const target = expects > 0 ? unit : (expected[expected.length - 1] as number);
      let closed: number;
      do {
        closed = expected.pop() as number;
        if (closed === CLOSE_BRACE) openBraces -= 1;
        else openBrackets -= 1;
      } while (closed !== target);
      if (expected.length === 0) return { end: index + 1, closed: true, depth: deepest };
    }
  }
  return { end: text.length, closed: false, depth: deepest };
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKSLASH = 0x5c;
