/**
 * `additionalProperties: false` for tools that change things: a `write` or `destructive` call
 * with a key the schema never named is refused rather than passed on to an integration that may
 * act on it (the production guide's "stricter schemas for write tools").
 */
import { cloneJson, isPlainObject, setOwn } from './clone.js';

/** Keywords by which a schema says for itself what to do with extra keys: it is then left alone. */
const OPENNESS_KEYWORDS = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];

/**
 * Keywords that split an object's properties over subschemas. Closing one part alone would refuse
 * the keys another part declares, so such an object is not closed as it is; its branches are
 * closed together where each lists its fields inline (see `combinesWholeObjects`).
 */
const COMPOSITION_KEYWORDS = ['allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', 'if', 'not'];

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = ['items', 'additionalItems', 'contains', 'propertyNames', 'then', 'else'];

/** Keywords whose value maps names (or indexes) to subschemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', '$defs', 'definitions', 'dependentSchemas'];

/** The map keywords whose entries a `$ref` names by pointer. */
const DEFINITION_KEYWORDS = ['$defs', 'definitions'];

/** Keywords whose branches each constrain the whole value: alternatives, or parts that all hold. */
const COMBINING_KEYWORDS = ['anyOf', 'oneOf', 'allOf'];

/**
 * Keywords by which a schema declares keys of its own beside a `$ref` or its alternatives: a
 * part closed on its own would refuse them.
 */
const KEY_DECLARING_KEYWORDS = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'allOf',
  '$ref',
  '$dynamicRef',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependencies',
];

/** The same keywords beside a `$ref` (which is itself one of them). */
const REF_SIBLING_KEYWORDS = KEY_DECLARING_KEYWORDS.filter((keyword) => keyword !== '$ref');

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
  closeInPlace(copy, sharedDefinitions(copy));
  return copy;
}

/**
 * What a branch leaves open because a sibling branch describes the same part of the value: the
 * fields several branches name, and the keywords (`items`...) several branches use. Closed in one
 * branch, such a nested object would refuse the keys the other branch gives it.
 */
interface SharedParts {
  fields: ReadonlySet<string>;
  keywords: ReadonlySet<string>;
}

const NOTHING_SHARED: SharedParts = { fields: new Set(), keywords: new Set() };

function closeInPlace(
  schema: unknown,
  shared: ReadonlySet<string>,
  pointer = '#',
  closeSelf = true,
  siblings: SharedParts = NOTHING_SHARED,
): void {
  if (!isPlainObject(schema)) return;
  if (closeSelf && isClosable(schema) && !shared.has(pointer)) {
    setOwn(schema, 'additionalProperties', false);
  }
  for (const keyword of SCHEMA_KEYWORDS) {
    if (Object.hasOwn(schema, keyword) && !siblings.keywords.has(keyword))
      closeInPlace(schema[keyword], shared);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const map = schema[keyword];
    if (!isPlainObject(map)) continue;
    for (const key of Object.keys(map)) {
      if (keyword === 'properties' && siblings.fields.has(key)) continue;
      // Only definitions are looked up by pointer (`#/$defs/Name`), and only at the root.
      const at =
        pointer === '#' && DEFINITION_KEYWORDS.includes(keyword)
          ? `#/${keyword}/${escapeSegment(key)}`
          : '';
      closeInPlace(map[key], shared, at);
    }
  }
  const tuple = schema['prefixItems'];
  if (Array.isArray(tuple) && !siblings.keywords.has('prefixItems'))
    for (const item of tuple) closeInPlace(item, shared);
  for (const keyword of COMBINING_KEYWORDS) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || siblings.keywords.has(keyword)) continue;
    const whole = combinesWholeObjects(schema, keyword, branches);
    const parts = sharedParts(branches);
    // A key one branch names is named: `{ id, email }` matched the open branches of an anyOf,
    // and each part of an allOf let the other parts' keys through. So the closed branches allow
    // each other's keys (as `true`: the value was only ever checked where it is named). Only keys
    // no branch names are refused; without this, the branches keep their keys open.
    const names = whole ? namedKeys(branches) : [];
    for (const branch of branches) {
      if (whole && isPlainObject(branch) && isClosable(branch)) {
        const properties = branch['properties'] as Record<string, unknown>;
        for (const name of names)
          if (!Object.hasOwn(properties, name)) setOwn(properties, name, true);
      }
      // Objects nested in a branch are closed either way, where no sibling describes them too.
      closeInPlace(branch, shared, '', whole, parts);
    }
  }
}

/**
 * An object schema that lists its fields and says nothing of extra keys, nor splits its fields
 * over subschemas: `additionalProperties: false` can be added to it as it is.
 */
function isClosable(schema: Record<string, unknown>): boolean {
  return (
    isObjectSchema(schema) &&
    !mentionsAny(schema, OPENNESS_KEYWORDS) &&
    !mentionsAny(schema, COMPOSITION_KEYWORDS)
  );
}

/**
 * Whether the branches of `keyword` can each be closed over the keys they name together: nothing
 * beside them declares keys, only one combining keyword is used, and every branch either lists
 * its fields inline or cannot match an object. A `$ref` branch (its keys are elsewhere) or a
 * free-form one (`{ type: 'object' }`, whose intent is "any keys") leaves them all open.
 */
function combinesWholeObjects(
  schema: Record<string, unknown>,
  keyword: string,
  branches: readonly unknown[],
): boolean {
  if (COMBINING_KEYWORDS.some((other) => other !== keyword && Object.hasOwn(schema, other)))
    return false;
  if (
    mentionsAny(
      schema,
      KEY_DECLARING_KEYWORDS.filter((other) => other !== keyword),
    )
  )
    return false;
  return branches.every(
    (branch) => isPlainObject(branch) && (isClosable(branch) || cannotBeObject(branch)),
  );
}

/** A branch whose `type` leaves objects out (`{ type: 'string' }`). */
function cannotBeObject(schema: Record<string, unknown>): boolean {
  const type = schema['type'];
  if (typeof type === 'string') return type !== 'object';
  return Array.isArray(type) && !type.includes('object');
}

/**
 * The definitions (`#/$defs/Name`, `#/definitions/Name`) some schema uses as one part of an
 * object: a `$ref` beside other members of an `allOf`, beside its own `properties`, or as a
 * branch of an anyOf or oneOf whose holder declares keys. Closing such a definition would refuse
 * the keys the other parts declare (`allOf: [{ $ref: Base }, { properties: { extra } }]` could
 * never be satisfied with `extra`), so it is left as written, as composed objects are.
 */
function sharedDefinitions(root: Record<string, unknown>): Set<string> {
  const shared = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const schema = pending.pop();
    if (Array.isArray(schema)) {
      pending.push(...(schema as unknown[]));
      continue;
    }
    if (!isPlainObject(schema)) continue;
    if (typeof schema['$ref'] === 'string' && mentionsAny(schema, REF_SIBLING_KEYWORDS)) {
      shared.add(schema['$ref']);
    }
    const parts = schema['allOf'];
    if (Array.isArray(parts) && parts.length > 1) {
      for (const part of parts)
        if (isPlainObject(part) && typeof part['$ref'] === 'string') shared.add(part['$ref']);
    }
    for (const keyword of ['anyOf', 'oneOf']) {
      const branches = schema[keyword];
      if (!Array.isArray(branches) || !mentionsAny(schema, KEY_DECLARING_KEYWORDS)) continue;
      for (const branch of branches)
        if (isPlainObject(branch) && typeof branch['$ref'] === 'string') shared.add(branch['$ref']);
    }
    for (const value of Object.values(schema))
      if (typeof value === 'object' && value !== null) pending.push(value);
  }
  return shared;
}

/** The fields and keywords more than one branch describes (see {@link SharedParts}). */
function sharedParts(branches: readonly unknown[]): SharedParts {
  const fields = new Set<string>();
  const keywords = new Set<string>();
  const seenFields = new Set<string>();
  const seenKeywords = new Set<string>();
  const nested = [...SCHEMA_KEYWORDS, 'prefixItems', ...COMBINING_KEYWORDS];
  for (const branch of branches) {
    if (!isPlainObject(branch)) continue;
    const properties = branch['properties'];
    if (isPlainObject(properties)) {
      for (const name of Object.keys(properties)) {
        if (seenFields.has(name)) fields.add(name);
        seenFields.add(name);
      }
    }
    for (const keyword of nested) {
      if (!Object.hasOwn(branch, keyword)) continue;
      if (seenKeywords.has(keyword)) keywords.add(keyword);
      seenKeywords.add(keyword);
    }
  }
  return { fields, keywords };
}

/** The keys the branches' own `properties` name, in order. */
function namedKeys(branches: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const branch of branches) {
    const properties = isPlainObject(branch) ? branch['properties'] : undefined;
    if (isPlainObject(properties)) for (const name of Object.keys(properties)) names.add(name);
  }
  return [...names];
}

/** A JSON pointer segment (RFC 6901), as a `$ref` spells a definition's name. */
function escapeSegment(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
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
