/**
 * What the two ends of a text say about it being JSON, read before `JSON.parse` is tried: a
 * payload cut off mid-call (a model stopped at its token limit, the most common broken payload),
 * or one whose repair sits at an end (a trailing comma before the last closers, an unquoted first
 * key), then goes straight to the lenient grammar instead of through a thrown `SyntaxError`, which
 * V8 builds with a message quoting the text (about 2 µs even with stack capture off).
 */
// JSON's white space (RFC 8259) is exactly the four blanks the grammars skip.
import { isBlank } from '../formats/shared/blanks.js';
import { CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './char-codes.js';

/**
 * True when the ends of `text` show that it is not one JSON value, so `JSON.parse` would throw:
 * a value opened by `{`, `[` or `"` is closed by the same kind, a number starts with `-` or a digit
 * and ends with a digit, `true` and `false` end with `e` and `null` with `l` (RFC 8259, with only
 * its four white space characters around the value). Around a list or an object, the run of
 * openers at the start and the run of closers at the end are read too: an object opens a key or
 * closes at once, a list opens a value or closes, and a closer follows the end of a value or its
 * own opener (so a trailing comma before the last closers is caught). False says nothing: the
 * middle is unread.
 *
 * @param text - A payload.
 * @returns True only when `JSON.parse(text)` would throw.
 * @example
 * ```ts
 * cannotBeJson('{"city": "Ant'); // true
 * cannotBeJson('{"days": [1, 2],}'); // true: a comma before the last closer
 * cannotBeJson('{"city": True}'); // false: the ends are those of an object
 * ```
 */
export function cannotBeJson(text: string): boolean {
  // Each end's unit is read once: past the end of the text it is NaN, which is not blank.
  let first = 0;
  let open = text.charCodeAt(0);
  while (isBlank(open)) {
    first += 1;
    open = text.charCodeAt(first);
  }
  if (first >= text.length) return true;
  let last = text.length - 1;
  let close = text.charCodeAt(last);
  while (isBlank(close)) {
    last -= 1;
    close = text.charCodeAt(last);
  }
  switch (open) {
    case OPEN_BRACE:
      if (close !== CLOSE_BRACE || last === first) return true;
      break;
    case OPEN_BRACKET:
      if (close !== CLOSE_BRACKET || last === first) return true;
      break;
    case QUOTE:
      return close !== QUOTE || last === first;
    case 0x74: // t(rue)
    case 0x66: // f(alse)
      return close !== 0x65;
    case 0x6e: // n(ull)
      return close !== 0x6c;
    default:
      return !(open === 0x2d || isDigit(open)) || !isDigit(close);
  }
  // A list or an object. Every unit read below is outside any string when the text is JSON: a
  // run of openers starts the text, and the unit before a closer ends a value (a string ends at
  // its quote) or is that closer's opener. This runs before every payload JSON.parse reads, so
  // the usual case (`{"` at the start, `}}` after a value at the end) reads as few units as it can.
  if (text.charCodeAt(first + 1) !== QUOTE && !openersFit(text, first)) return true;
  return !closersFit(text, last);
}

/** Whether what follows the run of openers at `first` can follow them in JSON. */
function openersFit(text: string, first: number): boolean {
  let at = first;
  for (;;) {
    const unit = text.charCodeAt(at);
    at += 1;
    while (isBlank(text.charCodeAt(at))) at += 1;
    const next = text.charCodeAt(at);
    // An object opens a key or closes at once.
    if (unit === OPEN_BRACE) return next === QUOTE || next === CLOSE_BRACE;
    // A list opens a value or closes at once; an opener is read in turn.
    if (next !== OPEN_BRACE && next !== OPEN_BRACKET)
      return startsValue(next) || next === CLOSE_BRACKET;
  }
}

/** Whether what precedes the run of closers ending at `last` can precede them in JSON. */
function closersFit(text: string, last: number): boolean {
  let at = last;
  let unit = text.charCodeAt(at);
  for (;;) {
    at -= 1;
    let previous = text.charCodeAt(at);
    while (isBlank(previous)) {
      at -= 1;
      previous = text.charCodeAt(at);
    }
    if (previous !== CLOSE_BRACE && previous !== CLOSE_BRACKET) {
      // Its own opener (an empty list or object), or the last unit of a string, a number, `true`,
      // `false` or `null`.
      if (previous === OPEN_BRACE) return unit === CLOSE_BRACE;
      if (previous === OPEN_BRACKET) return unit === CLOSE_BRACKET;
      return previous === QUOTE || isDigit(previous) || previous === 0x65 || previous === 0x6c;
    }
    unit = previous;
  }
}

/** Whether a value other than a list or an object can start with this unit. */
function startsValue(unit: number): boolean {
  return (
    unit === QUOTE ||
    unit === 0x2d || // -
    isDigit(unit) ||
    unit === 0x74 || // t(rue)
    unit === 0x66 || // f(alse)
    unit === 0x6e // n(ull)
  );
}

function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}
