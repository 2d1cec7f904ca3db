/**
 * Integers past 2^53 in integer fields. A JavaScript number holds an integer exactly only up to
 * 9007199254740991; past it the last digits are rounded (`1234567890123456789` reads as
 * 1234567890123456800). Such an integer is most often an identifier (a 64-bit message, order or
 * user id), and a call run with a neighbouring id acts on the wrong thing.
 *
 * The check is a keyword of this library's own, added to every subschema that allows the integer
 * type, so that ajv makes it while it validates anyway (a separate walk over the arguments cost a
 * tenth of a 4 KB call's parse).
 */
import type { Ajv } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { setOwn } from './clone.js';

/** The keyword's name, chosen so that no tool schema uses it. */
export const EXACT_INTEGER_KEYWORD = 'x-tool-call-parser-exact-integer';

/**
 * True when a finite number's magnitude is past `Number.MAX_SAFE_INTEGER`, where integers are no
 * longer exact (every double that large is an integer).
 *
 * @param value - A number.
 * @returns Whether it is past 2^53 - 1 either way.
 * @example
 * ```ts
 * isPastExact(2 ** 53); // true
 * isPastExact(1.5); // false
 * ```
 */
export function isPastExact(value: number): boolean {
  return value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER;
}

/**
 * Defines the keyword on one ajv instance: a number past 2^53 fails it.
 *
 * @param ajv - An instance this library made.
 */
export function addExactIntegerKeyword(ajv: Ajv | Ajv2020): void {
  ajv.addKeyword({
    keyword: EXACT_INTEGER_KEYWORD,
    type: 'number',
    schemaType: 'boolean',
    errors: false,
    validate: (required: boolean, data: number) => !required || !isPastExact(data),
  });
}

/**
 * Where a subschema's keywords hold subschemas that constrain the same data the way the whole
 * does: a stricter subschema there only refuses more. `not` and `if` are left out, since a
 * stricter subschema there would let more through (`not`) or switch branches (`if`).
 */
const SCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  // draft-07: a field's name maps to a subschema, or to a list of names (left as it is).
  'dependencies',
] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_SLOTS = [
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'then',
  'else',
] as const;

/**
 * A copy of a schema with {@link EXACT_INTEGER_KEYWORD} beside every `type` that allows
 * `integer`, outside `not` and `if`; the schema itself when it names no integer type.
 *
 * @param schema - A tool's parameters schema (as compiled).
 * @returns The schema to compile.
 * @example
 * ```ts
 * markIntegerFields({ type: 'object', properties: { id: { type: 'integer' } } });
 * // { type: 'object', properties: { id: { type: 'integer', 'x-tool-call-parser-exact-integer': true } } }
 * ```
 */
export function markIntegerFields(schema: Record<string, unknown>): Record<string, unknown> {
  if (!JSON.stringify(schema).includes('"integer"')) return schema;
  return markSubschema(schema) as Record<string, unknown>;
}

function markSubschema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const source = schema as Record<string, unknown>;
  const copy: Record<string, unknown> = { ...source };
  const { type } = source;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    copy[EXACT_INTEGER_KEYWORD] = true;
  }
  for (const keyword of SCHEMA_MAPS) {
    const map = source[keyword];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
    const marked: Record<string, unknown> = {};
    // A property named `__proto__` stays a property (setOwn), never a prototype.
    for (const [key, value] of Object.entries(map)) setOwn(marked, key, markSubschema(value));
    copy[keyword] = marked;
  }
  for (const keyword of SCHEMA_LISTS) {
    const list = source[keyword];
    if (Array.isArray(list)) copy[keyword] = list.map(markSubschema);
  }
  for (const keyword of SCHEMA_SLOTS) {
    const slot = source[keyword];
    if (slot === undefined) continue;
    // `items` may still be a list of schemas (draft-07 tuples).
    copy[keyword] = Array.isArray(slot) ? slot.map(markSubschema) : markSubschema(slot);
  }
  return copy;
}
