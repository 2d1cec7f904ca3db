/**
 * Pieces shared by the writers of arguments written as tagged text (`<parameter=KEY>VALUE`,
 * `<arg_key>KEY</arg_key><arg_value>VALUE`): matching the tags a value or a gap stops at, and
 * writing value text as `JSON.stringify` writes it inside a string.
 */

/**
 * How far a tag read so far matches a syntax's tags.
 *
 * @param tag - The text read since `<`, `<` included.
 * @param tags - The tags that may come there, each with what it does.
 * @returns What the tag written in full does; `-1` while `tag` is the start of one of them
 * still; `-2` when it is none of them.
 * @example
 * ```ts
 * matchTag('</par', [['</parameter>', 1]]); // -1
 * ```
 */
export function matchTag(tag: string, tags: readonly (readonly [string, number])[]): number {
  let prefix = false;
  for (const [written, action] of tags) {
    if (written === tag) return action;
    if (!prefix && written.startsWith(tag)) prefix = true;
  }
  return prefix ? TAG_GOES_ON : NOT_A_TAG;
}

/** {@link matchTag}: the text may still become a tag. */
export const TAG_GOES_ON = -1;
/** {@link matchTag}: the text is no tag. */
export const NOT_A_TAG = -2;

/**
 * Whether a UTF-16 unit is written as it is inside a JSON string (not a quote, a backslash, a
 * control unit or half a surrogate pair).
 *
 * @param unit - The unit.
 * @returns True when `JSON.stringify` writes it unchanged.
 */
export function isPlainUnit(unit: number): boolean {
  return unit >= 0x20 && unit !== 0x22 && unit !== 0x5c && (unit < 0xd800 || unit > 0xdfff);
}

/**
 * Text as `JSON.stringify` writes it inside a string. A surrogate pair must not be split between
 * two calls: each half alone is written as an escape.
 *
 * @param text - The text.
 * @returns Its escaped form, without the quotes.
 * @example
 * ```ts
 * stringText('say "hi"\n'); // 'say \\"hi\\"\\n'
 * ```
 */
export function stringText(text: string): string {
  if (text.length === 1 && isPlainUnit(text.charCodeAt(0))) return text;
  return JSON.stringify(text).slice(1, -1);
}

/**
 * Whether a unit is one `String.prototype.trim` removes (white space and line terminators).
 *
 * @param unit - The unit.
 * @returns True for the units `trim` drops at either end of a text.
 */
export function isTrimmedUnit(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0xa0) return false;
  return (
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000 ||
    unit === 0xfeff
  );
}
