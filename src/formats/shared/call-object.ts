/**
 * The JSON call object most syntaxes carry (`{"name": ..., "arguments": {...}}` and its many
 * spellings), lowered to a name and an arguments object. Field aliases are resolved here, once.
 */
import type { Issue, Repair } from '../../types.js';
import { parseJson, repeatedKeyOf } from '../../json/index.js';
import { malformed } from './issues.js';

/** Field names, in the order they are looked up. */
export interface CallFieldNames {
  readonly name: readonly string[];
  readonly arguments: readonly string[];
}

/**
 * The spellings real models use: `name`/`tool_name`/`tool`, `arguments`/`parameters`/`params`.
 * `function` names the tool only when it holds a string (`{"function": "f", "arguments": {..}}`);
 * holding an object it is OpenAI's nesting, read through (see {@link readCallObject}).
 */
export const COMMON_CALL_FIELDS: CallFieldNames = {
  name: ['name', 'tool_name', 'tool', 'function_name', 'function'],
  arguments: ['arguments', 'parameters', 'params', 'args', 'input'],
};

/** A call object read from JSON: its name and arguments, or why it is not a call. */
export type CallObjectOutcome =
  | { ok: true; name: string; arguments: Record<string, unknown>; repairs: Repair[]; id?: string }
  | { ok: false; issue: Issue; name?: string };

/**
 * Reads a decoded JSON value as a call object.
 *
 * @param value - The decoded JSON value.
 * @param offset - Where the value starts in the output, for issues and repairs.
 * @param fields - Which field names carry the name and the arguments.
 * @returns The call, or an issue: not an object, no name, arguments that are not an object.
 * @example
 * ```ts
 * readCallObject({ tool: 'search', params: { q: 'x' } }, 0);
 * // { ok: true, name: 'search', arguments: { q: 'x' }, repairs: [] }
 * ```
 */
export function readCallObject(
  value: unknown,
  offset: number,
  fields: CallFieldNames = COMMON_CALL_FIELDS,
): CallObjectOutcome {
  if (!isPlainObject(value)) {
    return { ok: false, issue: malformed('the call is not a JSON object', offset) };
  }
  // A key written twice (`{"name": "ls", ..., "name": "rm"}`): JSON.parse keeps the last, another
  // reader (or a stream that started the call) the first; which one the model meant is a guess.
  const repeated = repeatedKeyOf(value);
  if (repeated !== undefined) {
    const message = `the call object writes ${JSON.stringify(repeated)} twice; write each of its keys once`;
    return { ok: false, issue: malformed(message, offset) };
  }
  // A nested `function: { name, arguments }` (OpenAI's shape) is read through, and refused the
  // same way when it writes a key twice.
  const nested = isPlainObject(value['function']);
  const source = nested ? (value['function'] as Record<string, unknown>) : value;
  const repeatedInside = nested ? repeatedKeyOf(source) : undefined;
  if (repeatedInside !== undefined) {
    const message = `the call's "function" object writes ${JSON.stringify(repeatedInside)} twice; write each of its keys once`;
    return { ok: false, issue: malformed(message, offset) };
  }
  const name = firstField(source, fields.name);
  if (typeof name !== 'string' || name.trim() === '') {
    return { ok: false, issue: malformed('the call has no tool name', offset) };
  }
  if (nested) {
    // Beside `function` an OpenAI object holds its id, type, index and the like; only a name or
    // arguments there are misplaced (`{"function": {"name": "rm"}, "arguments": {...}}`).
    // (`function` is itself a name key, when it holds a string: here it is the nesting.)
    const outside = [...fields.name, ...fields.arguments].find(
      (key) => key !== 'function' && Object.hasOwn(value, key),
    );
    if (outside !== undefined) {
      const message = `${JSON.stringify(outside)} is written beside "function", outside it; put the name and the arguments of "${name}" inside "function"`;
      return { ok: false, name, issue: malformed(message, offset) };
    }
  }
  const stray = strayKey(source, fields);
  // Two names (`{"name": "ls", "tool": "rm"}`): which tool the model meant is a guess.
  if (fieldCounts.names > 1) {
    const [first, second] = twoKeys(source, fields.name);
    const message = `the call names its tool twice, in ${JSON.stringify(first)} and in ${JSON.stringify(second)}; name it once, in "${fields.name[0] ?? 'name'}"`;
    return { ok: false, issue: malformed(message, offset) };
  }
  if (stray !== undefined) {
    return { ok: false, name, issue: malformed(strayMessage(name, stray, source, fields), offset) };
  }
  // Two argument objects (`"params"` and `"arguments"`): which ones the model meant is a guess,
  // and a stream that sent the first as they came would end with the other.
  if (fieldCounts.arguments > 1) {
    const [first, second] = twoKeys(source, fields.arguments);
    const message = `the call to "${name}" gives its arguments twice, in ${JSON.stringify(first)} and in ${JSON.stringify(second)}; give them once, in "${fields.arguments[0] ?? 'arguments'}"`;
    return { ok: false, name, issue: malformed(message, offset) };
  }
  const repairs: Repair[] = [];
  const raw = firstField(source, fields.arguments);
  const argumentsValue = readArguments(raw, offset, repairs);
  if (argumentsValue === CUT_OFF) {
    return {
      ok: false,
      name,
      issue: malformed(
        `the arguments of "${name}" are a JSON string cut off before its end`,
        offset,
      ),
    };
  }
  if (argumentsValue === undefined) {
    return {
      ok: false,
      name,
      issue: malformed(`the arguments of "${name}" are not a JSON object`, offset),
    };
  }
  // An id is the call's when it comes before the arguments: a stream announces a call, id and
  // all, when its arguments start, and an id written after them would come too late to name it.
  const id =
    typeof value['id'] === 'string' && (nested || !idAfterArguments(source, fields))
      ? value['id']
      : undefined;
  return id === undefined
    ? { ok: true, name, arguments: argumentsValue, repairs }
    : { ok: true, name, arguments: argumentsValue, repairs, id };
}

/**
 * Reads a decoded JSON value as a call object keyed by its tool's name (Apertus's
 * `{"get_weather": {"city": "Bern"}}`): one key, the name, whose value is the arguments object.
 * Nothing else is read into it: no id, no arguments written as a string, no null for "no
 * arguments" (`{}` says that), since the syntax has no other spelling to tell them by.
 *
 * @param value - The decoded JSON value.
 * @param offset - Where the value starts in the output, for issues.
 * @returns The call, or an issue (with the name where one key gives it): not an object, no key,
 * two keys or more (which of the calls the model meant is a guess), a key written twice, a blank
 * name, arguments that are not an object.
 * @example
 * ```ts
 * readKeyedCallObject({ get_weather: { city: 'Bern' } }, 0);
 * // { ok: true, name: 'get_weather', arguments: { city: 'Bern' }, repairs: [] }
 * ```
 */
export function readKeyedCallObject(value: unknown, offset: number): CallObjectOutcome {
  if (!isPlainObject(value)) {
    return { ok: false, issue: malformed('the call is not a JSON object', offset) };
  }
  const keys = Object.keys(value);
  const [name] = keys;
  if (name === undefined) {
    return { ok: false, issue: malformed('the call object names no tool', offset) };
  }
  // `{"f": {..}, "f": {..}}`: JSON.parse keeps the last, a stream that started the call the first.
  const repeated = repeatedKeyOf(value);
  if (repeated !== undefined) {
    const message = `the call object writes ${JSON.stringify(repeated)} twice; write one call per object`;
    return { ok: false, name, issue: malformed(message, offset) };
  }
  // `{"f": {..}, "g": {..}}`: two calls in one object, or a stray key beside the call's; either
  // way the object is not one call, and running the first would drop what the model wrote after.
  if (keys.length > 1) {
    const message = `the call object holds ${keys.length} keys (${keys
      .slice(0, 3)
      .map((key) => JSON.stringify(key))
      .join(', ')}); write one object per call, its only key the tool's name`;
    return { ok: false, name, issue: malformed(message, offset) };
  }
  if (name.trim() === '') {
    return { ok: false, issue: malformed('the call has no tool name', offset) };
  }
  const argumentsValue = value[name];
  if (!isPlainObject(argumentsValue)) {
    return {
      ok: false,
      name,
      issue: malformed(`the arguments of "${name}" are not a JSON object`, offset),
    };
  }
  return { ok: true, name, arguments: argumentsValue, repairs: [] };
}

/**
 * Keys a call object may hold besides its name and arguments: its ids, its type, and the index
 * and status OpenAI's streamed and Responses API call objects carry.
 */
const CALL_KEYS: ReadonlySet<string> = new Set([
  'id',
  'tool_call_id',
  'call_id',
  'type',
  'index',
  'status',
]);

/**
 * Whether a call object may hold `key` beside its name and arguments without changing the call:
 * one of its ids, its type, index or status.
 *
 * @param key - A key of a call object.
 * @returns True for `id`, `tool_call_id`, `call_id`, `type`, `index` and `status`.
 */
export function isCallMetaKey(key: string): boolean {
  return CALL_KEYS.has(key);
}

/**
 * The first key of a call object that is none of its name, arguments, ids, type, index or status. The model
 * wrote it beside them (`{"name": "rm", "path": "/tmp"}`, or `"dry_run": true` after the
 * arguments closed early): reading the call without it would run it without a value the model
 * wrote, so such a call is refused.
 */
function strayKey(object: Record<string, unknown>, fields: CallFieldNames): string | undefined {
  const kinds = keyKinds(fields);
  let names = 0;
  let argumentFields = 0;
  let stray: string | undefined;
  // A for-in, not Object.keys: every call object is read here, and the array was a visible part
  // of a small parse. The decoded object is a plain one, so own keys are what for-in meets. The
  // same pass counts the name and argument fields (see `fieldCounts`).
  for (const key in object) {
    const kind = kinds.get(key);
    if (kind === NAME_FIELD) names += 1;
    else if (kind === ARGUMENTS_FIELD) argumentFields += 1;
    else if (kind === undefined && stray === undefined && Object.hasOwn(object, key)) stray = key;
  }
  fieldCounts.names = names;
  fieldCounts.arguments = argumentFields;
  return stray;
}

/**
 * How many name and argument fields the call object {@link strayKey} last read has: module
 * state, not a returned object, so that reading a call allocates nothing for it.
 */
const fieldCounts = { names: 0, arguments: 0 };

const META_FIELD = 0;
const NAME_FIELD = 1;
const ARGUMENTS_FIELD = 2;

/** Each field set's keys (names, arguments, and the ids and type), by kind, made once per set. */
const KEY_KINDS = new WeakMap<CallFieldNames, ReadonlyMap<string, number>>();

function keyKinds(fields: CallFieldNames): ReadonlyMap<string, number> {
  // The common set (most syntaxes) without the WeakMap lookup: it is asked on every call object.
  if (fields === COMMON_CALL_FIELDS) return COMMON_KEY_KINDS;
  let kinds = KEY_KINDS.get(fields);
  if (kinds === undefined) {
    kinds = buildKeyKinds(fields);
    KEY_KINDS.set(fields, kinds);
  }
  return kinds;
}

function buildKeyKinds(fields: CallFieldNames): ReadonlyMap<string, number> {
  const kinds = new Map<string, number>();
  for (const key of CALL_KEYS) kinds.set(key, META_FIELD);
  for (const key of fields.arguments) kinds.set(key, ARGUMENTS_FIELD);
  for (const key of fields.name) kinds.set(key, NAME_FIELD);
  return kinds;
}

/** {@link keyKinds} of {@link COMMON_CALL_FIELDS}. */
const COMMON_KEY_KINDS = buildKeyKinds(COMMON_CALL_FIELDS);

function strayMessage(
  name: string,
  key: string,
  source: Record<string, unknown>,
  fields: CallFieldNames,
): string {
  const written = fields.arguments.find((field) => Object.hasOwn(source, field));
  const where = written === undefined ? 'the name' : JSON.stringify(written);
  const into = written ?? fields.arguments[0] ?? 'arguments';
  return `${JSON.stringify(key)} is written beside ${where}, outside the arguments of "${name}"; put every argument inside "${into}"`;
}

/** What {@link readArguments} gives for arguments written as a JSON string that is cut off. */
const CUT_OFF = Symbol('cut off');

function readArguments(
  raw: unknown,
  offset: number,
  repairs: Repair[],
): Record<string, unknown> | undefined | typeof CUT_OFF {
  // Missing or null arguments mean "no arguments" (the selectools contract).
  if (raw === undefined || raw === null) return {};
  if (isPlainObject(raw)) return raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    const decoded = parseJson(raw);
    if (decoded.ok && isPlainObject(decoded.value)) {
      // A string that ends mid-value (`"{\"amount\": 10"`) may have said `100`: as cut off as
      // the same arguments written as an object and cut off, which are never executable.
      if (!decoded.complete) return CUT_OFF;
      // The string's own offsets are not the output's (its escapes shift them): every repair made
      // inside it is placed at the call, the same for any chunking of a stream.
      repairs.push({ kind: 'arguments-as-string', offset });
      for (const repair of decoded.repairs) repairs.push({ ...repair, offset });
      return decoded.value;
    }
  }
  return undefined;
}

function firstField(object: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    if (Object.hasOwn(object, name)) return object[name];
  }
  return undefined;
}

/** The first two of `names` (in their order) that the object has (for the rare refusal). */
function twoKeys(object: Record<string, unknown>, names: readonly string[]): string[] {
  return names.filter((name) => Object.hasOwn(object, name)).slice(0, 2);
}

/** Whether the object's `id` was written after its arguments (asked only when it has an id). */
function idAfterArguments(
  object: Record<string, unknown>,
  fields: CallFieldNames,
  key = 'id',
): boolean {
  const [argumentsKey] = twoKeys(object, fields.arguments);
  return argumentsKey !== undefined && keyFollows(object, key, argumentsKey);
}

/**
 * The call's own id under `key` (command_r7b's `tool_call_id`): a non-empty string, or a number
 * as its text, written before the arguments (a stream announces a call, id and all, when its
 * arguments start; an id written after them comes too late to name it).
 *
 * @param object - The call object, as decoded.
 * @param key - The id's key.
 * @param fields - The call object's field names (where its arguments are).
 * @returns The id, or `undefined`.
 * @example
 * ```ts
 * idWrittenFirst({ tool_call_id: '0', tool_name: 'f', parameters: {} }, 'tool_call_id'); // '0'
 * ```
 */
export function idWrittenFirst(
  object: Record<string, unknown>,
  key: string,
  fields: CallFieldNames = COMMON_CALL_FIELDS,
): string | undefined {
  const value = Object.hasOwn(object, key) ? object[key] : undefined;
  const id =
    typeof value === 'string' && value !== ''
      ? value
      : typeof value === 'number'
        ? String(value)
        : undefined;
  return id !== undefined && !idAfterArguments(object, fields, key) ? id : undefined;
}

/** Whether `key` was written after `earlier` (both own keys; JSON objects keep written order). */
function keyFollows(object: Record<string, unknown>, key: string, earlier: string): boolean {
  for (const written in object) {
    if (written === earlier) return true;
    if (written === key) return false;
  }
  return false;
}

/**
 * True for a JSON object (not an array, not null).
 *
 * @param value - Any decoded value.
 * @returns Whether it is a plain object.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a key that reads as `key` may be written in `text`: the word is there (quoted,
 * single-quoted or bare), or a backslash, which may spell it (`"n\u0061me"`). The lenient reader
 * joins no strings, so no other text reads as that key: a format may decline an object without
 * reading it when this is false.
 *
 * @param text - The object's text (or the text from where it starts).
 * @param key - The key, as decoded.
 * @returns False when no key of the text can read as `key`.
 */
export function mayWriteKey(text: string, key: string): boolean {
  return text.includes(key) || text.includes('\\');
}
