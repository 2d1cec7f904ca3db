/**
 * Call objects that write a key twice (`{"name": "ls", "arguments": {...}, "name": "rm"}`).
 * `JSON.parse` keeps the last value without a trace, while a reader that keeps the first (or a
 * stream that started the call from its first name) sees `ls`: which call the model meant is a
 * guess, so the call is refused (see `readCallObject`), by `parse` and stream alike.
 *
 * Only where `parseJson` is asked to (`callObjects`): where the payload is a call object or a
 * list of them (every JSON call syntax asks), not for an arguments object, which keeps JSON's
 * reading. Only call objects are looked at: the payload's top-level object, or each object of a
 * top-level list. The readers note what they see: the lenient ones as they build each object, the
 * native path by one pass over the text `JSON.parse` accepted ({@link findRepeatedKeys}). The
 * usual call object (`{"name": .., "arguments": {..}}`) never gets here: `readPlainCall` proves
 * its keys distinct as it reads it.
 */
import { isBlank } from '../formats/shared/blanks.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './char-codes.js';

/** Call objects that write a key twice, with the first key written twice. */
const REPEATED = new WeakMap<object, string>();

/**
 * The first key a call object wrote twice, when a payload reader saw one.
 *
 * @param object - A decoded call object.
 * @returns The key, or `undefined`.
 * @example
 * ```ts
 * repeatedKeyOf(readJsonPayload(context, start, end).values[0]); // 'name' for {"name":1,"name":2}
 * ```
 */
export function repeatedKeyOf(object: object): string | undefined {
  return REPEATED.get(object);
}

/**
 * Notes that a call object wrote `key` twice (the first such key is kept).
 *
 * @param object - The decoded object.
 * @param key - The key written again.
 */
export function noteRepeatedKey(object: object, key: string): void {
  if (!REPEATED.has(object)) REPEATED.set(object, key);
}

/**
 * Notes the first of an object's keys, in the order written, that repeats an earlier one.
 *
 * @param object - The decoded object.
 * @param keys - Its keys as written (decoded), repeats included.
 */
export function noteFirstRepeated(object: object, keys: readonly string[]): void {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) {
      noteRepeatedKey(object, key);
      return;
    }
    seen.add(key);
  }
}

/**
 * Notes the call objects of a text `JSON.parse` accepted that write a key twice: the top-level
 * object, or each object of a top-level list. One pass over the text, linear in its length; the
 * values under the keys are skipped, not read.
 *
 * @param text - Valid JSON (what `JSON.parse` read).
 * @param value - What `JSON.parse` returned for it.
 * @example
 * ```ts
 * const value = JSON.parse('[{"a": 1}, {"b": 1, "b": 2}]');
 * findRepeatedKeys('[{"a": 1}, {"b": 1, "b": 2}]', value);
 * repeatedKeyOf(value[1]); // 'b'
 * ```
 */
export function findRepeatedKeys(text: string, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  if (typeof single === 'object' && single !== null && keysWrittenOnce(text, single)) return;
  const scan = new KeyScan(text);
  scan.skipBlanks();
  if (!Array.isArray(value)) {
    scan.object(value);
    return;
  }
  // `[`, then items: each object item is a call object, read by its index.
  scan.at += 1;
  for (let index = 0; ; index += 1) {
    scan.skipBlanks();
    const unit = text.charCodeAt(scan.at);
    if (unit === CLOSE_BRACKET || Number.isNaN(unit)) return;
    const item: unknown = value[index];
    if (unit === OPEN_BRACE && typeof item === 'object' && item !== null) scan.object(item);
    else scan.skipValue();
    scan.skipBlanks();
    if (text.charCodeAt(scan.at) !== COMMA) return;
    scan.at += 1;
  }
}

/**
 * Whether the text shows at a glance that the one call object in it writes no key twice: it holds
 * no escape, and each of the object's keys, quoted, occurs once in the whole text. A key written
 * twice would be written the same way twice (without escapes there is one spelling). A key
 * that also occurs elsewhere (inside the arguments) only sends the text to the full walk.
 */
function keysWrittenOnce(text: string, object: object): boolean {
  if (text.includes('\\')) return false;
  for (const key of Object.keys(object)) {
    const quoted = `"${key}"`;
    const first = text.indexOf(quoted);
    if (first === -1 || text.includes(quoted, first + 1)) return false;
  }
  return true;
}

/** A walk over valid JSON text. */
class KeyScan {
  at = 0;

  constructor(private readonly text: string) {}

  skipBlanks(): void {
    while (isBlank(this.text.charCodeAt(this.at))) this.at += 1;
  }

  /** Reads the object at `at` (its `{`), noting its first key written twice; ends after its `}`. */
  object(decoded: object): void {
    const { text } = this;
    const keys: string[] = [];
    this.at += 1;
    for (;;) {
      this.skipBlanks();
      if (text.charCodeAt(this.at) !== QUOTE) break;
      keys.push(this.key());
      this.skipBlanks();
      this.at += 1; // `:`
      this.skipBlanks();
      this.skipValue();
      this.skipBlanks();
      if (text.charCodeAt(this.at) !== COMMA) break;
      this.at += 1;
    }
    this.at += 1; // `}`
    noteFirstRepeated(decoded, keys);
  }

  /** Reads the key string at `at`, decoded; ends after its closing quote. */
  private key(): string {
    const { text } = this;
    const start = this.at;
    const end = this.stringEnd();
    const raw = text.slice(start + 1, end - 1);
    // A key with an escape (`"n\u0061me"` is `name`) is decoded as JSON.parse decodes it.
    return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
  }

  /** Moves past the string whose quote is at `at`; returns where it ends (after its quote). */
  private stringEnd(): number {
    const { text } = this;
    let at = this.at + 1;
    for (;;) {
      const unit = text.charCodeAt(at);
      if (unit === QUOTE || Number.isNaN(unit)) break;
      at += unit === BACKSLASH ? 2 : 1;
    }
    this.at = at + 1;
    return this.at;
  }

  /** Moves past the value at `at`, nested lists and objects included. */
  skipValue(): void {
    const { text } = this;
    let depth = 0;
    for (;;) {
      const unit = text.charCodeAt(this.at);
      if (Number.isNaN(unit)) return;
      if (unit === QUOTE) {
        this.stringEnd();
        if (depth === 0) return;
        continue;
      }
      if (unit === OPEN_BRACE || unit === OPEN_BRACKET) depth += 1;
      else if (unit === CLOSE_BRACE || unit === CLOSE_BRACKET) {
        // A closer at depth 0 is the enclosing container's: the scalar before it has ended.
        if (depth === 0) return;
        depth -= 1;
        if (depth === 0) {
          this.at += 1;
          return;
        }
      } else if (depth === 0 && (unit === COMMA || isBlank(unit))) return;
      this.at += 1;
    }
  }
}
