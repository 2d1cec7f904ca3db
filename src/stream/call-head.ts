/**
 * The head of a JSON call object (`{"name": "f", "arguments": {`), read from an incomplete
 * section so a stream can start the call before its arguments are complete. Only the plainest
 * spelling is read (`name` first, then an arguments field holding an object): anything else
 * waits for the grammar at the section's end.
 */
import type { CallHead } from '../formats/format.js';
import { COMMON_CALL_FIELDS } from '../formats/shared/call-object.js';
import { isBlank, skipBlanks } from '../formats/shared/blanks.js';
import { isWordUnit } from '../formats/shared/name-units.js';
import { startsAt } from '../starts-at.js';
import {
  BACKTICK,
  CLOSE_BRACE,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
} from '../json/char-codes.js';
import { scanJsonValue } from '../json/scan.js';
import { chainedHeads, headAfterCall } from './head-chain.js';

/** How far past `from` a head may end; a longer head is read at section end instead. */
export const HEAD_LIMIT = 1024;

/**
 * Whether what the text holds from `index` up to `limit` may still be `token`: the text (or the
 * head's reach, at `limit`) ends inside it. Head readers wait on it, or prove nothing.
 *
 * @param text - The text seen so far.
 * @param index - Where the token would start.
 * @param limit - Where the reader stops looking (the text's end, or the head's reach).
 * @param token - The token.
 * @returns True when `text.slice(index, limit)` is a prefix of `token`.
 * @example
 * ```ts
 * mayBeToken('f[AR', 1, 4, '[ARGS]'); // true
 * ```
 */
export function mayBeToken(text: string, index: number, limit: number, token: string): boolean {
  return token.startsWith(text.slice(index, limit));
}

/**
 * The keys a call object's head spells, in the order it spells them: the call's own id (where
 * the syntax writes one first), its name, then its arguments; or, with `nameIsKey`, the name as
 * the object's key and the arguments as its value. Made by {@link callHeadKeys}.
 */
export interface CallHeadKeys {
  /**
   * The tool's name is the call object's key, its arguments that key's value (Apertus writes
   * `{"get_weather": {"city": "Bern"}}`): the head is `{"NAME": {`, and the key lists are empty.
   */
  readonly nameIsKey: boolean;
  /** The key of the call's own id (a non-empty string) that may open the object. */
  readonly id: string | undefined;
  /** The keys that may name the tool. */
  readonly name: readonly string[];
  /** The keys that may hold the arguments object. */
  readonly arguments: readonly string[];
  /** The id key quoted, as written without escapes: compared in place, not sliced. */
  readonly quotedId: readonly string[];
  /** The name keys quoted. */
  readonly quotedName: readonly string[];
  /** The arguments keys quoted. */
  readonly quotedArguments: readonly string[];
}

/**
 * The keys a head reader looks for.
 *
 * @param keys - The id key (if the syntax writes one first), the name keys and the arguments keys.
 * @returns The keys, with their quoted spellings.
 * @example
 * ```ts
 * callHeadKeys({ id: 'tool_call_id', name: ['tool_name'], arguments: ['parameters'] });
 * ```
 */
export function callHeadKeys(keys: {
  id?: string;
  name: readonly string[];
  arguments: readonly string[];
  nameIsKey?: boolean;
}): CallHeadKeys {
  const quote = (key: string): string => `"${key}"`;
  return Object.freeze({
    nameIsKey: keys.nameIsKey === true,
    id: keys.id,
    name: keys.name,
    arguments: keys.arguments,
    quotedId: keys.id === undefined ? [] : [quote(keys.id)],
    quotedName: keys.name.map(quote),
    quotedArguments: keys.arguments.map(quote),
  });
}

/** The usual head: `"name"`, then one of the common arguments keys, and no id. */
const NAME_THEN_ARGUMENTS: CallHeadKeys = callHeadKeys({
  name: ['name'],
  arguments: COMMON_CALL_FIELDS.arguments,
});

/**
 * The head of a call object keyed by its tool's name (`{"get_weather": {`, Apertus): one key, the
 * name, whose value is the arguments object.
 */
export const NAME_AS_KEY: CallHeadKeys = callHeadKeys({ name: [], arguments: [], nameIsKey: true });

/**
 * Reads `{"name": <string>, <arguments field>: {` starting at `from` (leading whitespace allowed),
 * or the head `keys` spell (`{"tool_call_id": "0", "tool_name": "f", "parameters": {`, or
 * {@link NAME_AS_KEY}'s `{"f": {`).
 *
 * @param text - The text seen so far.
 * @param from - Where the call object should start.
 * @param keys - The keys the head spells (default: `name`, then a common arguments key).
 * @returns The head (its `argumentsStart` is the offset of the arguments' `{`; its `id` the id
 * written first, if `keys` name one), `'wait'` while the text ends inside a head that still fits,
 * or `undefined` when the text is not such a head.
 * @example
 * ```ts
 * readJsonCallHead('<tool_call>{"name": "f", "arguments": {"a"', 11);
 * // { name: 'f', argumentsStart: 38 }
 * ```
 */
export function readJsonCallHead(
  text: string,
  from: number,
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  // What to answer where the text ends inside the head: wait while it still fits.
  const short = limit < text.length ? undefined : 'wait';
  let index = skipBlanks(text, from, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== OPEN_BRACE) return undefined;
  let keyStart = skipBlanks(text, index + 1, limit);
  if (keys.nameIsKey) return readKeyedHead(text, keyStart, limit, short);
  let id: string | undefined;
  if (keys.id !== undefined) {
    const idKey = keyAt(text, keyStart, limit, keys.quotedId, [keys.id]);
    if (idKey === WAIT) return short;
    if (idKey) {
      index = skipBlanks(text, stringEnd, limit);
      if (index >= limit) return short;
      if (text.charCodeAt(index) !== COLON) return undefined;
      const value = readString(text, skipBlanks(text, index + 1, limit), limit);
      if (value === WAIT) return short;
      if (value === undefined || value === '') return undefined;
      id = value;
      index = skipBlanks(text, stringEnd, limit);
      if (index >= limit) return short;
      if (text.charCodeAt(index) !== COMMA) return undefined;
      keyStart = skipBlanks(text, index + 1, limit);
    }
  }
  const nameKey = keyAt(text, keyStart, limit, keys.quotedName, keys.name);
  if (nameKey === WAIT) return short;
  if (!nameKey) return undefined;
  index = skipBlanks(text, stringEnd, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== COLON) return undefined;
  const name = readString(text, skipBlanks(text, index + 1, limit), limit);
  if (name === WAIT) return short;
  if (name === undefined || name.trim() === '') return undefined;
  index = skipBlanks(text, stringEnd, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== COMMA) return undefined;
  const argumentsAt = skipBlanks(text, index + 1, limit);
  const argumentsKey = keyAt(text, argumentsAt, limit, keys.quotedArguments, keys.arguments);
  if (argumentsKey === WAIT) return short;
  if (!argumentsKey) return undefined;
  index = skipBlanks(text, stringEnd, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== COLON) return undefined;
  index = skipBlanks(text, index + 1, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== OPEN_BRACE) return undefined;
  return id === undefined ? { name, argumentsStart: index } : { name, argumentsStart: index, id };
}

/**
 * The rest of a {@link NAME_AS_KEY} head from its key at `from`: the name, a colon, and the `{`
 * of the arguments; `short` where the text (or the head's reach) ends first.
 */
function readKeyedHead(
  text: string,
  from: number,
  limit: number,
  short: 'wait' | undefined,
): CallHead | 'wait' | undefined {
  const name = readString(text, from, limit);
  if (name === WAIT) return short;
  if (name === undefined || name.trim() === '') return undefined;
  let index = skipBlanks(text, stringEnd, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== COLON) return undefined;
  index = skipBlanks(text, index + 1, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== OPEN_BRACE) return undefined;
  return { name, argumentsStart: index };
}

/** Three backticks: a markdown fence (grammar/json.peggy's `FenceOpen`). */
const FENCE = '```';

/**
 * Where a payload's JSON starts once a markdown fence opening it is passed: blanks, three
 * backticks and a language tag (`json`), as the lenient JSON reader passes them (`_ FenceOpen` in
 * grammar/json.peggy, less its comments and odd spaces, which leave the head to the section's
 * end). A hermes model sometimes fences its payload; its head is then read after the tag.
 *
 * @param text - The text seen so far.
 * @param from - Where the payload starts.
 * @returns Where the tag ends (the caller reads the head from there), `from` itself when no fence
 * opens the payload, `'wait'` while the text ends where a fence may still be opening, or
 * `undefined` past a head's reach.
 * @example
 * ```ts
 * afterFenceOpener('<tool_call>\n```json\n{"name"', 11); // 19
 * ```
 */
export function afterFenceOpener(text: string, from: number): number | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  const index = skipBlanks(text, from, limit);
  if (index >= limit || text.charCodeAt(index) !== BACKTICK) return from;
  if (!startsAt(text, FENCE, index)) return mayBeToken(text, index, limit, FENCE) ? 'wait' : from;
  let at = index + FENCE.length;
  while (at < limit && isFenceTagUnit(text.charCodeAt(at))) at += 1;
  if (at < limit) return at;
  return limit < text.length ? undefined : 'wait';
}

/** A unit of a fence's language tag: `[A-Za-z0-9_+-]`, as grammar/json.peggy's `FenceOpen`. */
function isFenceTagUnit(code: number): boolean {
  return isWordUnit(code) || code === 0x2b || code === 0x2d;
}

/**
 * The tokens that end a payload: one close tag, or several, the payload ending at the first of
 * them that occurs (Apertus's block ends at its suffix or at the next block's prefix).
 */
export type PayloadClose = string | readonly string[];

/**
 * {@link readJsonCallHead} on a payload that ends at the first `close` (hermes' `</tool_call>`):
 * a name string left open across the close tag is no head, since the payload the grammar reads
 * ends inside it. The close tag is looked for within the head's reach only.
 *
 * @param text - The text seen so far.
 * @param from - Where the payload starts.
 * @param close - The tag that ends the payload (or the tags, the first of which ends it).
 * @param keys - The keys the head spells (default: `name`, then a common arguments key).
 * @returns As `readJsonCallHead`; `undefined` where the close tag came inside the head.
 * @example
 * ```ts
 * readJsonCallHeadBefore('<tool_call>{"name": "f</tool_call>", "arguments": {', 11, '</tool_call>');
 * // undefined
 * ```
 */
export function readJsonCallHeadBefore(
  text: string,
  from: number,
  close: PayloadClose,
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): CallHead | 'wait' | undefined {
  const at =
    typeof close === 'string' ? closeAt(text, from, close) : firstCloseAt(text, from, close);
  const head = readJsonCallHead(at === -1 ? text : text.slice(0, from + at), from, keys);
  if (head === 'wait') return at === -1 ? head : undefined;
  if (head !== undefined) head.stops = typeof close === 'string' ? [close] : close;
  return head;
}

/** Where `close` first occurs within a head's reach of `from` (relative to `from`), or -1. */
function closeAt(text: string, from: number, close: string): number {
  const reach = Math.min(text.length, from + HEAD_LIMIT + close.length);
  return text.slice(from, reach).indexOf(close);
}

/** {@link closeAt} for the first of several close tags. */
function firstCloseAt(text: string, from: number, closes: readonly string[]): number {
  let first = -1;
  for (const close of closes) {
    const at = closeAt(text, from, close);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first;
}

/**
 * The head of the first call object in a JSON list that ends at the first `close` (jamba's
 * `<tool_calls>[...]</tool_calls>`, granite's `<tool_call>[...]</tool_call>`), or, without one,
 * where its JSON ends (phi4_mini's `functools[...]`): blanks, `[`, then
 * {@link readJsonCallHeadBefore} (or {@link readJsonCallHead}) after it.
 *
 * @param text - The text seen so far.
 * @param from - Where the payload starts.
 * @param close - The tag that ends the payload, if one does.
 * @returns As `readJsonCallHeadBefore`; `undefined` where the payload is not a list.
 * @example
 * ```ts
 * readJsonListCallHead('<tool_calls>[{"name": "f", "arguments": {', 12, '</tool_calls>');
 * // { name: 'f', argumentsStart: 39, stops: ['</tool_calls>'] }
 * ```
 */
export function readJsonListCallHead(
  text: string,
  from: number,
  close?: PayloadClose,
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): CallHead | 'wait' | undefined {
  const index = skipBlanks(text, from);
  if (index >= text.length) return 'wait';
  if (text.charCodeAt(index) !== OPEN_BRACKET) return undefined;
  return readCallObjectHead(text, index + 1, close, keys);
}

/** A call object's head, read before the closing tag if there is one. */
function readCallObjectHead(
  text: string,
  from: number,
  close: PayloadClose | undefined,
  keys: CallHeadKeys,
): CallHead | 'wait' | undefined {
  return close === undefined
    ? readJsonCallHead(text, from, keys)
    : readJsonCallHeadBefore(text, from, close, keys);
}

/**
 * The first call's head in a payload that holds a JSON list of call objects or one call object
 * (granite's `<|tool_call|>`, lfm2's JSON block): {@link readJsonListCallHead}, else
 * {@link readJsonCallHead} (or {@link readJsonCallHeadBefore} the payload's closing tag).
 *
 * @param text - The text seen so far.
 * @param from - Where the payload starts.
 * @param close - The tag that ends the payload, if one does.
 * @param keys - The keys the head spells (default: `name`, then a common arguments key).
 * @returns As `readJsonCallHead`.
 * @example
 * ```ts
 * readJsonListOrCallHead(' {"name": "f", "arguments": {', 0); // { name: 'f', argumentsStart: 28 }
 * ```
 */
export function readJsonListOrCallHead(
  text: string,
  from: number,
  close?: PayloadClose,
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): CallHead | 'wait' | undefined {
  return (
    readJsonListCallHead(text, from, close, keys) ?? readCallObjectHead(text, from, close, keys)
  );
}

/**
 * The head of the call object after one in a JSON list, read where that call's arguments ended
 * (`from`, just past their `}`): blanks, the `}` closing the call object, blanks, `,`, then
 * {@link readJsonCallHead} (or {@link readJsonCallHeadBefore} the list's closing tag). A call
 * object with more fields after its arguments, or a list going on any other way, gives no head:
 * the calls after it come whole at the section's end. Nor does one whose arguments hold the
 * closing tag (in a string, which the stream's writer reads on): the payload ends at that tag.
 *
 * @param text - The text seen so far.
 * @param from - Where the previous call's arguments ended.
 * @param close - The tag that ends the payload, if one does.
 * @param previousArguments - The previous call's arguments (looked through for `close`).
 * @returns As `readJsonCallHead`.
 * @example
 * ```ts
 * readNextJsonListCallHead('[{"name": "f", "arguments": {}}, {"name": "g", "arguments": {', 30);
 * // { name: 'g', argumentsStart: 60 }
 * ```
 */
export function readNextJsonListCallHead(
  text: string,
  from: number,
  close?: PayloadClose,
  previousArguments = '',
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): CallHead | 'wait' | undefined {
  return readNextCallObjectHead(text, from, 'comma', close, previousArguments, keys);
}

/**
 * {@link readNextJsonListCallHead} for call objects written one after another, apart from a list,
 * with one or more blanks or commas between them (MiniMax-M1's lines, grammar/minimax.peggy's
 * `Separator`): `}`, then at least one such unit, then the next head before the closing tag.
 *
 * @param text - The text seen so far.
 * @param from - Where the previous call's arguments ended.
 * @param close - The tag that ends the payload.
 * @param previousArguments - The previous call's arguments (looked through for `close`).
 * @returns As `readJsonCallHead`.
 * @example
 * ```ts
 * readNextJsonLineCallHead('}\n{"name": "g", "arguments": {', 0, '</tool_calls>');
 * // { name: 'g', argumentsStart: 28, stops: ['</tool_calls>'] }
 * ```
 */
export function readNextJsonLineCallHead(
  text: string,
  from: number,
  close: string,
  previousArguments = '',
): CallHead | 'wait' | undefined {
  return readNextCallObjectHead(text, from, 'lines', close, previousArguments, NAME_THEN_ARGUMENTS);
}

/**
 * The head after a call object's arguments: blanks, its `}`, the separator (`comma`: blanks, a
 * comma; `lines`: one or more blanks or commas), then the next call object's head.
 */
function readNextCallObjectHead(
  text: string,
  from: number,
  separator: 'comma' | 'lines',
  close: PayloadClose | undefined,
  previousArguments: string,
  keys: CallHeadKeys,
): CallHead | 'wait' | undefined {
  const limit = Math.min(text.length, from + HEAD_LIMIT);
  const short = limit < text.length ? undefined : 'wait';
  let index = skipBlanks(text, from, limit);
  if (index >= limit) return short;
  if (text.charCodeAt(index) !== CLOSE_BRACE) return undefined;
  const separatorStart = index + 1;
  if (separator === 'comma') {
    index = skipBlanks(text, separatorStart, limit);
    if (index >= limit) return short;
    if (text.charCodeAt(index) !== COMMA) return undefined;
    index += 1;
  } else {
    index = separatorStart;
    while (index < limit && isSeparatorUnit(text.charCodeAt(index))) index += 1;
    if (index >= limit) return short;
    if (index === separatorStart) return undefined;
  }
  if (close === undefined) return readJsonCallHead(text, index, keys);
  return headAfterCall(readJsonCallHeadBefore(text, index, close, keys), previousArguments, close);
}

/** A unit between call objects written one after another: a blank or a comma. */
function isSeparatorUnit(code: number): boolean {
  return isBlank(code) || code === COMMA;
}

/**
 * The names of a JSON call list's calls that a stream may start from their heads, in order: the
 * first call's head ({@link readJsonListCallHead}, or, where the payload is no list but call
 * objects one after another, `{..}, {..}` as hermes' payload may be, {@link readJsonCallHead}),
 * then, while a call's arguments close, the next one's ({@link readNextJsonListCallHead} where
 * they end). A lowering that cannot read the
 * list call by call names its refused calls by these, so that every call a stream announced ends
 * as `parse` gives it. A stream's JSON writer ends arguments only where they are strict JSON, at
 * the same `}` as this balanced scan: the calls it starts are a prefix of these.
 *
 * @param text - The text, ending where the payload does (a head is never read past it).
 * @param from - Where the payload starts.
 * @param close - The tag that ends the payload, if one does (as the stream's heads read it).
 * @param keys - The keys the heads spell (default: `name`, then a common arguments key).
 * @returns The names, possibly none.
 * @example
 * ```ts
 * readJsonListHeadNames('[{"name": "f", "arguments": {}}, {"name": "g", "arguments": {x', 0);
 * // ['f', 'g']
 * ```
 */
export function readJsonListHeadNames(
  text: string,
  from: number,
  close?: PayloadClose,
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): string[] {
  return readJsonListHeads(text, from, close, keys).map((head) => head.name);
}

/**
 * The heads {@link readJsonListHeadNames} reads, ids included, for call objects whose heads spell
 * `keys` (command_r7b's `{"tool_call_id": .., "tool_name": .., "parameters": {`).
 *
 * @param text - The text, ending where the payload does.
 * @param from - Where the payload starts.
 * @param close - The tag that ends the payload, if one does.
 * @param keys - The keys the heads spell (default: `name`, then a common arguments key).
 * @returns The heads, possibly none.
 * @example
 * ```ts
 * readJsonListHeads('[{"tool_call_id": "0", "tool_name": "f", "parameters": {', 0, undefined, keys);
 * // [{ name: 'f', id: '0', argumentsStart: 53 }]
 * ```
 */
export function readJsonListHeads(
  text: string,
  from: number,
  close?: PayloadClose,
  keys: CallHeadKeys = NAME_THEN_ARGUMENTS,
): CallHead[] {
  const first = readJsonListOrCallHead(text, from, close, keys);
  return chainedHeads(
    first,
    (head) => {
      const scan = scanJsonValue(text, head.argumentsStart);
      return scan.closed ? scan.end : undefined;
    },
    (end, previous) => readNextJsonListCallHead(text, end, close, text.slice(previous, end), keys),
  );
}

/**
 * Whether one of `keys` (quoted) is written at `at` without escapes, ending before `limit` (then
 * {@link stringEnd} is set past it): the usual call is compared in place, not sliced.
 */
function quotedKeyAt(text: string, at: number, limit: number, keys: readonly string[]): boolean {
  for (const key of keys) {
    if (at + key.length <= limit && startsAt(text, key, at)) {
      stringEnd = at + key.length;
      return true;
    }
  }
  return false;
}

/**
 * Whether the key at `at` is one of `keys`: compared in place where written as one of `quoted`
 * (the usual spelling), else read, its escapes decoded, and compared then. {@link stringEnd} is
 * set past it when it is.
 */
function keyAt(
  text: string,
  at: number,
  limit: number,
  quoted: readonly string[],
  keys: readonly string[],
): boolean | typeof WAIT {
  if (quotedKeyAt(text, at, limit, quoted)) return true;
  const key = readString(text, at, limit);
  if (key === WAIT) return WAIT;
  return key !== undefined && keys.includes(key);
}

/** What {@link readString} gives where the text ends inside the string. */
const WAIT = Symbol('wait');

/**
 * Where the string {@link readString} last read ends (after its closing quote): module state, not
 * a returned object, so that reading a head allocates only its result (parse reads the head of
 * every JSON call payload, see `plain-call.ts`).
 */
let stringEnd = 0;

/**
 * A strict JSON string at `from`, its end in {@link stringEnd}. A string with no escape and no
 * control unit is its own text (what `JSON.parse` gives for it); only the others are decoded with
 * `JSON.parse`. A stream reads the head again on every push until it is complete, so its keys are
 * read many times.
 */
function readString(text: string, from: number, limit: number): string | typeof WAIT | undefined {
  if (from >= limit) return WAIT;
  if (text.charCodeAt(from) !== 0x22) return undefined;
  let plain = true;
  for (let index = from + 1; index < limit; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x5c) {
      plain = false;
      index += 1;
    } else if (unit === 0x22) {
      stringEnd = index + 1;
      if (plain) return text.slice(from + 1, index);
      try {
        return JSON.parse(text.slice(from, index + 1)) as string;
      } catch {
        return undefined;
      }
    } else if (unit < 0x20) plain = false;
  }
  return WAIT;
}
