/**
 * "The whole trimmed output is the call": the rule bare syntaxes (a JSON object with no marker)
 * follow, since JSON in the middle of prose is far more often an example than a call.
 */

import { isBlank } from './blanks.js';

const REASONING_END = '</think>';

/**
 * Tells whether only white space, or a reasoning block ending in `</think>`, comes before `start`.
 * Costs the length of the white space before `start`, so trying it at every marker stays linear.
 *
 * @param text - The whole output.
 * @param start - Where a candidate starts.
 * @returns True when the candidate opens the output.
 * @example
 * ```ts
 * opensOutput('  {"a":1}', 2); // true
 * ```
 */
export function opensOutput(text: string, start: number): boolean {
  let before = start;
  while (before > 0 && isBlank(text.charCodeAt(before - 1))) before -= 1;
  return before === 0 || text.endsWith(REASONING_END, before);
}

/**
 * Tells whether only white space comes after `end`.
 *
 * @param text - The whole output.
 * @param end - Where a candidate ends.
 * @returns True when the candidate closes the output.
 */
export function closesOutput(text: string, end: number): boolean {
  let after = end;
  while (after < text.length && isBlank(text.charCodeAt(after))) after += 1;
  return after === text.length;
}

/**
 * Tells whether `[start, end)` is all the output has, apart from white space and a leading
 * reasoning block.
 *
 * @param text - The whole output.
 * @param start - Where the candidate starts.
 * @param end - Where it ends.
 * @returns True when nothing else surrounds the candidate.
 */
export function isWholeOutput(text: string, start: number, end: number): boolean {
  return opensOutput(text, start) && closesOutput(text, end);
}
