/**
 * Typing of text-valued parameters (`<parameter=count>5</parameter>`): the text becomes the type
 * the tool's JSON Schema declares for that parameter. Used by every syntax whose values are text
 * (qwen3_coder, glm45, minimax_m2, seed_oss, step3, DSML, markup).
 */
import { parseJson } from '../../json/index.js';
import type { ParameterSchemas } from '../format.js';
import { isPlainObject } from './call-object.js';

/** A JSON Schema fragment, as far as typing needs it. */
type Schema = Record<string, unknown>;

/** The result of typing one value. */
export interface TypedValue {
  value: unknown;
  /** True when the text was converted (recorded as a `schema-typed-value` repair). */
  converted: boolean;
}

/**
 * Finds the schema of one parameter of a tool.
 *
 * @param tools - The parser's schemas by tool name.
 * @param tool - The tool name the model wrote.
 * @param parameter - The parameter name.
 * @returns The parameter's schema, or `undefined` when the tool or parameter is unknown.
 */
export function parameterSchema(
  tools: ReadonlyMap<string, ParameterSchemas> | undefined,
  tool: string,
  parameter: string,
): Schema | undefined {
  const parameters = tools?.get(tool)?.parameters;
  if (parameters === undefined) return undefined;
  const properties = parameters['properties'];
  if (!isPlainObject(properties) || !Object.hasOwn(properties, parameter)) return undefined;
  const schema = properties[parameter];
  return isPlainObject(schema) ? schema : undefined;
}

/**
 * Types a text value by its schema: integer and number, boolean, null (for nullable schemas),
 * arrays and objects decoded from JSON; a union (`anyOf`, `oneOf`, a list of types) tries each
 * member and falls back to the text when `string` is allowed; an `enum` or `const` takes the
 * reading it lists. Text that does not fit stays text (validation reports it later; typing never
 * guesses).
 *
 * @param raw - The value exactly as written between the tags.
 * @param schema - The parameter's schema.
 * @returns The typed value and whether it changed.
 * @example
 * ```ts
 * typeBySchema('5', { type: 'integer' }); // { value: 5, converted: true }
 * typeBySchema('5', { anyOf: [{ type: 'string' }, { type: 'integer' }] }); // { value: 5, converted: true }
 * typeBySchema('1', { enum: ['1', 2] }); // { value: '1', converted: false }
 * ```
 */
export function typeBySchema(raw: string, schema: Schema): TypedValue {
  const listed = listedValues(schema);
  // An enum or const decides between readings: `enum: ["1", 2]` takes the text "1" as written,
  // and 2 as the number (the first reading it lists).
  if (listed !== undefined) {
    if (listed.includes(raw)) return { value: raw, converted: false };
    const trimmed = raw.trim();
    // Blanks around a listed word (`<parameter=unit> celsius </parameter>`) are layout.
    if (trimmed !== raw && listed.includes(trimmed)) return { value: trimmed, converted: true };
    for (const type of READING_ORDER) {
      const typed = readAs(type, trimmed);
      if (typed !== NOT_THIS_TYPE && listed.some((value) => sameJson(value, typed))) {
        return { value: typed, converted: true };
      }
    }
  }
  const types = schemaTypes(schema);
  if (types.size === 0) return { value: raw, converted: false };
  const text = raw.trim();
  // Non-string readings are tried first so "5" for `string | integer` still becomes 5. But not a
  // number a double cannot hold (`12345678901234567890`, an id, reads as ...7000) where the
  // schema takes text: the text is what the model wrote, and it fits.
  const takesText = types.has('string');
  for (const type of READING_ORDER) {
    if (!types.has(type)) continue;
    const typed = readAs(type, text);
    if (typed === NOT_THIS_TYPE) continue;
    if (takesText && typeof typed === 'number' && losesDigits(text, typed)) break;
    return { value: typed, converted: true };
  }
  return { value: raw, converted: false };
}

/**
 * Whether {@link typeBySchema} keeps any text as written under this schema: it lists no values
 * and allows no type other than `string` (or none at all). A stream writes such a value while it
 * is written; any other waits until the value is whole.
 *
 * @param schema - The parameter's schema.
 * @returns True when the value is the text, whatever it is.
 * @example
 * ```ts
 * takesTextAsWritten({ type: 'string' }); // true
 * takesTextAsWritten({ type: ['string', 'integer'] }); // false
 * ```
 */
export function takesTextAsWritten(schema: Schema): boolean {
  if (listedValues(schema) !== undefined) return false;
  const types = schemaTypes(schema);
  return READING_ORDER.every((type) => !types.has(type));
}

/**
 * Whether a schema allows a JSON type, looking through `anyOf`, `oneOf`, `nullable`, `enum` and
 * `const` as {@link typeBySchema} does.
 *
 * @param schema - The schema.
 * @param type - A JSON Schema type name (`string`, `array`...).
 * @returns True when a value of that type may fit.
 * @example
 * ```ts
 * allowsType({ anyOf: [{ type: 'array' }, { type: 'null' }] }, 'array'); // true
 * ```
 */
export function allowsType(schema: Schema, type: string): boolean {
  return schemaTypes(schema).has(type);
}

/**
 * Most significant digits a decimal may have and still be read exactly: any decimal of at most
 * 15 significant digits survives the trip through a double (DBL_DIG).
 */
const EXACT_DIGITS = 15;

/**
 * True when reading `text` as a number dropped some of its digits: its significant digits are not
 * those of the number read (`12345678901234567890` reads as 12345678901234567000).
 *
 * @param text - A JSON number as written.
 * @param number - Its value.
 * @returns Whether digits were lost.
 */
export function losesDigits(text: string, number: number): boolean {
  const written = significantDigits(text);
  if (written.length <= EXACT_DIGITS) return false;
  return significantDigits(String(number)) !== written;
}

/** The digits of a number's mantissa without leading or trailing zeros (`-0.0120e5` is `12`). */
function significantDigits(text: string): string {
  let digits = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x65 || unit === 0x45) break;
    if (unit >= 0x30 && unit <= 0x39 && (digits !== '' || unit !== 0x30)) digits += text[index];
  }
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end -= 1;
  return digits.slice(0, end);
}

const NOT_THIS_TYPE = Symbol('not this type');

/** The non-string readings of a text value, in the order they are tried. */
const READING_ORDER = ['null', 'boolean', 'integer', 'number', 'array', 'object'] as const;

/** The values a schema lists (`enum`, or `const` as one value), when it lists them. */
function listedValues(schema: Schema): readonly unknown[] | undefined {
  if (Array.isArray(schema['enum'])) return schema['enum'] as unknown[];
  return Object.hasOwn(schema, 'const') ? [schema['const']] : undefined;
}

/** Equal as JSON values (an enum may list arrays and objects). */
function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
    return false;
  return JSON.stringify(left) === JSON.stringify(right);
}

function readAs(type: string, text: string): unknown {
  switch (type) {
    case 'null':
      return text === 'null' || text === 'None' ? null : NOT_THIS_TYPE;
    case 'boolean': {
      const lower = text.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : NOT_THIS_TYPE;
    }
    case 'integer': {
      const number = readNumber(text);
      if (number === undefined || !Number.isInteger(number)) return NOT_THIS_TYPE;
      // `1.00000000000000000001` reads as 1, but was no integer. (Past 2^53 the digits lost are
      // an integer's own: read, and refused by the integer check, whose envelope says why.)
      return Number.isSafeInteger(number) && losesDigits(text, number) ? NOT_THIS_TYPE : number;
    }
    case 'number': {
      const number = readNumber(text);
      return number === undefined ? NOT_THIS_TYPE : number;
    }
    case 'array':
    case 'object': {
      const decoded = parseJson(text);
      if (!decoded.ok || !decoded.complete) return NOT_THIS_TYPE;
      const fits = type === 'array' ? Array.isArray(decoded.value) : isPlainObject(decoded.value);
      return fits ? decoded.value : NOT_THIS_TYPE;
    }
    default:
      return NOT_THIS_TYPE;
  }
}

/** A decimal number as JSON writes it (also `5.0` and `1e3`); nothing looser. */
function readNumber(text: string): number | undefined {
  if (text === '' || text.length > 64) return undefined;
  const decoded = parseJson(text, { strict: true });
  return decoded.ok && typeof decoded.value === 'number' && Number.isFinite(decoded.value)
    ? decoded.value
    : undefined;
}

/** The set of JSON types a schema allows, looking through `anyOf`/`oneOf` and `nullable`. */
function schemaTypes(schema: Schema, depth = 0): Set<string> {
  const types = new Set<string>();
  if (depth > 8) return types;
  const type = schema['type'];
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const item of type) if (typeof item === 'string') types.add(item);
  if (schema['nullable'] === true) types.add('null');
  if (Array.isArray(schema['enum']) && types.size === 0) {
    for (const item of schema['enum']) types.add(jsonType(item));
  }
  if (Object.hasOwn(schema, 'const') && types.size === 0) types.add(jsonType(schema['const']));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    for (const member of members) {
      if (isPlainObject(member)) for (const item of schemaTypes(member, depth + 1)) types.add(item);
    }
  }
  if (types.has('integer')) types.add('integer');
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
