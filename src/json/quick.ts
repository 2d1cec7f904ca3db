/**
 * A hand-written reader for the repairs models make most (unquoted keys, Python's `True`,
 * `False` and `None`, trailing commas), tried before the lenient grammar when `JSON.parse` has
 * refused a payload. It reads JSON plus only those repairs and gives up at anything else (a
 * comment, a single quote, a missing comma, an escape JSON does not have, a string a comma may
 * end early, ...), leaving the text to the grammar, which stays the reference: on every text the
 * quick reader finishes it gives the value and repairs the grammar and `lowerDocument` give
 * (test/json/quick.test.ts checks that on generated payloads and the corpus). The grammar builds
 * a node per value and a list per gap; for a repaired tool call of a hundred units that cost
 * several times what this single pass does.
 */
import type { Repair } from '../types.js';
import { isBlank, skipBlanks } from '../formats/shared/blanks.js';
import { decodeSimpleEscape } from './escape.js';
import { setOwn, type LoweredJson } from './lower.js';
import {
  itemRole,
  looksAtKeys,
  memberRole,
  noteRepeatedKey,
  NOT_LOOKED_AT,
  topRole,
  type CallObjectLayout,
  type KeyRole,
} from './repeated-keys.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  isHexDigit,
  OPEN_BRACKET,
  QUOTE,
} from './char-codes.js';

/**
 * Reads `text` when it is one list or object in JSON with only common repairs.
 *
 * @param text - A payload `JSON.parse` refused (lenient reading; never used for `strict`).
 * @param maxDepth - The deepest nesting the grammar accepts; deeper text is left to it.
 * @param offset - Offset of `text` in the whole output, added to each repair's offset.
 * @param callObjects - Where the call objects are whose keys written twice are noted, as
 * `parseJson`'s option says; `undefined` for none.
 * @returns The value and its repairs ordered by offset, as `lowerDocument` gives them for the
 * grammar's document; or `undefined` when the text needs anything else (the grammar then reads it).
 * @example
 * ```ts
 * readCommonRepairs('{a: True,}', 256, 0);
 * // { value: { a: true }, repairs: [unquoted-key at 1, python-literal at 4, trailing-comma at 8] }
 * readCommonRepairs("{'a': 1}", 256, 0); // undefined: single quotes are the grammar's
 * ```
 */
export function readCommonRepairs(
  text: string,
  maxDepth: number,
  offset: number,
  callObjects?: CallObjectLayout,
): LoweredJson | undefined {
  const reader = new QuickReader(text, maxDepth, offset);
  try {
    reader.skipBlanks();
    const open = text.charCodeAt(reader.at);
    if (open !== OPEN_BRACE && open !== OPEN_BRACKET) return undefined;
    const role =
      callObjects === undefined ? NOT_LOOKED_AT : topRole(callObjects, open === OPEN_BRACKET);
    const value = reader.value(role);
    if (value === GIVE_UP) return undefined;
    reader.skipBlanks();
    if (reader.at !== text.length) return undefined;
    const lowered: LoweredJson = { value, repairs: reader.repairs };
    if (reader.callListStarts !== undefined) lowered.itemStarts = reader.callListStarts;
    return lowered;
  } catch {
    // Only a stack overflow (a maxDepth far above the default) throws here: the grammar decides.
    return undefined;
  }
}

/** What a reading step returns when the text needs the grammar. */
const GIVE_UP: unique symbol = Symbol('give up');

class QuickReader {
  /** The next unit to read. */
  at = 0;
  /** Lists and objects open around `at`. */
  private depth = 0;
  /** Repairs in text order (so ordered by offset: no two are made at one offset). */
  readonly repairs: Repair[] = [];
  /** Where the items of the first list of call objects start, absolute (see `noteCallObjects`). */
  callListStarts: number[] | undefined;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly offset: number,
  ) {}

  skipBlanks(): void {
    this.at = skipBlanks(this.text, this.at);
  }

  /**
   * A value at `at`; a number or word must be followed by a blank or `,`, `]` or `}`. `role` says
   * whether it is (or holds) a call object whose repeated keys are noted (see `repeated-keys.ts`).
   */
  value(role: KeyRole): unknown {
    const text = this.text;
    const start = this.at;
    const unit = text.charCodeAt(start);
    switch (unit) {
      case OPEN_BRACE:
        return this.object(role);
      case OPEN_BRACKET:
        return this.array(itemRole(role));
      case QUOTE:
        return this.string();
      case 0x74: // t
        return this.word('true', true, false);
      case 0x66: // f
        return this.word('false', false, false);
      case 0x6e: // n
        return this.word('null', null, false);
      case 0x54: // T
        return this.word('True', true, true);
      case 0x46: // F
        return this.word('False', false, true);
      case 0x4e: // N
        return this.word('None', null, true);
      default:
        return unit === 0x2d || isDigit(unit) ? this.number() : GIVE_UP;
    }
  }

  private word(spelling: string, value: unknown, python: boolean): unknown {
    const start = this.at;
    if (!this.text.startsWith(spelling, start)) return GIVE_UP;
    const end = start + spelling.length;
    // The grammar reads `trueish` or `None(...)` otherwise (a bare word, a call).
    if (!endsToken(this.text.charCodeAt(end))) return GIVE_UP;
    if (python) this.repair('python-literal', start);
    this.at = end;
    return value;
  }

  /** A JSON number: `-`, then `0` or digits not starting with 0, a fraction, an exponent. */
  private number(): unknown {
    const text = this.text;
    const start = this.at;
    let at = start;
    if (text.charCodeAt(at) === 0x2d) at += 1;
    const lead = text.charCodeAt(at);
    if (lead === 0x30) at += 1;
    else if (isDigit(lead)) at = skipDigits(text, at + 1);
    else return GIVE_UP;
    if (text.charCodeAt(at) === 0x2e) {
      if (!isDigit(text.charCodeAt(at + 1))) return GIVE_UP;
      at = skipDigits(text, at + 2);
    }
    let unit = text.charCodeAt(at);
    if (unit === 0x65 || unit === 0x45) {
      at += 1;
      unit = text.charCodeAt(at);
      if (unit === 0x2b || unit === 0x2d) at += 1;
      if (!isDigit(text.charCodeAt(at))) return GIVE_UP;
      at = skipDigits(text, at + 1);
    }
    // `05`, `1.2.3`, `2024-10-18`, `1e5x` are bare words or other forms to the grammar.
    if (!endsToken(text.charCodeAt(at))) return GIVE_UP;
    this.at = at;
    return Number(text.slice(start, at));
  }

  /**
   * A double-quoted string with JSON's escapes. The caller checks what follows its closing quote
   * (after blanks, a `,`, `:`, `]` or `}`), which is where the grammar accepts that quote as the
   * end. A comma followed by a quote may end the string early in the grammar: left to it.
   */
  private string(): unknown {
    const text = this.text;
    let at = this.at + 1;
    let from = at;
    let decoded = '';
    for (;;) {
      const unit = text.charCodeAt(at);
      if (unit === QUOTE) break;
      if (unit === BACKSLASH) {
        const escaped = this.escape(at);
        if (escaped === undefined) return GIVE_UP;
        decoded += text.slice(from, at) + escaped;
        at += text.charCodeAt(at + 1) === 0x75 ? 6 : 2;
        from = at;
        continue;
      }
      // Control units (and NaN, the end of the text) are repairs or cut-off strings.
      if (!(unit >= 0x20)) return GIVE_UP;
      if (unit === COMMA && commaMayEnd(text, at + 1)) return GIVE_UP;
      at += 1;
    }
    this.at = at + 1;
    return decoded + text.slice(from, at);
  }

  /** The character a JSON escape at `at` stands for, or undefined for any other backslash. */
  private escape(at: number): string | undefined {
    const text = this.text;
    const unit = text.charCodeAt(at + 1);
    if (unit === 0x75) {
      // `\uXXXX`, decoded as the lowering decodes it.
      for (let index = at + 2; index < at + 6; index += 1)
        if (!isHexDigit(text.charCodeAt(index))) return undefined;
      return String.fromCharCode(Number.parseInt(text.slice(at + 2, at + 6), 16));
    }
    const decoded = decodeSimpleEscape(unit);
    return decoded === '' ? undefined : decoded;
  }

  /** A list whose items have the role `itemsRole`. */
  private array(itemsRole: KeyRole): unknown {
    if (this.depth >= this.maxDepth) return GIVE_UP;
    this.depth += 1;
    const text = this.text;
    const items: unknown[] = [];
    // A list of call objects (roles nest no second one): where each of its items starts.
    let starts: number[] | undefined;
    if (itemsRole !== NOT_LOOKED_AT && this.callListStarts === undefined) {
      starts = this.callListStarts = [];
    }
    this.at += 1;
    this.skipBlanks();
    if (text.charCodeAt(this.at) !== CLOSE_BRACKET) {
      for (;;) {
        starts?.push(this.offset + this.at);
        const item = this.value(itemsRole);
        if (item === GIVE_UP) return GIVE_UP;
        items.push(item);
        if (!this.afterItem(CLOSE_BRACKET)) return GIVE_UP;
        if (text.charCodeAt(this.at) === CLOSE_BRACKET) break;
      }
    }
    this.at += 1;
    this.depth -= 1;
    return items;
  }

  private object(role: KeyRole): unknown {
    if (this.depth >= this.maxDepth) return GIVE_UP;
    this.depth += 1;
    const text = this.text;
    const object: Record<string, unknown> = {};
    const callObject = looksAtKeys(role);
    this.at += 1;
    this.skipBlanks();
    if (text.charCodeAt(this.at) !== CLOSE_BRACE) {
      for (;;) {
        const key = this.key();
        if (key === GIVE_UP) return GIVE_UP;
        this.skipBlanks();
        if (text.charCodeAt(this.at) !== COLON) return GIVE_UP;
        this.at += 1;
        this.skipBlanks();
        const value = this.value(callObject ? memberRole(role, key) : NOT_LOOKED_AT);
        if (value === GIVE_UP) return GIVE_UP;
        if (callObject && Object.hasOwn(object, key)) noteRepeatedKey(object, key);
        setOwn(object, key, value);
        if (!this.afterItem(CLOSE_BRACE)) return GIVE_UP;
        if (text.charCodeAt(this.at) === CLOSE_BRACE) break;
      }
    }
    this.at += 1;
    this.depth -= 1;
    return object;
  }

  /** A quoted key, or a bare one of letters, digits, `_` and `$` followed by a blank or `:`. */
  private key(): string | typeof GIVE_UP {
    const text = this.text;
    const start = this.at;
    if (text.charCodeAt(start) === QUOTE) return this.string() as string | typeof GIVE_UP;
    let at = start;
    while (isKeyUnit(text.charCodeAt(at))) at += 1;
    if (at === start) return GIVE_UP;
    // The grammar's bare key runs on to any unit but a blank, a delimiter or a quote.
    const next = text.charCodeAt(at);
    if (next !== COLON && !isBlank(next)) return GIVE_UP;
    this.repair('unquoted-key', start);
    this.at = at;
    return text.slice(start, at);
  }

  /**
   * After an item: blanks, then a comma and the next item, or the closer (a comma before it is a
   * trailing comma). Leaves `at` on the next item or on the closer; false for anything else.
   */
  private afterItem(closer: number): boolean {
    const text = this.text;
    const end = this.at;
    this.skipBlanks();
    const unit = text.charCodeAt(this.at);
    if (unit === closer) return true;
    if (unit !== COMMA) return false;
    this.at += 1;
    this.skipBlanks();
    const next = text.charCodeAt(this.at);
    if (next === closer) {
      this.repair('trailing-comma', end);
      return true;
    }
    // Another comma, the other closer or the end of the text are the grammar's to read.
    return next === next && next !== COMMA && next !== CLOSE_BRACE && next !== CLOSE_BRACKET;
  }

  private repair(kind: Repair['kind'], at: number): void {
    this.repairs.push({ kind, offset: this.offset + at });
  }
}

/** A comma inside a string followed (after blanks) by a quote: the grammar may end it there. */
function commaMayEnd(text: string, from: number): boolean {
  return text.charCodeAt(skipBlanks(text, from)) === QUOTE;
}

/**
 * Whether a number or a word may end before this unit: a blank, `,`, `]` or `}` (not the end of
 * the text: a token there may be cut off, which is the grammar's to read).
 */
function endsToken(unit: number): boolean {
  return unit === COMMA || unit === CLOSE_BRACE || unit === CLOSE_BRACKET || isBlank(unit);
}

function skipDigits(text: string, from: number): number {
  let at = from;
  while (isDigit(text.charCodeAt(at))) at += 1;
  return at;
}

function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

function isKeyUnit(unit: number): boolean {
  return (
    isDigit(unit) ||
    (unit >= 0x41 && unit <= 0x5a) ||
    (unit >= 0x61 && unit <= 0x7a) ||
    unit === 0x5f ||
    unit === 0x24
  );
}
