/**
 * An incremental canonical-JSON prefix writer: fed the raw text of a JSON value in any chunking,
 * it returns the part of `JSON.stringify(JSON.parse(raw))` that is already certain. Strings are
 * decoded and re-escaped as they arrive, numbers and literals once they end, separators only once
 * the next member starts (a trailing comma must not leak). At the first text strict JSON does not
 * allow it stalls: nothing more is emitted and the rest comes from the grammar at section end.
 *
 * Certain means: certain for strict JSON without duplicate keys and without array-index keys
 * after other keys (`"0"`, which `JSON.stringify` moves to the front). With those the text is
 * still written in the order the model wrote it, so it reads back (`JSON.parse`) as the same
 * value; the caller compares the final value with what was written (see `emitCall`).
 */
import { isBlank } from '../formats/shared/blanks.js';
import { decodeSimpleEscape } from '../json/escape.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../json/char-codes.js';

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
const AFTER_KEY = 4; // after a key
const AFTER = 5; // after a value: `,` or a closer
const STRING = 6; // inside a string value
const NUMBER = 7; // inside a number
const LITERAL = 8; // inside true / false / null
const DONE = 9;
const STALLED = 10;
const CLOSING = 11; // after a string value's quote, until what follows shows it closes the string

/** Most keys of one object checked for {@link PrefixWriter.plainKeys}. */
const CHECKED_KEYS = 64;

const NUMBER_FORM = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

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
  return new PrefixWriter(maxDepth);
}

/**
 * A writer that also says whether it has written the raw text as it came (see `verbatim`), and
 * whether `JSON.stringify` keeps its keys as written (see `plainKeys`).
 */
export interface CallArgumentsWriter extends JsonPrefixWriter {
  readonly verbatim: boolean;
  readonly plainKeys: boolean;
  /**
   * {@link JsonPrefixWriter.write} of a one-unit text whose code the caller has read already.
   *
   * @param unit - `char.charCodeAt(0)`.
   * @param char - The one-unit text.
   * @returns Canonical JSON that became certain, possibly `''`.
   */
  writeUnit(unit: number, char: string): string;
  /**
   * Units of raw text read up to and including the one that completed the arguments (meaningful
   * once `state` is `'done'`), for writers that say where their call ends: a stream reads the
   * section's next call head from there (see `Format.readNextCallHead`). Absent otherwise.
   */
  readonly readLength?: number;
}

/**
 * Creates the writer of a started call's arguments.
 *
 * @param maxDepth - Nesting beyond this stalls the writer.
 * @param stops - Tokens where the syntax ends the arguments' text (`CallHead.stops`): one right
 * after a held run in a string means the string never closed, and the run is never written.
 * @returns The writer.
 */
export function createCallArgumentsWriter(
  maxDepth: number,
  stops: readonly string[] = NO_STOPS,
): CallArgumentsWriter {
  return new PrefixWriter(maxDepth, stops);
}

const NO_STOPS: readonly string[] = [];

/**
 * The writer as a class: its `state` getter lives on the prototype, so every writer shares one
 * hidden class and the stream's calls into it stay monomorphic (an object literal with a getter
 * gets a hidden class of its own per writer, one per call streamed).
 */
class PrefixWriter implements JsonPrefixWriter {
  private readonly maxDepth: number;
  private mode = VALUE;
  // Open containers, innermost last: for an object -1 - where its keys start in `keys`, else how
  // many members of the array were written (whether a `,` goes before the next). One array of
  // small integers, pushed and popped once per container.
  private readonly stack: number[] = [];
  // What the key being read writes once its `:` arrives: the `,` it needs, its opening quote and
  // its decoded units so far. Built as the key is read so that the `:` adds only its end.
  private key = '';
  // Where the decoded key starts in `key`: 1 after `{`, 2 after `,` (a `,` goes first).
  private keyStart = 1;
  // Decoded string text not written yet (a trailing high surrogate waits for its pair).
  private pending = '';
  // Where text held back starts in `pending`, or -1. The lenient reading the parse falls back on
  // ends a string early where strict JSON goes on: before a `,` that blanks and a quote opening
  // something follow (the model left the quote out), and at a `}` or `]` when the string never
  // closes. So a run of `,`, `}`, `]`, spaces and tabs in a string is held until other text
  // follows it (content either way) or the string closes: written early, it could spell a
  // string the parse does not read.
  private holdAt = -1;
  // Where, after a held run, text that may be one of `stops` starts in `pending`, or -1.
  private stopFrom = -1;
  private readonly stops: readonly string[];
  // Raw text of the number being read; written once it ends.
  private token = '';
  // The literal (`true`, `false` or `null`) whose first unit was read, and how many of its units
  // the units read so far match, -1 once one does not: no string is built for a literal.
  private literal = '';
  private matched = 0;
  // Inside a string: 0 none, 1 after `\`, 2 to 5 reading the hex digits of a `\u` escape (2 + how
  // many were read).
  private escape = 0;
  // The value of the `\u` escape's hex digits read so far (a number: no string to build or parse).
  private hex = 0;
  /**
   * True while everything written is the raw text read, unit for unit (compact JSON in canonical
   * form): what was written is then the raw text's first units, and the caller need not keep a
   * copy of it (see `StartedCall`). A blank skipped, an escape or number respelled, or a key
   * written by `JSON.stringify` makes it false for good.
   */
  verbatim = true;
  /**
   * True while no object had a key twice, a key that may be an array index (`JSON.stringify`
   * writes those first), or more keys than are checked: then `JSON.stringify(JSON.parse(raw))`
   * keeps the keys in the order written, and, with {@link verbatim}, is the raw text itself.
   */
  plainKeys = true;
  // The keys of the open objects, outermost first, while `plainKeys` is true; the first
  // `keyCount` entries are in use (entries past it are stale, overwritten as keys come).
  private readonly keys: string[] = [];
  private keyCount = 0;
  /**
   * Units read while the value was open (see `CallArgumentsWriter.readLength`): once it is done,
   * where it ended.
   */
  readLength = 0;

  constructor(maxDepth: number, stops: readonly string[] = NO_STOPS) {
    this.maxDepth = maxDepth;
    this.stops = stops;
  }

  get state(): JsonWriterState {
    return this.mode === DONE ? 'done' : this.mode === STALLED ? 'stalled' : 'open';
  }

  write(text: string): string {
    // Most deltas are one unit (a token each): read by its code, without the general loop.
    if (text.length === 1) return this.writeUnit(text.charCodeAt(0), text);
    if (this.mode === STRING && this.escape === 0 && this.pending === '') {
      // Most longer deltas of a long string argument are plain text: written as they are, uncopied.
      let index = 0;
      while (index < text.length) {
        const unit = text.charCodeAt(index);
        if (!isPlainStringUnit(unit) || (unit >= 0xd800 && unit <= 0xdfff)) break;
        index += 1;
      }
      if (index === text.length) {
        this.readLength += index;
        return text;
      }
    }
    return this.read(text);
  }

  /** What {@link read} does for a text of one unit, `char` being that unit as a string. */
  writeUnit(unit: number, char: string): string {
    const mode = this.mode;
    // Counted here, uncounted below once the value is done: one add on the hot path.
    this.readLength += 1;
    switch (mode) {
      case STRING: {
        if (this.escape === 0 && isPlainStringUnit(unit)) {
          if (this.pending === '' && (unit < 0xd800 || unit > 0xdfff)) return char;
          if (this.holdAt !== -1) return this.heldUnit(unit, char);
          this.pending += char;
          return this.flushString(false);
        }
        const out = this.stringUnit(STRING, unit);
        return this.mode === STRING ? out + this.flushString(false) : out;
      }
      case CLOSING:
        return this.closing(unit);
      case KEY:
        if (this.escape === 0 && isPlainUnit(unit)) {
          this.key += char;
          return '';
        }
        return this.stringUnit(KEY, unit);
      case NUMBER:
        if (isNumberUnit(unit)) {
          this.token += char;
          return '';
        }
        return this.endToken(NUMBER, unit);
      case LITERAL:
        if (unit >= 0x61 && unit <= 0x7a) {
          this.matchLiteral(unit);
          return '';
        }
        return this.endToken(LITERAL, unit);
      case DONE:
      case STALLED:
        this.readLength -= 1;
        return '';
      default: {
        const out = this.structural(mode, unit);
        return this.mode === STRING ? out + this.flushString(false) : out;
      }
    }
  }

  private flushString(all: boolean): string {
    if (this.pending === '') return '';
    let text = this.pending;
    this.pending = '';
    if (all) {
      this.holdAt = -1;
      this.stopFrom = -1;
    } else if (this.holdAt !== -1) {
      // The held run stays back; what precedes it is written (a high surrogate before a `,` is
      // lone for good).
      this.pending = text.slice(this.holdAt);
      text = text.slice(0, this.holdAt);
      if (this.stopFrom !== -1) this.stopFrom -= this.holdAt;
      this.holdAt = 0;
      if (text === '') return '';
    }
    const last = text.charCodeAt(text.length - 1);
    if (!all && this.holdAt === -1 && last >= 0xd800 && last <= 0xdbff) {
      this.pending = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text === '' || !needsEscape(text, 0)) return text;
    const escaped = JSON.stringify(text).slice(1, -1);
    // Paired surrogates are written as they came; a lone one is escaped.
    if (escaped !== text) this.verbatim = false;
    return escaped;
  }

  /** Starts a value in the current container, returning the separator it needs. */
  private startValue(): string {
    const stack = this.stack;
    const depth = stack.length;
    if (depth === 0) return '';
    const count = stack[depth - 1] as number;
    if (count < 0) return '';
    stack[depth - 1] = count + 1;
    return count > 0 ? ',' : '';
  }

  private endValue(): void {
    this.mode = this.stack.length === 0 ? DONE : AFTER;
  }

  /**
   * The number or literal being read ended at `unit`: writes it, then reads `unit` as what follows
   * it. Returns what it writes.
   */
  private endToken(mode: number, unit: number): string {
    // Strict JSON ends a number or literal only at a blank, a comma or a close. Another unit
    // (`4z`) makes the token something else to a lenient reading (the string `"4z"`): written at
    // it, the number would be text the call's arguments do not hold.
    if (!isBlank(unit) && unit !== COMMA && unit !== CLOSE_BRACE && unit !== CLOSE_BRACKET) {
      this.mode = STALLED;
      this.token = '';
      return '';
    }
    let written: string;
    if (mode === NUMBER) {
      written = canonicalNumber(this.token);
      if (written !== this.token) this.verbatim = false;
      this.token = '';
    } else written = this.matched === this.literal.length ? this.literal : '';
    if (written === '') {
      this.mode = STALLED;
      return '';
    }
    this.endValue();
    return this.mode === AFTER ? written + this.structural(AFTER, unit) : written;
  }

  /** Reads a letter of a literal (a letter beyond the literal's end mismatches too). */
  private matchLiteral(unit: number): void {
    const matched = this.matched;
    this.matched = matched >= 0 && this.literal.charCodeAt(matched) === unit ? matched + 1 : -1;
  }

  /**
   * A unit of a string (`mode` STRING) or key (`mode` KEY) other than plain text: its closing
   * quote, a unit of an escape, or a control character. Returns what it writes; the caller
   * flushes `pending` afterwards.
   */
  private stringUnit(mode: number, unit: number): string {
    const escape = this.escape;
    if (escape === 0) {
      if (unit === QUOTE) {
        // A key is written once its `:` comes; a value's quote once what follows confirms it
        // (see closing), but for a whole text that is one string, where nothing may follow.
        if (mode === KEY) {
          this.mode = AFTER_KEY;
          return '';
        }
        if (this.stack.length > 0) {
          // What precedes a held run is written now, as one unit at a time writes it.
          const out = this.flushString(false);
          this.mode = CLOSING;
          return out;
        }
        const out = this.flushString(true) + '"';
        this.endValue();
        return out;
      }
      if (unit === COMMA || unit === CLOSE_BRACE || unit === CLOSE_BRACKET) {
        // Only a value's: a key takes these as plain text (it is written at its `:`).
        if (this.holdAt === -1) this.holdAt = this.pending.length;
        this.pending += String.fromCharCode(unit);
        return this.flushString(false);
      }
      // Plain text is taken before this: what is left is a backslash or a control character.
      if (unit === BACKSLASH) {
        // An escape is text: a run held before it was content.
        this.holdAt = -1;
        this.stopFrom = -1;
        this.escape = 1;
        return mode === STRING ? this.flushString(false) : '';
      }
      this.mode = STALLED;
      return '';
    }
    if (escape === 1) {
      // `\u` escapes are decoded and `\/` is written `/`; the other escapes keep their spelling.
      if (unit === 0x75 || unit === 0x2f) this.verbatim = false;
      if (unit === 0x75) {
        this.escape = 2;
        this.hex = 0;
        return '';
      }
      const decoded = decodeSimpleEscape(unit);
      if (decoded === '') {
        this.mode = STALLED;
        return '';
      }
      this.escape = 0;
      if (mode === KEY) {
        this.key += decoded;
        return '';
      }
      // Its canonical spelling is fixed, and it pairs with no surrogate waiting before it.
      return this.flushString(true) + canonicalEscape(unit);
    }
    const digit = hexValue(unit);
    if (digit < 0) {
      this.mode = STALLED;
      return '';
    }
    const hex = this.hex * 16 + digit;
    if (escape < 5) {
      this.escape = escape + 1;
      this.hex = hex;
      return '';
    }
    this.escape = 0;
    const decoded = String.fromCharCode(hex);
    if (mode === KEY) this.key += decoded;
    else this.pending += decoded;
    return '';
  }

  /**
   * A plain unit of a string value after a held run (the other units are `stringUnit`'s; every
   * unit of a stop is plain). A blank goes on with the run; with stops, text that may be one stays
   * held with it, and a whole one stalls the writer (the string never closed: the run is never
   * written); anything else makes the run content.
   */
  private heldUnit(unit: number, char: string): string {
    if (this.stopFrom !== -1 || (unit !== 0x20 && unit !== 0x09)) {
      if (this.stops.length > 0) {
        const candidate = (this.stopFrom === -1 ? '' : this.pending.slice(this.stopFrom)) + char;
        let prefix = false;
        for (const stop of this.stops) {
          if (!stop.startsWith(candidate)) continue;
          if (stop.length === candidate.length) {
            this.mode = STALLED;
            return '';
          }
          prefix = true;
        }
        if (prefix) {
          if (this.stopFrom === -1) this.stopFrom = this.pending.length;
          this.pending += char;
          return '';
        }
      }
      this.holdAt = -1;
      this.stopFrom = -1;
    }
    this.pending += char;
    return this.flushString(false);
  }

  /**
   * A unit after a string value's quote. The lenient reading takes the quote for the string's end
   * only where a delimiter follows (else it is a quote inside the string, or the string's end
   * was left out further back): blanks wait, a `,`, `}` or `]` writes the string's held text
   * and the quote, anything else stalls with neither written.
   */
  private closing(unit: number): string {
    if (isBlank(unit)) {
      this.verbatim = false;
      return '';
    }
    if (unit !== COMMA && unit !== CLOSE_BRACE && unit !== CLOSE_BRACKET) {
      this.mode = STALLED;
      return '';
    }
    const out = this.flushString(true) + '"';
    this.endValue();
    return this.mode === AFTER ? out + this.structural(AFTER, unit) : out;
  }

  /**
   * A unit where a value, key, `:`, `,` or closer is due (`mode` VALUE, KEY_OR_CLOSE, KEY_START,
   * AFTER_KEY or AFTER). Returns what it writes.
   */
  private structural(mode: number, unit: number): string {
    if (isBlank(unit)) {
      this.verbatim = false;
      return '';
    }
    const stack = this.stack;
    switch (mode) {
      case VALUE:
        if (unit === QUOTE) {
          this.mode = STRING;
          return this.startValue() + '"';
        }
        if (unit === 0x2d || (unit >= 0x30 && unit <= 0x39)) {
          const separator = this.startValue();
          this.token = String.fromCharCode(unit);
          this.mode = NUMBER;
          return separator;
        }
        if (unit === 0x74 || unit === 0x66 || unit === 0x6e) {
          const separator = this.startValue();
          this.literal = unit === 0x74 ? 'true' : unit === 0x66 ? 'false' : 'null';
          this.matched = 1;
          this.mode = LITERAL;
          return separator;
        }
        if (unit === OPEN_BRACE || unit === OPEN_BRACKET) {
          if (stack.length >= this.maxDepth) {
            this.mode = STALLED;
            return '';
          }
          const separator = this.startValue();
          const object = unit === OPEN_BRACE;
          stack.push(object ? -1 - this.keyCount : 0);
          this.mode = object ? KEY_OR_CLOSE : VALUE;
          return object ? separator + '{' : separator + '[';
        }
        // An empty array's count is 0 (an object's is -1).
        if (unit === CLOSE_BRACKET && stack[stack.length - 1] === 0) {
          stack.pop();
          this.endValue();
          return ']';
        }
        this.mode = STALLED;
        return '';
      case KEY_OR_CLOSE:
      case KEY_START:
        if (unit === QUOTE) {
          // After `{` this is the first member; after `,` a member was written before it.
          const first = mode === KEY_OR_CLOSE;
          this.key = first ? '"' : ',"';
          this.keyStart = first ? 1 : 2;
          this.mode = KEY;
        } else if (unit === CLOSE_BRACE && mode === KEY_OR_CLOSE) {
          this.keyCount = -1 - (stack.pop() as number);
          this.endValue();
          return '}';
        } else this.mode = STALLED;
        return '';
      case AFTER_KEY: {
        const key = this.key;
        const start = this.keyStart;
        if (unit !== COLON) {
          this.mode = STALLED;
          return '';
        }
        this.mode = VALUE;
        if (this.plainKeys) this.noteKey(key.slice(start));
        if (!needsEscape(key, start)) return key + '":';
        // The key holds decoded escapes: written by JSON.stringify, maybe spelled otherwise.
        this.verbatim = false;
        return (start === 2 ? ',' : '') + JSON.stringify(key.slice(start)) + ':';
      }
      default: {
        // AFTER
        const inObject = (stack[stack.length - 1] as number) < 0;
        if (unit === COMMA) {
          this.mode = inObject ? KEY_START : VALUE;
          return '';
        }
        if (unit === (inObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
          const top = stack.pop() as number;
          if (inObject) this.keyCount = -1 - top;
          this.endValue();
          return inObject ? '}' : ']';
        }
        this.mode = STALLED;
        return '';
      }
    }
  }

  /** Checks a key of the innermost object against {@link plainKeys}, keeping it. */
  private noteKey(key: string): void {
    const first = key.charCodeAt(0);
    const from = -1 - (this.stack[this.stack.length - 1] as number);
    const count = this.keyCount;
    // Bounded, so that the check stays linear: an object with more keys is taken as not plain.
    if ((first >= 0x30 && first <= 0x39) || count - from >= CHECKED_KEYS) {
      this.plainKeys = false;
      return;
    }
    const keys = this.keys;
    for (let index = from; index < count; index += 1) {
      if (keys[index] === key) {
        this.plainKeys = false;
        return;
      }
    }
    keys[count] = key;
    this.keyCount = count + 1;
  }

  /** The general reader: through the states, plain runs of strings, keys and tokens at once. */
  private read(text: string): string {
    let out = '';
    let index = 0;
    while (index < text.length) {
      const mode = this.mode;
      if (mode === DONE || mode === STALLED) break;
      const unit = text.charCodeAt(index);
      if (
        mode === STRING &&
        this.holdAt !== -1 &&
        this.stops.length > 0 &&
        isPlainStringUnit(unit)
      ) {
        // After a held run, plain text unit by unit: it may be a stop.
        out += this.heldUnit(unit, text.charAt(index));
        index += 1;
        continue;
      }
      if (mode === STRING && this.escape === 0 && isPlainStringUnit(unit)) {
        // A run of plain string text, copied in one slice.
        let end = index + 1;
        let surrogate = isSurrogate(unit);
        let blanksOnly = unit === 0x20 || unit === 0x09;
        while (end < text.length) {
          const next = text.charCodeAt(end);
          if (!isPlainStringUnit(next)) break;
          if (isSurrogate(next)) surrogate = true;
          if (next !== 0x20 && next !== 0x09) blanksOnly = false;
          end += 1;
        }
        // Text other than blanks after a held run: the run was content.
        if (this.holdAt !== -1 && !blanksOnly) this.holdAt = -1;
        // Without surrogates and with nothing waiting the run is written as it is (what
        // flushString would give), skipping the copy into `pending`.
        if (!surrogate && this.pending === '') out += text.slice(index, end);
        else {
          // Written as one unit at a time writes it: all but a held run or a trailing high half.
          this.pending += text.slice(index, end);
          out += this.flushString(false);
        }
        index = end;
        continue;
      }
      if (mode === KEY && this.escape === 0 && isPlainUnit(unit)) {
        // A run of plain key text, added in one slice.
        let end = index + 1;
        while (end < text.length) {
          const next = text.charCodeAt(end);
          if (!isPlainUnit(next)) break;
          end += 1;
        }
        this.key += text.slice(index, end);
        index = end;
        continue;
      }
      if (mode === NUMBER || mode === LITERAL) {
        // The rest of the token's units in this text: a number's added in one slice.
        let end = index;
        if (mode === NUMBER) {
          while (end < text.length && isNumberUnit(text.charCodeAt(end))) end += 1;
          if (end > index) this.token += text.slice(index, end);
        } else {
          while (end < text.length) {
            const next = text.charCodeAt(end);
            if (next < 0x61 || next > 0x7a) break;
            this.matchLiteral(next);
            end += 1;
          }
        }
        if (end > index) {
          index = end;
          continue;
        }
        // The token ended at this unit, which endToken also reads as what follows.
        out += this.endToken(mode, unit);
      } else if (mode === STRING || mode === KEY) out += this.stringUnit(mode, unit);
      else if (mode === CLOSING) out += this.closing(unit);
      else out += this.structural(mode, unit);
      index += 1;
    }
    this.readLength += index;
    if (this.mode === STRING) out += this.flushString(false);
    return out;
  }
}

function isSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdfff;
}

/** The value of a hex digit unit, or -1 for any other unit. */
function hexValue(unit: number): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  if (unit >= 0x41 && unit <= 0x46) return unit - 0x37;
  if (unit >= 0x61 && unit <= 0x66) return unit - 0x57;
  return -1;
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

/**
 * Most digits a number may have and still be written back as it is: a decimal of at most 15
 * significant digits survives the trip through a double unchanged (DBL_DIG), so it is the
 * shortest spelling of its double, which is what `JSON.stringify` writes.
 */
const EXACT_DIGITS = 15;

/**
 * The canonical spelling of a JSON number token (`JSON.stringify(Number(token))`), or `''` when
 * the token is not a strict JSON number. A plain integer or decimal of at most 15 digits is its
 * own canonical spelling (`-0`, a fraction ending in `0`, and below 1e-6, where an exponent is
 * written, excepted), which spares the regular expression and the conversion.
 */
function canonicalNumber(token: string): string {
  const negative = token.charCodeAt(0) === 0x2d;
  const first = negative ? 1 : 0;
  let point = -1;
  let index = first;
  for (; index < token.length; index += 1) {
    const unit = token.charCodeAt(index);
    if (unit === 0x2e && point === -1) point = index;
    else if (unit < 0x30 || unit > 0x39) break;
  }
  const digits = token.length - first - (point === -1 ? 0 : 1);
  if (index === token.length && digits > 0 && digits <= EXACT_DIGITS) {
    const lead = token.charCodeAt(first);
    if (point === -1) {
      if (lead !== 0x30 || (digits === 1 && !negative)) return token;
    } else if (
      point > first &&
      point < token.length - 1 &&
      token.charCodeAt(token.length - 1) !== 0x30 &&
      (lead !== 0x30 || (point === first + 1 && zerosAfter(token, point) <= 5))
    ) {
      return token;
    }
  }
  return NUMBER_FORM.test(token) ? JSON.stringify(Number(token)) : '';
}

/** How many `0` units follow position `at`. */
function zerosAfter(token: string, at: number): number {
  let count = 0;
  while (token.charCodeAt(at + 1 + count) === 0x30) count += 1;
  return count;
}

/**
 * True when `JSON.stringify` would write some unit of `text` from `start` on other than as itself.
 */
function needsEscape(text: string, start: number): boolean {
  for (let index = start; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x20 || unit === QUOTE || unit === BACKSLASH || (unit >= 0xd800 && unit <= 0xdfff)) {
      return true;
    }
  }
  return false;
}

/**
 * What `JSON.stringify` writes for a simple escape, by the unit after its backslash (one of those
 * `decodeSimpleEscape` knows).
 */
function canonicalEscape(unit: number): string {
  switch (unit) {
    case QUOTE:
      return '\\"';
    case BACKSLASH:
      return '\\\\';
    case 0x2f:
      return '/';
    case 0x62:
      return '\\b';
    case 0x66:
      return '\\f';
    case 0x6e:
      return '\\n';
    case 0x72:
      return '\\r';
    default:
      return '\\t';
  }
}

/** Whether a JSON string holds the unit as written: not a quote, a backslash or a control unit. */
function isPlainUnit(unit: number): boolean {
  return unit !== QUOTE && unit !== BACKSLASH && unit >= 0x20;
}

/** A plain unit a string value writes at once: one that no held run starts with (see holdAt). */
function isPlainStringUnit(unit: number): boolean {
  return isPlainUnit(unit) && unit !== COMMA && unit !== CLOSE_BRACE && unit !== CLOSE_BRACKET;
}
