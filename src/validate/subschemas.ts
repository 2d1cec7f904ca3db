/**
 * Where a schema's subschemas sit, sorted by what they describe: the same value as the schema
 * (its parts), a test of that value, or other values (fields, items). Closing objects and the
 * checks made on a tool's schema at `createParser` walk schemas through these lists.
 */
import { isPlainObject } from './clone.js';
import { appendAll } from '../append.js';

/** A subschema and its JSON pointer from the root (`#/properties/a`). */
export interface Located {
  schema: unknown;
  pointer: string;
}

/** Keywords whose branches each constrain the whole value: alternatives, or parts that all hold. */
export const COMBINING_KEYWORDS = ['anyOf', 'oneOf', 'allOf'];

/** Keywords whose subschema the value also meets, when a condition holds. */
const CONDITIONAL_KEYWORDS = ['then', 'else'];

/**
 * Keywords whose subschema tests the value without saying what it may hold: a stricter subschema
 * there would switch branches (`if`) or let more through (`not`).
 */
export const TEST_KEYWORDS = ['if', 'not'];

/**
 * Keywords whose value is one subschema for other values than the schema's own (`items` may also
 * be a list, in draft-07 tuples).
 */
const VALUE_KEYWORDS = [
  'items',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
];

/**
 * Keywords whose value maps a field's name to a subschema the whole value meets when the field is
 * present (draft-07 `dependencies` may map it to a list of names instead).
 */
const DEPENDENT_KEYWORDS = ['dependentSchemas', 'dependencies'];

/** Keywords whose value maps names (or patterns) to subschemas for other values. */
const VALUE_MAP_KEYWORDS = ['properties', 'patternProperties'];

/** Keywords whose value lists subschemas for other values. */
const VALUE_LIST_KEYWORDS = ['prefixItems'];

/** Definitions, looked up by `$ref` only. */
export const DEFINITION_KEYWORDS = ['$defs', 'definitions'];

/**
 * The subschemas that describe the same value as `schema` does, beside it: the branches of
 * anyOf, oneOf and allOf, `then` and `else`, and dependent schemas.
 *
 * @param schema - A schema object.
 * @param pointer - Its pointer.
 * @returns The parts, in keyword order.
 */
export function partsOf(schema: Record<string, unknown>, pointer: string): Located[] {
  const parts: Located[] = [];
  for (const keyword of COMBINING_KEYWORDS) {
    const branches = schema[keyword];
    if (Array.isArray(branches))
      branches.forEach((branch: unknown, index) =>
        parts.push({ schema: branch, pointer: `${pointer}/${keyword}/${index}` }),
      );
  }
  for (const keyword of CONDITIONAL_KEYWORDS) {
    if (Object.hasOwn(schema, keyword))
      parts.push({ schema: schema[keyword], pointer: `${pointer}/${keyword}` });
  }
  for (const keyword of DEPENDENT_KEYWORDS) {
    const map = schema[keyword];
    if (!isPlainObject(map)) continue;
    for (const key of Object.keys(map)) {
      if (isPlainObject(map[key]))
        parts.push({ schema: map[key], pointer: `${pointer}/${keyword}/${escapeSegment(key)}` });
    }
  }
  return parts;
}

/**
 * The parts of `schema`, the parts of those parts, and so on: every subschema that the value
 * `schema` describes may have to meet too, `if` and `not` aside.
 *
 * @param schema - A schema object.
 * @returns The parts that are schema objects, outermost first.
 */
export function allPartsOf(schema: Record<string, unknown>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending = partsOf(schema, '');
  for (let index = 0; index < pending.length; index += 1) {
    const part = pending[index]!.schema;
    if (!isPlainObject(part)) continue;
    found.push(part);
    appendAll(pending, partsOf(part, ''));
  }
  return found;
}

/**
 * The subschemas of `schema` that describe other values: its fields and items. `keyword` says
 * where each sits and `key` names the field (or pattern), for `properties` and
 * `patternProperties`.
 *
 * @param schema - A schema object.
 * @param pointer - Its pointer.
 * @returns The subschemas, in keyword order.
 */
export function valuesOf(
  schema: Record<string, unknown>,
  pointer: string,
): (Located & { keyword: string; key?: string })[] {
  const values: (Located & { keyword: string; key?: string })[] = [];
  for (const keyword of VALUE_KEYWORDS) {
    if (!Object.hasOwn(schema, keyword)) continue;
    const value = schema[keyword];
    if (Array.isArray(value))
      value.forEach((item: unknown, index) =>
        values.push({ schema: item, pointer: `${pointer}/${keyword}/${index}`, keyword }),
      );
    else values.push({ schema: value, pointer: `${pointer}/${keyword}`, keyword });
  }
  for (const keyword of VALUE_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isPlainObject(map)) continue;
    for (const key of Object.keys(map))
      values.push({
        schema: map[key],
        pointer: `${pointer}/${keyword}/${escapeSegment(key)}`,
        keyword,
        key,
      });
  }
  for (const keyword of VALUE_LIST_KEYWORDS) {
    const list = schema[keyword];
    if (Array.isArray(list))
      list.forEach((item: unknown, index) =>
        values.push({ schema: item, pointer: `${pointer}/${keyword}/${index}`, keyword }),
      );
  }
  return values;
}

/**
 * The definitions `schema` holds (`$defs`, `definitions`), each with the pointer a `$ref` names
 * it by.
 *
 * @param schema - A schema object.
 * @param pointer - Its pointer.
 * @returns The definitions.
 */
export function definitionsOf(schema: Record<string, unknown>, pointer: string): Located[] {
  const definitions: Located[] = [];
  for (const keyword of DEFINITION_KEYWORDS) {
    const map = schema[keyword];
    if (!isPlainObject(map)) continue;
    for (const key of Object.keys(map))
      definitions.push({
        schema: map[key],
        pointer: `${pointer}/${keyword}/${escapeSegment(key)}`,
      });
  }
  return definitions;
}

/**
 * Every subschema of `schema`, whatever it describes.
 *
 * @param schema - A schema object.
 * @param pointer - Its pointer.
 * @returns Parts, tests, values and definitions.
 */
export function subschemasOf(schema: Record<string, unknown>, pointer: string): Located[] {
  const tests = TEST_KEYWORDS.filter((keyword) => Object.hasOwn(schema, keyword)).map(
    (keyword) => ({ schema: schema[keyword], pointer: `${pointer}/${keyword}` }),
  );
  return [
    ...partsOf(schema, pointer),
    ...tests,
    ...valuesOf(schema, pointer),
    ...definitionsOf(schema, pointer),
  ];
}

/**
 * A JSON pointer segment (RFC 6901), as a `$ref` spells a name.
 *
 * @param key - A property or definition name.
 * @returns The escaped segment.
 */
export function escapeSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
