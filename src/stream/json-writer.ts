/**
 * An incremental canonical-JSON prefix writer: fed the raw text of a JSON value in any chunking,
 * it returns the part of `JSON.stringify(JSON.parse(raw))` that is already certain. Strings are
 * decoded and re-escaped as they arrive, numbers and literals once they end, separators only once
 * the next member starts (a trailing comma must not leak). At the first text strict JSON does not
 * allow it stalls: nothing more is emitted and the rest comes from the grammar at section end.
 *
 * Certain means: certain for strict JSON without duplicate keys and without array-index keys
 * (`"0"`, which `JSON.stringify` moves to the front). The caller checks the final value against
 * what was written, so these cases are caught, never silently wrong.
 */

/** Where the writer is; see {@link createJsonPrefixWriter}. */
export type JsonWriterState = 'open' | 'done' | 'stalled';

/** A writer for one JSON value. */
export interface JsonPrefixWriter {
  /**
   * Feeds the next raw text of the value.
   *
   * @param text - Raw JSON text (the first call starts with the value's first unit).
   * @returns Canonical JSON that became certain, possibly `''`.
   */
  write(text: string): string;
  readonly state: JsonWriterState;
}

// What the next unit may be.
const VALUE = 0; // a value (or `]` right after `[`)
const KEY_OR_CLOSE = 1; // after `{`: a key or `}`
const KEY_START = 2; // after `,` in an object: a key
const KEY = 3; // inside a key string
const COLON = 4; // after a key
const AFTER = 5; // after a value: `,` or a closer
const STRING = 6; // inside a string value
const NUMBER = 7; // inside a number
const LITERAL = 8; // inside true / false / null
const DONE = 9;
const STALLED = 10;

const NUMBER_FORM = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** What `JSON.stringify` writes for each simple escape's unit. */
const CANONICAL_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '/': '/',
  b: '\\b',
  f: '\\f',
  n: '\\n',
  r: '\\r',
  t: '\\t',
};

/**
 * Creates a writer for one JSON value.
 *
 * @param maxDepth - Nesting beyond this stalls the writer (the parser refuses it anyway).
 * @returns The writer.
 * @example
 * ```ts
 * const writer = createJsonPrefixWriter();
 * writer.write('{ "city" : "Ant'); // '{"city":"Ant'
 * writer.write('werp", "days": 2.0'); // 'werp"'
 * writer.write('}'); // ',"days":2}'
 * ```
 */
export function createJsonPrefixWriter(maxDepth = 256): JsonPrefixWriter {
  let mode = VALUE;
  // Open containers, innermost last: true for an object, false for an array.
  const objects: boolean[] = [];
  // Members written so far in each open container: decides whether a `,` goes before the next.
  const counts: number[] = [];
  // The decoded key being read; written only once its `:` arrives.
  let key = '';
  // Decoded string text not written yet (a trailing high surrogate waits for its pair).
  let pending = '';
  // Raw text of the number or literal being read; written once it ends.
  let token = '';
  // Inside a string: 0 none, 1 after `\`, 2 to 5 reading `\u` hex digits.
  let escape = 0;
  // The hex digits of a `\u` escape read so far.
  let hex = '';

  function flushString(all: boolean): string {
    if (pending === '') return '';
    let text = pending;
    pending = '';
    const last = text.charCodeAt(text.length - 1);
    if (!all && last >= 0xd800 && last <= 0xdbff) {
      pending = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text === '') return '';
    return needsEscape(text) ? JSON.stringify(text).slice(1, -1) : text;
  }

  /** Starts a value in the current container, returning the separator it needs. */
  function startValue(): string {
    const depth = counts.length;
    if (depth === 0 || objects[depth - 1] === true) return '';
    const count = counts[depth - 1] as number;
    counts[depth - 1] = count + 1;
    return count > 0 ? ',' : '';
  }

  function endValue(): void {
    mode = objects.length === 0 ? DONE : AFTER;
  }

  return {
    get state() {
      return mode === DONE ? 'done' : mode === STALLED ? 'stalled' : 'open';
    },
    write(text) {
      let out = '';
      let index = 0;
      while (index < text.length && mode !== DONE && mode !== STALLED) {
        const unit = text.charCodeAt(index);
        if (mode === STRING && escape === 0 && unit !== 0x22 && unit !== 0x5c && unit >= 0x20) {
          // A run of plain string text, copied in one slice.
          let end = index + 1;
          let surrogate = isSurrogate(unit);
          while (end < text.length) {
            const next = text.charCodeAt(end);
            if (next === 0x22 || next === 0x5c || next < 0x20) break;
            if (isSurrogate(next)) surrogate = true;
            end += 1;
          }
          // Without surrogates and with nothing waiting the run is written as it is (what
          // flushString would give), skipping the copy into `pending`.
          if (!surrogate && pending === '') out += text.slice(index, end);
          else pending += text.slice(index, end);
          index = end;
          continue;
        }
        const char = text[index] as string;
        if (mode === STRING || mode === KEY) {
          if (escape === 0) {
            if (char === '"') {
              if (mode === KEY) {
                mode = COLON;
              } else {
                out += flushString(true) + '"';
                endValue();
              }
            } else if (char === '\\') escape = 1;
            else if (unit < 0x20) mode = STALLED;
            else if (mode === KEY) key += char;
            else pending += char;
          } else if (escape === 1) {
            if (char === 'u') {
              escape = 2;
              hex = '';
            } else {
              const decoded = SIMPLE_ESCAPES[char];
              if (decoded === undefined) mode = STALLED;
              else if (mode === KEY) key += decoded;
              // Its canonical spelling is fixed, and it pairs with no surrogate waiting before it.
              else out += flushString(true) + (CANONICAL_ESCAPES[char] as string);
              escape = 0;
            }
          } else {
            if (!isHexUnit(unit)) {
              mode = STALLED;
              break;
            }
            hex += char;
            if (hex.length === 4) {
              const decoded = String.fromCharCode(parseInt(hex, 16));
              if (mode === KEY) key += decoded;
              else pending += decoded;
              escape = 0;
            }
          }
          index += 1;
          continue;
        }
        if (mode === NUMBER || mode === LITERAL) {
          const more = mode === NUMBER ? isNumberUnit(unit) : unit >= 0x61 && unit <= 0x7a;
          if (more) {
            token += char;
            index += 1;
            continue;
          }
          // The token ended at this unit: write it, then read the unit again as what follows.
          const written = mode === NUMBER ? canonicalNumber(token) : isLiteral(token) ? token : '';
          if (written === '') {
            mode = STALLED;
            break;
          }
          out += written;
          token = '';
          endValue();
          continue;
        }
        index += 1;
        if (unit === 0x20 || unit === 0x0a || unit === 0x0d || unit === 0x09) continue;
        switch (mode) {
          case VALUE:
            if (char === ']' && objects[objects.length - 1] === false && counts.at(-1) === 0) {
              objects.pop();
              counts.pop();
              out += ']';
              endValue();
            } else if (char === '{' || char === '[') {
              if (objects.length >= maxDepth) {
                mode = STALLED;
                break;
              }
              out += startValue() + char;
              objects.push(char === '{');
              counts.push(0);
              mode = char === '{' ? KEY_OR_CLOSE : VALUE;
            } else if (char === '"') {
              out += startValue() + '"';
              mode = STRING;
            } else if (char === '-' || (unit >= 0x30 && unit <= 0x39)) {
              out += startValue();
              token = char;
              mode = NUMBER;
            } else if (char === 't' || char === 'f' || char === 'n') {
              out += startValue();
              token = char;
              mode = LITERAL;
            } else mode = STALLED;
            break;
          case KEY_OR_CLOSE:
          case KEY_START:
            if (char === '"') {
              key = '';
              mode = KEY;
            } else if (char === '}' && mode === KEY_OR_CLOSE) {
              objects.pop();
              counts.pop();
              out += '}';
              endValue();
            } else mode = STALLED;
            break;
          case COLON:
            if (char !== ':' || ARRAY_INDEX.test(key)) {
              mode = STALLED;
              break;
            }
            {
              const count = counts[counts.length - 1] as number;
              counts[counts.length - 1] = count + 1;
              out +=
                (count > 0 ? ',' : '') +
                (needsEscape(key) ? JSON.stringify(key) : `"${key}"`) +
                ':';
            }
            mode = VALUE;
            break;
          case AFTER: {
            const inObject = objects[objects.length - 1] === true;
            if (char === ',') mode = inObject ? KEY_START : VALUE;
            else if (char === (inObject ? '}' : ']')) {
              objects.pop();
              counts.pop();
              out += char;
              endValue();
            } else mode = STALLED;
            break;
          }
          default:
            mode = STALLED;
        }
      }
      if (mode === STRING) out += flushString(false);
      return out;
    },
  };
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

function isHexUnit(unit: number): boolean {
  return (
    (unit >= 0x30 && unit <= 0x39) ||
    (unit >= 0x41 && unit <= 0x46) ||
    (unit >= 0x61 && unit <= 0x66)
  );
}

/** The units a JSON number is spelled with: digits, `.`, `e`, `E`, `+`, `-`. */
function isNumberUnit(unit: number): boolean {
  return (
    (unit >= 0x30 && unit <= 0x39) ||
    unit === 0x2e ||
    unit === 0x65 ||
    unit === 0x45 ||
    unit === 0x2b ||
    unit === 0x2d
  );
}

/** Longest plain integer written back as it is: beyond 15 digits a double may round it. */
const EXACT_DIGITS = 15;

/**
 * The canonical spelling of a JSON number token (`JSON.stringify(Number(token))`), or `''` when
 * the token is not a strict JSON number. A plain integer of at most 15 digits is its own
 * canonical spelling (no exponent, no fraction; `-0` excepted), which spares the conversion.
 */
function canonicalNumber(token: string): string {
  const negative = token.charCodeAt(0) === 0x2d;
  const digits = token.length - (negative ? 1 : 0);
  if (digits > 0 && digits <= EXACT_DIGITS) {
    let plain = true;
    for (let index = negative ? 1 : 0; index < token.length && plain; index += 1) {
      const unit = token.charCodeAt(index);
      plain = unit >= 0x30 && unit <= 0x39;
    }
    const first = token.charCodeAt(negative ? 1 : 0);
    if (plain && (first !== 0x30 || (digits === 1 && !negative))) return token;
  }
  return NUMBER_FORM.test(token) ? JSON.stringify(Number(token)) : '';
}

/** True when `JSON.stringify` would write some unit of `text` other than as itself. */
function needsEscape(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || unit === 0x22 || unit === 0x5c || (unit >= 0xd800 && unit <= 0xdfff)) {
      return true;
    }
  }
  return false;
}

function isLiteral(token: string): boolean {
  return token === 'true' || token === 'false' || token === 'null';
}
