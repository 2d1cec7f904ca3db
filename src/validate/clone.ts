/**
 * Copies of model-supplied values that can never touch a prototype: keys such as `__proto__` and
 * `constructor` are copied as own data properties, never assigned through a setter.
 */
import { isPlainObject } from '../formats/shared/call-object.js';
import { setOwn } from '../formats/shared/own-property.js';

// Re-exported so phase 2 modules read model data through one door.
export { isPlainObject, setOwn };

/**
 * Deep-copies a JSON-like value (objects, arrays, primitives). Objects keep their prototype
 * (plain or null) and every own enumerable string key, `__proto__` included, as data.
 *
 * @param value - A value decoded from model output or given by the caller.
 * @returns An independent copy.
 * @example
 * ```ts
 * const copy = cloneJson(JSON.parse('{"__proto__": {"x": 1}}'));
 * Object.hasOwn(copy, '__proto__'); // true, and Object.prototype is untouched
 * ```
 */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy = Object.create(
    Object.getPrototypeOf(value) === null ? null : Object.prototype,
  ) as Record<string, unknown>;
  for (const key of Object.keys(value))
    setOwn(copy, key, cloneJson((value as Record<string, unknown>)[key]));
  return copy as T;
}

/**
 * Deep-freezes a value in place, so a pinned manifest cannot change under a running parser.
 *
 * @param value - Any value.
 * @returns The same value, frozen all the way down.
 * @example
 * ```ts
 * const schema = deepFreeze({ type: 'object', properties: {} });
 * Object.isFrozen(schema.properties); // true
 * ```
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
