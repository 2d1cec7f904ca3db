/**
 * What the two ends of a text say about it being JSON, read before `JSON.parse` is tried: a
 * payload cut off mid-call (a model stopped at its token limit, the most common broken payload)
 * then goes straight to the lenient grammar instead of through a thrown `SyntaxError`, which V8
 * builds with a message quoting the text (about 2 µs even with stack capture off).
 */
// JSON's white space (RFC 8259) is exactly the four blanks the grammars skip.
import { isBlank } from '../formats/shared/blanks.js';

/**
 * True when the ends of `text` show that it is not one JSON value, so `JSON.parse` would throw:
 * a value opened by `{`, `[` or `"` is closed by the same kind, a number starts with `-` or a digit
 * and ends with a digit, `true` and `false` end with `e` and `null` with `l` (RFC 8259, with only
 * its four white space characters around the value). False says nothing: the middle is unread.
 *
 * @param text - A payload.
 * @returns True only when `JSON.parse(text)` would throw.
 * @example
 * ```ts
 * cannotBeJson('{"city": "Ant'); // true
 * cannotBeJson('{"city": True}'); // false: the ends are those of an object
 * ```
 */
export function cannotBeJson(text: string): boolean {
  let first = 0;
  while (first < text.length && isBlank(text.charCodeAt(first))) first += 1;
  if (first === text.length) return true;
  let last = text.length - 1;
  while (isBlank(text.charCodeAt(last))) last -= 1;
  const open = text.charCodeAt(first);
  const close = text.charCodeAt(last);
  switch (open) {
    case 0x7b: // {
      return close !== 0x7d || last === first;
    case 0x5b: // [
      return close !== 0x5d || last === first;
    case 0x22: // "
      return close !== 0x22 || last === first;
    case 0x74: // t(rue)
    case 0x66: // f(alse)
      return close !== 0x65;
    case 0x6e: // n(ull)
      return close !== 0x6c;
    default:
      return !(open === 0x2d || isDigit(open)) || !isDigit(close);
  }
}

function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}
