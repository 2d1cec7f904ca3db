/**
 * The type a pair of K2-Horizon's typed mode declares (`<ifm|arg_type>integer</ifm|arg_type>`),
 * checked against the parameter's schema and used to type the value where no schema does.
 *
 * The schema decides: a value is typed by it as in the plain mode (`readGlmValue`), and a declared
 * type the schema does not allow (a `string` for an `integer` parameter) refuses the call, since
 * the model then said two things about one value and which it meant is a guess (vLLM lets the
 * schema win silently). A schema that allows several types is narrowed to the declared one, as
 * vLLM does. Without a schema the declared type types the value; `any`, or a type name JSON
 * Schema does not have, types it as the plain mode does.
 */
import type { Issue, Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { readGlmValue } from '../shared/glm-value.js';
import { malformed } from '../shared/issues.js';
import { allowsType, parameterSchema, typeBySchema } from '../shared/typed-value.js';

/** The JSON Schema types a declaration may name. */
const JSON_TYPES: readonly string[] = [
  'string',
  'integer',
  'number',
  'boolean',
  'array',
  'object',
  'null',
];

/**
 * The base of a declared type: the text before its first `[` (`array[string]` is `array`),
 * trimmed and lower-cased.
 *
 * @param written - The type as written between the tags.
 * @returns The base, `''` when nothing was declared.
 * @example
 * ```ts
 * declaredBase(' Array[integer] '); // 'array'
 * ```
 */
export function declaredBase(written: string): string {
  const bracket = written.indexOf('[');
  return (bracket === -1 ? written : written.slice(0, bracket)).trim().toLowerCase();
}

/** What a value is read as: the call, the key, and where. */
interface TypedPair {
  name: string;
  key: string;
  /** The type as written. */
  declared: string;
  /** The value as written, and where it starts. */
  text: string;
  start: number;
}

/**
 * Why a declared type cannot be read against the parameter's schema, if it cannot: nothing
 * declared, or a JSON type the schema does not allow (an integer where it takes a number, or the
 * other way round, is allowed: the value tells them apart, and validation checks it).
 *
 * @param pair - The call's name, the key and the declared type.
 * @param tools - The parser's schemas by tool name.
 * @param offset - Where the declaration is, for the issue.
 * @returns The problem, or `undefined`.
 */
export function declaredTypeProblem(
  pair: Pick<TypedPair, 'name' | 'key' | 'declared'>,
  tools: FormatContext['tools'],
  offset: number,
): Issue | undefined {
  const { name, key } = pair;
  const base = declaredBase(pair.declared);
  if (base === '') return malformed(`"${key}" of "${name}" declares an empty type`, offset);
  const schema = parameterSchema(tools, name, key);
  if (schema === undefined || !JSON_TYPES.includes(base)) return undefined;
  // A schema that names no type (a description only) says nothing to contradict.
  if (JSON_TYPES.every((type) => !allowsType(schema, type))) return undefined;
  if (allowsType(schema, base)) return undefined;
  if (base === 'integer' && allowsType(schema, 'number')) return undefined;
  if (base === 'number' && allowsType(schema, 'integer')) return undefined;
  return malformed(
    `"${key}" of "${name}" is declared ${JSON.stringify(pair.declared.trim())}, a type its schema does not allow`,
    offset,
  );
}

/**
 * Reads the value of a typed pair whose declaration {@link declaredTypeProblem} let through.
 *
 * @param pair - The call's name, the key, the declared type and the value as written.
 * @param tools - The parser's schemas by tool name.
 * @param repairs - Receives the repairs made (a value the schema converted).
 * @returns The typed value.
 * @example
 * ```ts
 * readTypedValue({ name: 'f', key: 'days', declared: 'integer', text: '3', start: 0 }, undefined, []); // 3
 * ```
 */
export function readTypedValue(
  pair: TypedPair,
  tools: FormatContext['tools'],
  repairs: Repair[],
): unknown {
  const { name, key, text, start } = pair;
  const base = declaredBase(pair.declared);
  const schema = parameterSchema(tools, name, key);
  const known = JSON_TYPES.includes(base);
  if (schema === undefined) {
    // The declaration is all there is to type the value by.
    if (!known || base === 'string')
      return known ? text.trim() : readGlmValue(text, start, name, key, tools, repairs);
    return typeBySchema(text.trim(), { type: base }).value;
  }
  if (
    known &&
    allowsType(schema, base) &&
    !Object.hasOwn(schema, 'enum') &&
    !Object.hasOwn(schema, 'const')
  ) {
    // A union narrowed to what the model declared (`["string", "integer"]` and `string`: "5").
    const others = JSON_TYPES.some((type) => type !== base && allowsType(schema, type));
    if (others) {
      const typed = typeBySchema(text.trim(), { type: base });
      if (typed.converted) repairs.push({ kind: 'schema-typed-value', offset: start, detail: key });
      return typed.value;
    }
  }
  return readGlmValue(text, start, name, key, tools, repairs);
}
