/**
 * `additionalProperties: false` for tools that change things: a `write` or `destructive` call
 * with a key the schema never named is refused rather than passed on to an integration that may
 * act on it (the production guide's "stricter schemas for write tools").
 */
import { cloneJson, isPlainObject, setOwn } from './clone.js';
import {
  allPartsOf,
  COMBINING_KEYWORDS,
  definitionsOf,
  partsOf,
  subschemasOf,
  TEST_KEYWORDS,
  valuesOf,
} from './subschemas.js';

/** Keywords by which a schema says for itself what to do with extra keys: it is then left alone. */
const OPENNESS_KEYWORDS = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];

/** Keywords by which a schema takes its keys from elsewhere. */
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef'];

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

/** Keywords whose subschemas describe other values; used by two parts, they stay open. */
const NESTED_KEYWORDS = [
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
];

/**
 * Keywords whose subschema describes fields another part lists by name too: a part's
 * `additionalProperties` applies to every key its own `properties` leave out, and a pattern to
 * every key it matches.
 */
const ANY_FIELD_KEYWORDS = ['additionalProperties', 'patternProperties'];

/** Keywords whose subschemas describe items; `contains` checks items the others describe too. */
const ITEM_KEYWORDS = ['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'contains'];

/**
 * How the walk meets a subschema:
 * - `whole`: it describes its value with nothing beside it (the arguments, a field, an item): it
 *   is closed, or its parts are, when that refuses no key they name;
 * - `alternative`: one branch of an anyOf or oneOf left open; a `$ref` on it stands alone;
 * - `part`: one of several subschemas that all describe one value: never closed on its own (the
 *   holder was closed over the keys they name together, or they were all left open);
 * - `untouched`: under `if` or `not`, or a field two parts describe: nothing in it is closed.
 */
type Role = 'whole' | 'alternative' | 'part' | 'untouched';

/**
 * What several parts of one value describe together: the fields more than one names, and the
 * keywords (`items`...) more than one uses. Closed in one part, such a nested object would refuse
 * the keys the other part gives it.
 */
interface SharedParts {
  fields: ReadonlySet<string>;
  keywords: ReadonlySet<string>;
}

const NOTHING_SHARED: SharedParts = { fields: new Set(), keywords: new Set() };

/** One walk over a schema. */
interface Walk {
  /**
   * References (`#/$defs/Base`, normalized) whose definition shares its value with other
   * subschemas: closed alone, it would refuse their keys, so it is left as written.
   */
  shared: Set<string>;
  /** False while the walk only finds the shared references. */
  close: boolean;
}

/**
 * Returns a copy of a schema in which every object schema that lists its `properties` and does
 * not say otherwise refuses keys it does not declare. A schema without `properties`
 * (`{ type: 'object' }`) is a free-form map by intent and is left open. Where the keys of one
 * object are split over parts (`if`/`then`/`else`, or anyOf branches beside `properties`), the
 * object is closed over the keys they name together, and the parts are not closed on their own.
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
  const walk: Walk = { shared: new Set(), close: false };
  // A shared definition is walked as a part, which can share the definitions it references in
  // turn: find them all before closing anything. Each round only adds, so this ends.
  let found = -1;
  while (found !== walk.shared.size) {
    found = walk.shared.size;
    visit(copy, '#', 'whole', NOTHING_SHARED, walk);
  }
  walk.close = true;
  visit(copy, '#', 'whole', NOTHING_SHARED, walk);
  return copy;
}

function visit(schema: unknown, pointer: string, met: Role, group: SharedParts, walk: Walk): void {
  if (!isPlainObject(schema)) return;
  const role = met === 'whole' && isShared(schema, pointer, walk.shared) ? 'part' : met;
  noteReferences(schema, role, walk);
  if (role === 'untouched') {
    for (const sub of subschemasOf(schema, pointer))
      visit(sub.schema, sub.pointer, 'untouched', NOTHING_SHARED, walk);
    return;
  }
  let partRole: Role = 'part';
  let shared = group;
  if (role === 'whole') {
    shared = sharedParts([schema, ...allPartsOf(schema)]);
    if (!closeBranches(schema, walk) && !closeOver(schema, walk) && hasOnlyAlternatives(schema))
      partRole = 'alternative';
  }
  for (const part of partsOf(schema, pointer))
    visit(part.schema, part.pointer, partRole, shared, walk);
  for (const keyword of TEST_KEYWORDS) {
    if (Object.hasOwn(schema, keyword))
      visit(schema[keyword], `${pointer}/${keyword}`, 'untouched', NOTHING_SHARED, walk);
  }
  const within = overlapsWithin(schema);
  for (const value of valuesOf(schema, pointer)) {
    const key = value.key as string;
    const describedTwice =
      value.keyword === 'properties'
        ? shared.fields.has(key) || within.properties.has(key)
        : shared.keywords.has(value.keyword) ||
          (value.keyword === 'patternProperties' && within.patterns.has(key)) ||
          (within.items && ITEM_KEYWORDS.includes(value.keyword));
    visit(
      value.schema,
      value.pointer,
      describedTwice ? 'untouched' : 'whole',
      NOTHING_SHARED,
      walk,
    );
  }
  for (const definition of definitionsOf(schema, pointer))
    visit(definition.schema, definition.pointer, 'whole', NOTHING_SHARED, walk);
}

/**
 * Closes the branches of a lone anyOf, oneOf or allOf together, where each lists its fields
 * inline: a key one branch names is named (`{ id, email }` matched the open branches of an
 * anyOf, and each part of an allOf let the other parts' keys through), so each closed branch
 * allows the others' keys (as `true`: the value was only ever checked where it is named).
 *
 * @returns Whether the branches were closed.
 */
function closeBranches(schema: Record<string, unknown>, walk: Walk): boolean {
  const keyword = COMBINING_KEYWORDS.find((candidate) => Object.hasOwn(schema, candidate));
  if (keyword === undefined) return false;
  const branches = schema[keyword];
  if (!Array.isArray(branches) || !combinesWholeObjects(schema, keyword, branches)) return false;
  if (!walk.close) return true;
  const names = namedKeys(branches);
  for (const branch of branches) {
    if (!isPlainObject(branch) || !isClosable(branch)) continue;
    const properties = branch['properties'] as Record<string, unknown>;
    for (const name of names) if (!Object.hasOwn(properties, name)) setOwn(properties, name, true);
    setOwn(branch, 'additionalProperties', false);
  }
  return true;
}

/**
 * Closes an object over the keys it and its parts (`then`, `else`, the branches of anyOf, oneOf
 * and allOf, `dependentSchemas` and draft-07 `dependencies`) name together, the parts left as written: each part is checked against the same
 * value, so a part closed alone would refuse the keys the others name. Keys `if` names count too.
 * A part that lists only `required` names no key of its own.
 *
 * @returns Whether the object was closed.
 */
function closeOver(schema: Record<string, unknown>, walk: Walk): boolean {
  const names = namesOver(schema);
  if (names === undefined) return false;
  if (!walk.close) return true;
  if (!isPlainObject(schema['properties'])) setOwn(schema, 'properties', {});
  const properties = schema['properties'] as Record<string, unknown>;
  for (const name of names) if (!Object.hasOwn(properties, name)) setOwn(properties, name, true);
  setOwn(schema, 'additionalProperties', false);
  return true;
}

/**
 * The keys an object and its parts name, or `undefined` when it is not to be closed: a part
 * takes its keys from elsewhere (`$ref`), says for itself what to do with extra keys, or is a
 * free-form object (`{ type: 'object' }`); or nothing lists its fields.
 */
function namesOver(schema: Record<string, unknown>): string[] | undefined {
  if (cannotBeObject(schema) || mentionsAny(schema, [...REFERENCE_KEYWORDS, ...OPENNESS_KEYWORDS]))
    return undefined;
  const names = new Set<string>();
  let listed = addNames(names, schema);
  for (const part of objectPartsOf(schema)) {
    if (mentionsAny(part, [...REFERENCE_KEYWORDS, ...OPENNESS_KEYWORDS])) return undefined;
    if (addNames(names, part)) listed = true;
    else if (declaresObject(part) && partsOf(part, '').length === 0) return undefined;
  }
  return listed ? [...names] : undefined;
}

/** The parts of a schema that can describe an object, and theirs (a `{ type: 'string' }` branch cannot). */
function objectPartsOf(schema: Record<string, unknown>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending = [schema];
  while (pending.length > 0) {
    const holder = pending.pop() as Record<string, unknown>;
    for (const { schema: part } of partsOf(holder, '')) {
      if (!isPlainObject(part) || cannotBeObject(part)) continue;
      found.push(part);
      pending.push(part);
    }
  }
  return found;
}

/** Adds the keys a schema's `properties` (and its `if`'s) name; whether it has `properties`. */
function addNames(names: Set<string>, schema: Record<string, unknown>): boolean {
  const condition = schema['if'];
  if (isPlainObject(condition) && isPlainObject(condition['properties']))
    for (const name of Object.keys(condition['properties'])) names.add(name);
  const properties = schema['properties'];
  if (!isPlainObject(properties)) return false;
  for (const name of Object.keys(properties)) names.add(name);
  return true;
}

/** A schema whose only parts are the branches of one anyOf or oneOf (or a lone allOf entry). */
function hasOnlyAlternatives(schema: Record<string, unknown>): boolean {
  const keywords = COMBINING_KEYWORDS.filter((keyword) => Object.hasOwn(schema, keyword));
  if (keywords.length !== 1) return false;
  const [keyword] = keywords as [string];
  const branches = schema[keyword];
  if (keyword === 'allOf' && !(Array.isArray(branches) && branches.length === 1)) return false;
  return !mentionsAny(
    schema,
    KEY_DECLARING_KEYWORDS.filter((other) => other !== keyword),
  );
}

/**
 * An object schema that lists its fields and says nothing of extra keys, nor splits its fields
 * over subschemas: `additionalProperties: false` can be added to it as it is.
 */
function isClosable(schema: Record<string, unknown>): boolean {
  return (
    isObjectSchema(schema) &&
    !mentionsAny(schema, OPENNESS_KEYWORDS) &&
    !mentionsAny(schema, REFERENCE_KEYWORDS) &&
    !mentionsAny(schema, TEST_KEYWORDS) &&
    partsOf(schema, '').length === 0
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

/** A schema whose `type` names objects. */
function declaresObject(schema: Record<string, unknown>): boolean {
  const type = schema['type'];
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

/**
 * Notes the definitions a schema references that share their value: a `$ref` beside keys the
 * schema declares, or on a part of a value other parts describe too (`allOf: [{ $ref: Base },
 * { properties: { extra } }]` could never be satisfied with `extra` if `Base` were closed).
 */
function noteReferences(schema: Record<string, unknown>, role: Role, walk: Walk): void {
  for (const keyword of REFERENCE_KEYWORDS) {
    const reference = schema[keyword];
    if (typeof reference !== 'string') continue;
    const alone =
      (role === 'whole' || role === 'alternative') &&
      !mentionsAny(
        schema,
        KEY_DECLARING_KEYWORDS.filter((other) => other !== keyword),
      ) &&
      !mentionsAny(schema, COMBINING_KEYWORDS);
    if (!alone) walk.shared.add(normalizeReference(reference));
  }
}

/** Whether a definition is one a shared reference names, by pointer or by anchor. */
function isShared(
  schema: Record<string, unknown>,
  pointer: string,
  shared: ReadonlySet<string>,
): boolean {
  if (shared.size === 0) return false;
  if (shared.has(pointer)) return true;
  for (const keyword of ['$anchor', '$dynamicAnchor']) {
    const anchor = schema[keyword];
    if (typeof anchor === 'string' && shared.has(`#${anchor}`)) return true;
  }
  const id = schema['$id'];
  return typeof id === 'string' && (shared.has(id) || shared.has(normalizeReference(id)));
}

/** A reference's fragment, percent-decoded (`other.json#/$defs/a%20b` → `#/$defs/a b`). */
function normalizeReference(reference: string): string {
  const hash = reference.indexOf('#');
  const fragment = hash === -1 ? reference : reference.slice(hash);
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** The fields and keywords more than one of a value's subschemas describe (see {@link SharedParts}). */
function sharedParts(members: readonly Record<string, unknown>[]): SharedParts {
  const fields = new Set<string>();
  const keywords = new Set<string>();
  const seenFields = new Set<string>();
  const seenKeywords = new Set<string>();
  // A part that describes any field describes the fields the other parts name.
  const anyField =
    members.length > 1 &&
    members.some((member) => ANY_FIELD_KEYWORDS.some((keyword) => isPlainObject(member[keyword])));
  for (const member of members) {
    const properties = member['properties'];
    if (isPlainObject(properties)) {
      for (const name of Object.keys(properties)) {
        if (seenFields.has(name) || anyField) fields.add(name);
        seenFields.add(name);
      }
    }
    for (const keyword of NESTED_KEYWORDS) {
      if (!Object.hasOwn(member, keyword)) continue;
      if (seenKeywords.has(keyword) || (anyField && ANY_FIELD_KEYWORDS.includes(keyword)))
        keywords.add(keyword);
      seenKeywords.add(keyword);
    }
  }
  return { fields, keywords };
}

/**
 * What one schema describes twice: fields that a pattern of its `patternProperties` also matches
 * (and those patterns), patterns that may match the same key as another, and items that
 * `contains` checks beside `items`.
 */
function overlapsWithin(schema: Record<string, unknown>): {
  properties: ReadonlySet<string>;
  patterns: ReadonlySet<string>;
  items: boolean;
} {
  const properties = new Set<string>();
  const patterns = new Set<string>();
  const items =
    Object.hasOwn(schema, 'contains') &&
    ITEM_KEYWORDS.some((keyword) => keyword !== 'contains' && Object.hasOwn(schema, keyword));
  const patternMap = schema['patternProperties'];
  if (!isPlainObject(patternMap)) return { properties, patterns, items };
  const sources = Object.keys(patternMap);
  // Two patterns may match one key: whether they do cannot be told from the patterns.
  if (sources.length > 1) for (const source of sources) patterns.add(source);
  const names = isPlainObject(schema['properties']) ? Object.keys(schema['properties']) : [];
  for (const source of sources) {
    for (const name of names) {
      if (!matches(source, name)) continue;
      properties.add(name);
      patterns.add(source);
    }
  }
  return { properties, patterns, items };
}

/** Whether a pattern (as ajv reads it, with the `u` flag) matches a name; a bad one may. */
function matches(source: string, name: string): boolean {
  try {
    return new RegExp(source, 'u').test(name);
  } catch {
    return true;
  }
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
