/**
 * The rest of a started call's arguments when what it sent is not the start of their canonical
 * JSON: the model wrote a key twice (`{"a": 1, ..., "a": 2}`, the last value kept, as
 * `JSON.parse` keeps it) or an array-index key after others (`{"a": 1, "0": 2}`, which
 * `JSON.stringify` moves to the front), and the stream's writer stopped before the end, at text
 * strict JSON does not allow. The value it sent for the key is then not the call's, and the
 * canonical text does not start with what it sent; without this the started call could only end
 * as malformed and the call be sent again, one rejection more than `parse` gives.
 *
 * The rest closes what the sent text left open and writes each top-level key again whose final
 * value it does not hold yet: read back (`JSON.parse`), the last value of each key wins, so the
 * whole reads as the call's arguments, as the deltas of a key written twice already do when the
 * writer finishes (see `emitCall`). It is given only when the whole is proved to read back so.
 */

import { isBlank } from '../formats/shared/blanks.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isHexDigit,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../json/char-codes.js';
import { closingQuote } from '../json/scan.js';

/**
 * The rest of the arguments after `sent`, or `undefined` when none reads back as them.
 *
 * @param sent - What the started call sent: a strict JSON prefix of an object, as written.
 * @param args - The call's arguments.
 * @param canonical - `JSON.stringify(args)`.
 * @returns Text that, after `sent`, reads back (`JSON.parse`) as `args`.
 * @example
 * ```ts
 * restRewritingKeys('{"a":1,"b":"x","a":', { a: 'z', b: 'x' }, '{"a":"z","b":"x"}');
 * // 'null,"a":"z"}'
 * ```
 */
export function restRewritingKeys(
  sent: string,
  args: Record<string, unknown>,
  canonical: string,
): string | undefined {
  const open = closePrefix(sent);
  if (open === undefined) return undefined;
  try {
    // What the sent text reads as, closed where it stopped: its keys holding their final value
    // already are not written again.
    const sentValue = JSON.parse(`${sent}${open.closers}}`) as Record<string, unknown>;
    let rest = open.closers;
    let separator = open.topHasMember ? ',' : '';
    for (const [key, value] of Object.entries(args)) {
      const text = JSON.stringify(value);
      if (Object.hasOwn(sentValue, key) && JSON.stringify(sentValue[key]) === text) continue;
      rest += `${separator}${JSON.stringify(key)}:${text}`;
      separator = ',';
    }
    rest += '}';
    return JSON.stringify(JSON.parse(sent + rest)) === canonical ? rest : undefined;
  } catch {
    // Not JSON after all (or nested past what JSON.parse takes): no rest is proved.
    return undefined;
  }
}

// What comes next in the scanned prefix.
const KEY_OR_CLOSE = 0; // a key or the object's close (after `{`)
const KEY = 1; // a key (after `,` in an object)
const AFTER_KEY = 2; // the `:` after a key
const VALUE_OR_CLOSE = 3; // a value or the array's close (after `[`)
const VALUE = 4; // a value (after `:`, or `,` in an array)
const AFTER = 5; // a `,` or a close (after a value)

/**
 * Scans a strict JSON prefix of an object and gives what closes every container in it but the
 * outermost object (a value for an open key, the end of an open string), and whether that object
 * has a member; `undefined` where the prefix is not one, or ends where nothing short closes it
 * (after a `,` in an object, which needs a key, or inside a number or literal).
 */
function closePrefix(sent: string): { closers: string; topHasMember: boolean } | undefined {
  const stack: number[] = [];
  let next = VALUE;
  let topHasMember = false;
  let index = 0;
  while (index < sent.length) {
    const unit = sent.charCodeAt(index);
    if (isBlank(unit)) {
      index += 1;
      continue;
    }
    if (unit === QUOTE) {
      const close = closingQuote(sent, index + 1, QUOTE);
      const isKey = next === KEY_OR_CLOSE || next === KEY;
      if (!isKey && next !== VALUE && next !== VALUE_OR_CLOSE) return undefined;
      if (isKey && stack.length === 1) topHasMember = true;
      if (close === sent.length) {
        // The prefix ends inside this string: end it where it stops.
        const closed = closeString(sent.slice(index + 1));
        return finish(stack, isKey ? `${closed}:null` : closed, topHasMember);
      }
      next = isKey ? AFTER_KEY : AFTER;
      index = close + 1;
      continue;
    }
    if (unit === OPEN_BRACE || unit === OPEN_BRACKET) {
      if (next !== VALUE && next !== VALUE_OR_CLOSE) return undefined;
      stack.push(unit);
      next = unit === OPEN_BRACE ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
    } else if (unit === CLOSE_BRACE || unit === CLOSE_BRACKET) {
      const top = stack.pop();
      const closes = unit === CLOSE_BRACE ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      // A close is its opener's code plus two (`{` 0x7b and `}` 0x7d, `[` 0x5b and `]` 0x5d).
      if (top !== unit - 2 || (next !== AFTER && next !== closes)) return undefined;
      // The outermost object closed: the sent text is whole, not a prefix to close.
      if (stack.length === 0) return undefined;
      next = AFTER;
    } else if (unit === COLON) {
      if (next !== AFTER_KEY) return undefined;
      next = VALUE;
    } else if (unit === COMMA) {
      if (next !== AFTER) return undefined;
      next = stack[stack.length - 1] === OPEN_BRACE ? KEY : VALUE;
    } else {
      if (next !== VALUE && next !== VALUE_OR_CLOSE) return undefined;
      let end = index;
      while (end < sent.length && !ENDS_SCALAR.test(sent.charAt(end))) end += 1;
      // A number or literal the prefix ends in may be cut short: only a whole one is kept.
      if (end === sent.length || !isScalar(sent.slice(index, end))) return undefined;
      next = AFTER;
      index = end;
      continue;
    }
    index += 1;
  }
  if (stack.length === 0 || stack[0] !== OPEN_BRACE) return undefined;
  if (next === KEY) return undefined;
  const value = next === AFTER_KEY ? ':null' : next === VALUE ? 'null' : '';
  return finish(stack, value, topHasMember);
}

/** What ends a number or literal: a blank, a separator or a close. */
const ENDS_SCALAR = /[\s,:\]}[{"]/;

function isScalar(token: string): boolean {
  try {
    const value: unknown = JSON.parse(token);
    return value === null || typeof value === 'number' || typeof value === 'boolean';
  } catch {
    return false;
  }
}

/** The end of a string cut off after `body`: a cut escape completed, then the quote. */
function closeString(body: string): string {
  // A cut `\u12`: up to three hex digits after `u`, after a backslash.
  let end = body.length;
  while (end > 0 && body.length - end < 3 && isHexDigit(body.charCodeAt(end - 1))) end -= 1;
  const unicode = end > 0 && body.charCodeAt(end - 1) === 0x75;
  if (!unicode) end = body.length;
  else end -= 1;
  let backslashes = 0;
  while (end - backslashes > 0 && body.charCodeAt(end - backslashes - 1) === BACKSLASH) {
    backslashes += 1;
  }
  // Only an odd run of backslashes escapes what follows it (an even one is escaped backslashes).
  if (backslashes % 2 === 0) return '"';
  return unicode ? `${'0'.repeat(4 - (body.length - end - 1))}"` : 'n"';
}

/** The closers of every container above the outermost, after `value`. */
function finish(
  stack: readonly number[],
  value: string,
  topHasMember: boolean,
): { closers: string; topHasMember: boolean } {
  let closers = value;
  for (let index = stack.length - 1; index >= 1; index -= 1) {
    closers += stack[index] === OPEN_BRACE ? '}' : ']';
  }
  return { closers, topHasMember };
}
