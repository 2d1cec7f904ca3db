/**
 * The JSON call object most syntaxes carry (`{"name": ..., "arguments": {...}}` and its many
 * spellings), lowered to a name and an arguments object. Field aliases are resolved here, once.
 */
import type { Issue, Repair } from '../../types.js';
import { parseJson } from '../../json/index.js';
import { malformed } from './issues.js';

/** Field names, in the order they are looked up. */
export interface CallFieldNames {
  readonly name: readonly string[];
  readonly arguments: readonly string[];
}

/** The spellings real models use: `name`/`tool_name`/`tool`, `arguments`/`parameters`/`params`. */
export const COMMON_CALL_FIELDS: CallFieldNames = {
  name: ['name', 'tool_name', 'tool', 'function_name'],
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
  // A nested `function: { name, arguments }` (OpenAI's shape) is read through.
  const source = isPlainObject(value['function']) ? value['function'] : value;
  const name = firstField(source, fields.name);
  if (typeof name !== 'string' || name.trim() === '') {
    return { ok: false, issue: malformed('the call has no tool name', offset) };
  }
  const repairs: Repair[] = [];
  const raw = firstField(source, fields.arguments);
  const argumentsValue = readArguments(raw, offset, repairs);
  if (argumentsValue === undefined) {
    return {
      ok: false,
      name,
      issue: malformed(`the arguments of "${name}" are not a JSON object`, offset),
    };
  }
  const id = typeof value['id'] === 'string' ? value['id'] : undefined;
  return id === undefined
    ? { ok: true, name, arguments: argumentsValue, repairs }
    : { ok: true, name, arguments: argumentsValue, repairs, id };
}

function readArguments(
  raw: unknown,
  offset: number,
  repairs: Repair[],
): Record<string, unknown> | undefined {
  // Missing or null arguments mean "no arguments" (the selectools contract).
  if (raw === undefined || raw === null) return {};
  if (isPlainObject(raw)) return raw;
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    const decoded = parseJson(raw);
    if (decoded.ok && isPlainObject(decoded.value)) {
      repairs.push({ kind: 'arguments-as-string', offset }, ...decoded.repairs);
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

/**
 * True for a JSON object (not an array, not null).
 *
 * @param value - Any decoded value.
 * @returns Whether it is a plain object.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
