/**
 * `additionalProperties: false` for tools that change things: a `write` or `destructive` call
 * with a key the schema never named is refused rather than passed on to an integration that may
 * act on it (the production guide's "stricter schemas for write tools").
 */
import { cloneJson, isPlainObject, setOwn } from './clone.js';

/** Keywords by which a schema says for itself what to do with extra keys: it is then left alone. */
const OPENNESS_KEYWORDS = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];

/**
 * Keywords that split an object's properties over subschemas. Closing one part would refuse the
 * keys another part declares, so such an object is left as written (documented limitation).
 */
const COMPOSITION_KEYWORDS = ['allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', 'if', 'not'];

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = ['items', 'additionalItems', 'contains', 'propertyNames', 'then', 'else'];

/** Keywords whose value maps names (or indexes) to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * Returns a copy of a schema in which every object schema that lists its `properties` and does
 * not say otherwise refuses keys it does not declare. A schema without `properties`
 * (`{ type: 'object' }`) is a free-form map by intent and is left open.
 *
 * @param schema - The tool's parameters schema.
 * @returns The closed copy; the caller's schema is not modified.
 * @example
 * ```ts
 * closeObjects({ type: 'object', properties: { id: { type: 'string' } } });
 * // { type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false }
 * ```
 */
export function closeObjects(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = cloneJson(schema);
  closeInPlace(copy);
  return copy;
}

function closeInPlace(schema: unknown): void {
  if (!isPlainObject(schema)) return;
  if (
    isObjectSchema(schema) &&
    !mentionsAny(schema, OPENNESS_KEYWORDS) &&
    !mentionsAny(schema, COMPOSITION_KEYWORDS)
  ) {
    setOwn(schema, 'additionalProperties', false);
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    if (Object.hasOwn(schema, keyword)) closeInPlace(schema[keyword]);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (isPlainObject(map)) for (const key of Object.keys(map)) closeInPlace(map[key]);
  }
  const tuple = schema['prefixItems'];
  if (Array.isArray(tuple)) for (const item of tuple) closeInPlace(item);
}

/**
 * An object schema that lists its fields. One without `properties` (`{ type: 'object' }`) is a
 * free-form map by intent and stays open.
 */
function isObjectSchema(schema: Record<string, unknown>): boolean {
  const type = schema['type'];
  const objectType =
    type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'));
  return objectType && isPlainObject(schema['properties']);
}

function mentionsAny(schema: Record<string, unknown>, keywords: readonly string[]): boolean {
  return keywords.some((keyword) => Object.hasOwn(schema, keyword));
}
