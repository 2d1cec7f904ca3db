/**
 * The blanks the grammars skip between a marker and what it opens (their `_`): space, tab, CR
 * and LF. Formats' quick refusals and the scan's `mayOpen` look past them the same way.
 */

/**
 * Whether a unit is a blank.
 *
 * @param code - A UTF-16 code (`NaN` past the end of a text is not blank).
 * @returns True for space, tab, CR and LF.
 * @example
 * ```ts
 * isBlank(0x20); // true
 * ```
 */
export function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0d || code === 0x0a;
}

/**
 * The first unit at or after `from` that is not a blank.
 *
 * @param text - The text.
 * @param from - Where to start looking.
 * @returns Its UTF-16 code, or -1 when the text ends first.
 * @example
 * ```ts
 * firstUnitAfter('<tool_call>\n{', 11); // 0x7b
 * ```
 */
export function firstUnitAfter(text: string, from: number): number {
  let index = from;
  while (index < text.length && isBlank(text.charCodeAt(index))) index += 1;
  return index < text.length ? text.charCodeAt(index) : -1;
}

/**
 * Where the blanks starting at `from` end.
 *
 * @param text - The text.
 * @param from - Where to start looking.
 * @param limit - Where to stop (default: the end of the text).
 * @returns The first index at or after `from` and before `limit` that is not a blank, else `limit`.
 * @example
 * ```ts
 * skipBlanks('{ \n "a"', 1); // 4
 * ```
 */
export function skipBlanks(text: string, from: number, limit = text.length): number {
  let index = from;
  while (index < limit && isBlank(text.charCodeAt(index))) index += 1;
  return index;
}

/**
 * Whether a grammar that reads `trailer` after optional blanks at `from` may still read it on a
 * longer text: only blanks follow, or blanks and the start of `trailer`. A lowering that found no
 * trailer there asks it to tell a stream whether its section is still open (`Section.open`).
 *
 * @param text - The text read.
 * @param from - Where the grammar looked for the trailer.
 * @param trailer - The trailer (`</s>`, `</function_call>`).
 * @returns True while more text could complete the trailer.
 * @example
 * ```ts
 * trailerMayFollow('{} </', 2, '</s>'); // true
 * trailerMayFollow('{} and', 2, '</s>'); // false
 * ```
 */
export function trailerMayFollow(text: string, from: number, trailer: string): boolean {
  const after = skipBlanks(text, from);
  return trailer.startsWith(text.slice(after, after + trailer.length));
}
