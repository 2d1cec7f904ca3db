/**
 * Numbers past 2^53 in arguments. A JavaScript number holds an integer exactly only up to
 * 9007199254740991; past it the last digits are rounded (`1234567890123456789` reads as
 * 1234567890123456800). Such an integer is most often an identifier (a 64-bit message, order or
 * user id), and a call run with a neighbouring id acts on the wrong thing.
 */
import { setOwn } from './clone.js';
import { escapePointer } from './errors.js';

/** One number past 2^53: where it sits (keys and indexes from the root) and its value. */
export interface LargeNumber {
  path: (string | number)[];
  value: number;
}

/**
 * True when a finite number's magnitude is past `Number.MAX_SAFE_INTEGER`, where integers are no
 * longer exact (every double that large is an integer).
 */
export function isPastExact(value: number): boolean {
  return value > Number.MAX_SAFE_INTEGER || value < -Number.MAX_SAFE_INTEGER;
}

/**
 * Whether any number in a JSON-like value is past 2^53: the quick look done on every call of a
 * tool whose schema has an integer type, before `findLargeNumbers` works out where they are.
 * Iterative, so arguments nested as deep as the limits allow cannot overflow the stack.
 *
 * @param value - Arguments (plain objects, arrays and primitives).
 * @returns True when one is.
 * @example
 * ```ts
 * holdsLargeNumber(JSON.parse('{"id": 1234567890123456789}')); // true
 * holdsLargeNumber({ id: 42, weight: 1.5 }); // false
 * ```
 */
export function holdsLargeNumber(value: unknown): boolean {
  if (typeof value === 'number') return isPastExact(value);
  if (typeof value !== 'object' || value === null) return false;
  const containers: object[] = [value];
  while (containers.length > 0) {
    const container = containers.pop() as object;
    if (Array.isArray(container)) {
      for (const item of container as unknown[]) {
        if (typeof item === 'number') {
          if (isPastExact(item)) return true;
        } else if (typeof item === 'object' && item !== null) containers.push(item);
      }
      continue;
    }
    // Own keys only, as JSON.parse makes them: an enumerable property someone added to
    // Object.prototype is not part of the arguments.
    const record = container as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const item = record[key];
      if (typeof item === 'number') {
        if (isPastExact(item)) return true;
      } else if (typeof item === 'object' && item !== null) containers.push(item);
    }
  }
  return false;
}

/**
 * Every number past 2^53 in a JSON-like value, in document order.
 *
 * @param value - Arguments.
 * @returns Their paths and values (none for a value without any).
 * @example
 * ```ts
 * findLargeNumbers({ ids: [1, 2 ** 60] }); // [{ path: ['ids', 1], value: 1152921504606846976 }]
 * ```
 */
export function findLargeNumbers(value: unknown): LargeNumber[] {
  const found: LargeNumber[] = [];
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop() as { value: unknown; path: (string | number)[] };
    if (typeof item === 'number') {
      if (isPastExact(item)) found.push({ path, value: item });
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    const entries: [string | number, unknown][] = Array.isArray(item)
      ? (item as unknown[]).map((child, index) => [index, child])
      : Object.keys(item).map((key) => [key, (item as Record<string, unknown>)[key]]);
    // Pushed last to first, so they come off the stack in document order.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [step, child] = entries[index] as [string | number, unknown];
      pending.push({ value: child, path: [...path, step] });
    }
  }
  return found;
}

/**
 * The JSON pointer of a path (`['ids', 1]` is `/ids/1`).
 *
 * @param path - Keys and indexes from the root.
 * @returns The pointer, `''` for the root.
 */
export function pointerOf(path: readonly (string | number)[]): string {
  return path.map((step) => `/${escapePointer(String(step))}`).join('');
}

/**
 * Replaces the value at a path inside a copy the caller owns.
 *
 * @param root - A container (not the root value itself: the path must not be empty).
 * @param path - Keys and indexes from the root, at least one.
 * @param replacement - The new value.
 */
export function replaceAt(
  root: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
): void {
  let container = root as Record<string, unknown> | unknown[];
  for (let index = 0; index < path.length - 1; index += 1) {
    const step = path[index] as string | number;
    container = (Array.isArray(container) ? container[step as number] : container[step]) as
      Record<string, unknown> | unknown[];
  }
  const last = path[path.length - 1] as string | number;
  // A key such as `__proto__` is written as the own data property it is, never through a setter.
  if (Array.isArray(container)) container[last as number] = replacement;
  else setOwn(container, String(last), replacement);
}

/**
 * How a tool's schema is checked for integers past 2^53, worked out once when it is compiled:
 * - `none`: the schema names no integer type, or only integer fields it bounds within 2^53
 *   (`minimum` and `maximum`), which ajv already enforces;
 * - `flat`: only top-level properties are integer fields: each is read directly;
 * - `walk`: integers sit deeper (nested objects, arrays, `anyOf`, `$ref`...): every number is
 *   looked at, and the schema is asked about each one past 2^53 (see `compile.ts`).
 */
export type IntegerGuard =
  | { readonly kind: 'none' }
  | { readonly kind: 'flat'; readonly keys: readonly string[] }
  | { readonly kind: 'walk' };

/**
 * Works out the {@link IntegerGuard} of a schema.
 *
 * @param schema - A tool's parameters schema (as compiled).
 * @returns The guard.
 * @example
 * ```ts
 * integerGuard({ type: 'object', properties: { id: { type: 'integer' } } }); // { kind: 'flat', keys: ['id'] }
 * integerGuard({ type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 14 } } }); // { kind: 'none' }
 * ```
 */
export function integerGuard(schema: Record<string, unknown>): IntegerGuard {
  if (!JSON.stringify(schema).includes('"integer"')) return { kind: 'none' };
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    return { kind: 'walk' };
  }
  const keys: string[] = [];
  const rest: Record<string, unknown> = { ...schema, properties: {} };
  for (const [key, property] of Object.entries(properties as Record<string, unknown>)) {
    if (!isDirectInteger(property)) {
      (rest['properties'] as Record<string, unknown>)[key] = property;
      continue;
    }
    if (!isBounded(property as Record<string, unknown>)) keys.push(key);
  }
  // Any other mention (a nested field, `items`, `anyOf`, a `$ref`'d definition) needs the walk.
  if (JSON.stringify(rest).includes('"integer"')) return { kind: 'walk' };
  return keys.length === 0 ? { kind: 'none' } : { kind: 'flat', keys };
}

/** A property schema whose own `type` is or includes `integer`, with no subschema below it. */
function isDirectInteger(property: unknown): boolean {
  if (typeof property !== 'object' || property === null || Array.isArray(property)) return false;
  const { type } = property as { type?: unknown };
  const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  // Anything else naming the integer type below it (`anyOf`, `not`...) is left to the walk.
  const others: Record<string, unknown> = { ...(property as Record<string, unknown>) };
  delete others['type'];
  return integer && !JSON.stringify(others).includes('"integer"');
}

/** True when `minimum` and `maximum` (or their exclusive forms) keep the field within 2^53. */
function isBounded(property: Record<string, unknown>): boolean {
  const lowest = property['minimum'] ?? property['exclusiveMinimum'];
  const highest = property['maximum'] ?? property['exclusiveMaximum'];
  return (
    typeof lowest === 'number' &&
    typeof highest === 'number' &&
    lowest >= -Number.MAX_SAFE_INTEGER &&
    highest <= Number.MAX_SAFE_INTEGER
  );
}
