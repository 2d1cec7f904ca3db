/**
 * Objects built from model-written keys. A key is data: `__proto__`, `constructor` or `toString`
 * written by a model must become an ordinary own property, never touch a prototype.
 */

/**
 * Creates an empty object for model-written keys.
 *
 * @returns A plain object (its prototype is `Object.prototype`, so results compare and print as
 * JSON objects do; keys are only ever added through {@link setOwn}).
 */
export function createRecord(): Record<string, unknown> {
  return {};
}

/**
 * Sets a key on an object as an own, enumerable data property, whatever the key is.
 *
 * @param target - The object being built.
 * @param key - The key exactly as the model wrote it (`__proto__` included).
 * @param value - The value.
 * @example
 * ```ts
 * const record = createRecord();
 * setOwn(record, '__proto__', 1);
 * Object.keys(record); // ['__proto__']
 * ```
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // On an object made by createRecord only `__proto__` is an inherited accessor: any other key,
  // `constructor` and `toString` included, is assigned as an own data property, and a plain
  // assignment costs a fraction of defining one (which was a twentieth of reading a small
  // qwen3_coder call).
  if (key !== '__proto__') {
    target[key] = value;
    return;
  }
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
