/**
 * Call objects that write a key twice (`{"name": "ls", "arguments": {...}, "name": "rm"}`).
 * `JSON.parse` keeps the last value without a trace, while a reader that keeps the first (or a
 * stream that started the call from its first name) sees `ls`: which call the model meant is a
 * guess, so the call is refused (see `readCallObject`), by `parse` and stream alike.
 *
 * Only where `parseJson` is asked to (`callObjects`, which says where the payload's call objects
 * are), never for an arguments object, which keeps JSON's reading. A call object's own keys are
 * looked at, and those of the `function` object OpenAI nests its name and arguments in
 * (`{"function": {"name": "ls", "name": "rm"}}` would otherwise run `rm` the same way). The
 * readers note what they see: the lenient ones as they build each object, the native path by one
 * pass over the text `JSON.parse` accepted ({@link findRepeatedKeys}). The usual call object
 * (`{"name": .., "arguments": {..}}`) never gets here: `readPlainCall` proves its keys distinct as
 * it reads it.
 */
import { isBlank } from '../formats/shared/blanks.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './char-codes.js';
import { closingQuote } from './scan.js';

/**
 * Where a payload's call objects are:
 * - `'calls'`: the payload is a call object, or a list of them (every JSON call syntax);
 * - `'message'`: the payload is an OpenAI message, `{"tool_calls": [...]}`, whose list holds
 *   them; the message's own keys are looked at too (`"tool_calls"` written twice).
 *
 * In both, the `function` object of a call object is looked at as well.
 */
export type CallObjectLayout = 'calls' | 'message';

/**
 * What a JSON value is to the check: whether its keys are looked at, and what its members or
 * items are. Small integers, compared at each member of a walked object.
 */
export type KeyRole = number;

/** Nothing under it is looked at. */
export const NOT_LOOKED_AT: KeyRole = 0;
/** A call object: its keys are looked at, and its `function` object. */
const CALL: KeyRole = 1;
/** A list of call objects. */
const CALL_LIST: KeyRole = 2;
/** The `function` object nested in a call object. */
const FUNCTION: KeyRole = 3;
/** An OpenAI message: its keys are looked at, and its `tool_calls` list. */
const MESSAGE: KeyRole = 4;

/**
 * The role of a payload's top-level value.
 *
 * @param layout - Where the payload's call objects are.
 * @param isList - The value is a list (else an object, or a scalar nothing is looked at in).
 * @returns Its role.
 */
export function topRole(layout: CallObjectLayout, isList: boolean): KeyRole {
  if (layout === 'calls') return isList ? CALL_LIST : CALL;
  return isList ? NOT_LOOKED_AT : MESSAGE;
}

/**
 * Whether an object of this role has its keys looked at.
 *
 * @param role - The object's role.
 * @returns True for call objects, their `function` objects and a message.
 */
export function looksAtKeys(role: KeyRole): boolean {
  return role === CALL || role === FUNCTION || role === MESSAGE;
}

/**
 * The role of the value under `key` in an object of role `role`.
 *
 * @param role - The object's role.
 * @param key - The member's key, decoded.
 * @returns `function` of a call object, `tool_calls` of a message; else {@link NOT_LOOKED_AT}.
 */
export function memberRole(role: KeyRole, key: string): KeyRole {
  if (role === CALL) return key === 'function' ? FUNCTION : NOT_LOOKED_AT;
  if (role === MESSAGE) return key === 'tool_calls' ? CALL_LIST : NOT_LOOKED_AT;
  return NOT_LOOKED_AT;
}

/**
 * The role of the items of a list of role `role`.
 *
 * @param role - The list's role.
 * @returns Call objects for a list of them; else {@link NOT_LOOKED_AT}.
 */
export function itemRole(role: KeyRole): KeyRole {
  return role === CALL_LIST ? CALL : NOT_LOOKED_AT;
}

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
  if (keys.length > FEW_KEYS) {
    noteFirstRepeatedInMany(object, keys);
    return;
  }
  // A call object has a handful of keys: comparing each with those before it costs less than
  // filling a set.
  for (let index = 1; index < keys.length; index += 1) {
    const key = keys[index] as string;
    for (let before = 0; before < index; before += 1) {
      if (keys[before] === key) {
        noteRepeatedKey(object, key);
        return;
      }
    }
  }
}

/** Up to this many keys are compared pairwise. */
const FEW_KEYS = 8;

function noteFirstRepeatedInMany(object: object, keys: readonly string[]): void {
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
 * Notes the call objects of a text `JSON.parse` accepted that write a key twice, where `layout`
 * says they are. One pass over the text, linear in its length; the values under keys that hold no
 * call object are skipped, not read.
 *
 * @param text - Valid JSON (what `JSON.parse` read).
 * @param value - What `JSON.parse` returned for it.
 * @param layout - Where its call objects are.
 * @example
 * ```ts
 * const value = JSON.parse('[{"a": 1}, {"b": 1, "b": 2}]');
 * findRepeatedKeys('[{"a": 1}, {"b": 1, "b": 2}]', value, 'calls');
 * repeatedKeyOf(value[1]); // 'b'
 * ```
 */
export function findRepeatedKeys(text: string, value: unknown, layout: CallObjectLayout): void {
  if (typeof value !== 'object' || value === null) return;
  if (layout === 'calls') {
    const single = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
    if (isRecord(single) && keysWrittenOnce(text, single)) return;
  }
  const scan = new KeyScan(text);
  scan.skipBlanks();
  scan.value(value, topRole(layout, Array.isArray(value)));
}

/**
 * Whether a decoded JSON value is an object (not a list, not null).
 *
 * @param value - A decoded value.
 * @returns True for an object.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether the text shows at a glance that the one call object in it writes no key twice, nor
 * does its `function` object: it holds no escape, and each of their keys, quoted, occurs once in
 * the whole text. A key written twice would be written the same way twice (without escapes there
 * is one spelling). A key that also occurs elsewhere (inside the arguments) only sends the text to
 * the full walk.
 */
function keysWrittenOnce(text: string, call: Record<string, unknown>): boolean {
  if (text.includes('\\')) return false;
  const nested = call['function'];
  return occurOnce(text, call) && (!isRecord(nested) || occurOnce(text, nested));
}

/** Whether each of the object's keys, quoted, occurs once in the text. */
function occurOnce(text: string, object: object): boolean {
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

  /**
   * Moves past the value at `at`, walking it when its role has call objects in it and it is the
   * object or list `decoded` is (a key written twice holds the last value: the walk of the
   * earlier one may then not match it, and is skipped).
   */
  value(decoded: unknown, role: KeyRole): void {
    const unit = this.text.charCodeAt(this.at);
    if (unit === OPEN_BRACE && looksAtKeys(role) && isRecord(decoded)) this.object(decoded, role);
    else if (unit === OPEN_BRACKET && itemRole(role) !== NOT_LOOKED_AT && Array.isArray(decoded))
      this.list(decoded, itemRole(role));
    else this.skipValue();
  }

  /** Reads the object at `at` (its `{`), noting its first key written twice; ends after its `}`. */
  private object(decoded: Record<string, unknown>, role: KeyRole): void {
    const { text } = this;
    const keys: string[] = [];
    this.at += 1;
    for (;;) {
      this.skipBlanks();
      if (text.charCodeAt(this.at) !== QUOTE) break;
      const key = this.key();
      keys.push(key);
      this.skipBlanks();
      this.at += 1; // `:`
      this.skipBlanks();
      const inner = memberRole(role, key);
      if (inner === NOT_LOOKED_AT) this.skipValue();
      else this.value(decoded[key], inner);
      this.skipBlanks();
      if (text.charCodeAt(this.at) !== COMMA) break;
      this.at += 1;
    }
    this.at += 1; // `}`
    noteFirstRepeated(decoded, keys);
  }

  /** Reads the list at `at` (its `[`), its items of role `role`; ends after its `]`. */
  private list(decoded: readonly unknown[], role: KeyRole): void {
    const { text } = this;
    this.at += 1;
    for (let index = 0; ; index += 1) {
      this.skipBlanks();
      const unit = text.charCodeAt(this.at);
      if (unit === CLOSE_BRACKET || Number.isNaN(unit)) break;
      this.value(decoded[index], role);
      this.skipBlanks();
      if (text.charCodeAt(this.at) !== COMMA) break;
      this.at += 1;
    }
    this.at += 1; // `]`
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
    // From quote to quote (an OpenAI call's arguments are a long JSON string: walked unit by unit
    // this was a quarter of reading the call).
    const close = closingQuote(text, this.at + 1, QUOTE);
    this.at = close === text.length ? close : close + 1;
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
