/**
 * A `required` field the schema never declares is a caller mistake (a typo such as `nme` beside
 * `name`): no call could ever pass, or, on a write tool, the closed object refuses the very key it
 * requires. ajv's own check (`strictRequired`) looks only at the `properties` beside each
 * `required`, so it refused ordinary schemas that require a field the object declares elsewhere:
 * `anyOf: [{ required: ['a'] }, { required: ['b'] }]` beside the object's `properties`, or
 * `then: { required: ['card'] }`. This check looks at every subschema of the same value.
 */
import { isPlainObject } from './clone.js';
import { definitionsOf, partsOf, TEST_KEYWORDS, valuesOf, type Located } from './subschemas.js';
import { appendAll } from '../append.js';

/**
 * Finds a `required` field that no subschema of its object declares.
 *
 * @param schema - A tool's parameters schema.
 * @returns A message naming the field and where it is required, or `undefined` when every
 *   required field is declared.
 * @example
 * ```ts
 * undeclaredRequired({ type: 'object', properties: { name: {} }, required: ['nme'] });
 * // 'required property "nme" is not declared at "#": ...'
 * ```
 */
export function undeclaredRequired(schema: Record<string, unknown>): string | undefined {
  const pending: Located[] = [{ schema, pointer: '#' }];
  for (let index = 0; index < pending.length; index += 1) {
    const members = membersOf(pending[index]!);
    const declared = new Set<string>();
    let open = false;
    for (const { schema: member } of members) {
      const properties = member['properties'];
      if (isPlainObject(properties)) for (const name of Object.keys(properties)) declared.add(name);
      if (declaresAnyKey(member)) open = true;
      for (const value of valuesOf(member, '')) pending.push(value);
      for (const definition of definitionsOf(member, '')) pending.push(definition);
    }
    if (open) continue;
    for (const { schema: member, pointer } of members) {
      const required = member['required'];
      if (!Array.isArray(required)) continue;
      for (const name of required as unknown[]) {
        if (typeof name === 'string' && !declared.has(name))
          return `required property ${JSON.stringify(name)} is not declared at "${pointer}": list it in "properties" there or in a subschema of the same object`;
      }
    }
  }
  return undefined;
}

/** A value's schema and every subschema of the same value (its parts, `if` and `not`). */
function membersOf(root: Located): { schema: Record<string, unknown>; pointer: string }[] {
  const members: { schema: Record<string, unknown>; pointer: string }[] = [];
  const pending = [root];
  for (let index = 0; index < pending.length; index += 1) {
    const { schema, pointer } = pending[index]!;
    if (!isPlainObject(schema)) continue;
    members.push({ schema, pointer });
    appendAll(pending, partsOf(schema, pointer));
    for (const keyword of TEST_KEYWORDS) {
      if (Object.hasOwn(schema, keyword))
        pending.push({ schema: schema[keyword], pointer: `${pointer}/${keyword}` });
    }
  }
  return members;
}

/** A subschema that lets keys through by pattern or by default, or takes them from elsewhere. */
function declaresAnyKey(schema: Record<string, unknown>): boolean {
  return (
    Object.hasOwn(schema, '$ref') ||
    Object.hasOwn(schema, '$dynamicRef') ||
    Object.hasOwn(schema, 'patternProperties') ||
    (Object.hasOwn(schema, 'additionalProperties') && schema['additionalProperties'] !== false) ||
    (Object.hasOwn(schema, 'unevaluatedProperties') && schema['unevaluatedProperties'] !== false)
  );
}
