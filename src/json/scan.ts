/**
 * A linear scan over JSON-like text that needs no grammar: the end of a balanced value in prose
 * (`TOOL_CALL {...} more text`), with the deepest nesting on the way.
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SINGLE_QUOTE,
} from './char-codes.js';

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
  // What is open, innermost last, as runs: a positive entry counts `{`s in a row, a negative one
  // `[`s (a flood of `{` is one number, not a million). A closer of the other kind closes the
  // values opened after its own opener first, as the lenient grammar reads it (`[1, 2}` closes
  // the list, then the object); one whose opener is not open closes the innermost value, as a
  // plain count would (the grammar refuses the value either way). Each run is removed at most
  // once, so the scan stays linear.
  const runs: number[] = [];
  let openBraces = 0;
  let openBrackets = 0;
  let deepest = 0;
  // Units, not one-character strings: this loop reads every unit of a value that may be
  // megabytes long (strings are skipped by `stringEnd`).
  for (let index = start; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === QUOTE || unit === SINGLE_QUOTE) {
      index = stringEnd(text, index, unit);
      continue;
    }
    const last = runs.length - 1;
    const top = last < 0 ? 0 : (runs[last] as number);
    if (unit === OPEN_BRACE) {
      openBraces += 1;
      if (top > 0) runs[last] = top + 1;
      else runs.push(1);
    } else if (unit === OPEN_BRACKET) {
      openBrackets += 1;
      if (top < 0) runs[last] = top - 1;
      else runs.push(-1);
    } else if (unit === CLOSE_BRACE || unit === CLOSE_BRACKET) {
      // Which kind this closer closes: its own when one is open, else the innermost.
      const brace =
        (unit === CLOSE_BRACE ? openBraces : openBrackets) > 0 ? unit === CLOSE_BRACE : top > 0;
      // Values of the other kind opened since are closed with it.
      while (runs.length > 0 && (runs[runs.length - 1] as number) > 0 !== brace) {
        const run = runs.pop() as number;
        if (run > 0) openBraces -= run;
        else openBrackets += run;
      }
      const own = runs.length - 1;
      const run = runs[own] as number;
      runs[own] = brace ? run - 1 : run + 1;
      if (runs[own] === 0) runs.pop();
      if (brace) openBraces -= 1;
      else openBrackets -= 1;
      if (runs.length === 0) return { end: index + 1, closed: true, depth: deepest };
      continue;
    } else {
      continue;
    }
    const depth = openBraces + openBrackets;
    if (depth > deepest) deepest = depth;
  }
  return { end: text.length, closed: false, depth: deepest };
}

/** Units of a string read one by one before the rest is searched for: most strings are shorter. */
const SHORT_STRING = 16;

/**
 * Where the string whose quote is at `open` closes (a backslash escapes the unit after it), or the
 * text's length when it never does. Its first units are read one by one; the rest of a longer
 * string is searched for natively (a hundred-kilobyte argument read unit by unit cost ten times
 * its `JSON.parse`).
 */
function stringEnd(text: string, open: number, quote: number): number {
  const short = Math.min(open + 1 + SHORT_STRING, text.length);
  let at = open + 1;
  while (at < short) {
    const unit = text.charCodeAt(at);
    if (unit === quote) return at;
    at += unit === BACKSLASH ? 2 : 1;
  }
  return at >= text.length ? text.length : closingQuote(text, at, quote);
}

/**
 * The closing quote of a string whose unit at `from` is not escaped (also the key walk's, over
 * valid JSON): the first `quote` after an
 * even run of backslashes that starts at or after `from` (the loop pairs each backslash with the
 * unit after it), or the text's length when the string never closes.
 */
export function closingQuote(text: string, from: number, quote: number): number {
  const char = quote === QUOTE ? '"' : "'";
  for (let at = text.indexOf(char, from); at !== -1; at = text.indexOf(char, at + 1)) {
    let before = at - 1;
    while (before >= from && text.charCodeAt(before) === BACKSLASH) before -= 1;
    if ((at - before) % 2 === 1) return at;
  }
  return text.length;
}
