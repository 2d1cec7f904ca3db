/**
 * The nesting depth of a value `JSON.parse` returned, for the `maxDepth` limit on payloads the
 * native parser accepted (the grammar counts its own depth as it goes).
 */

/**
 * The deepest nesting of arrays and objects in a parsed JSON value (1 for `{}` or `[]`, 0 for a
 * primitive), the same count as the brackets of its text. It walks the containers only, never
 * the characters: a 100 KB string argument is one step, where scanning the text read every unit
 * of it (several times the `JSON.parse` it followed). Iterative, so a `maxDepth` set far above
 * the default cannot overflow the stack, and it stops once `limit` is exceeded.
 *
 * @param value - What `JSON.parse` returned (plain objects, arrays and primitives only).
 * @param limit - The depth beyond which the exact answer no longer matters.
 * @returns The deepest nesting, exact up to `limit + 1`.
 * @example
 * ```ts
 * valueDepth(JSON.parse('[[1], {"a": "[["}]'), 256); // 2
 * ```
 */
export function valueDepth(value: unknown, limit: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  const containers: object[] = [value];
  const depths: number[] = [1];
  let deepest = 0;
  while (containers.length > 0) {
    const container = containers.pop() as object;
    const depth = depths.pop() as number;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    if (Array.isArray(container)) {
      for (const item of container as unknown[]) {
        if (typeof item === 'object' && item !== null) {
          containers.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    // JSON.parse makes every key an own enumerable data property (`__proto__` included); the
    // own check keeps an enumerable property someone added to Object.prototype out of the count.
    const record = container as Record<string, unknown>;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      const item = record[key];
      if (typeof item === 'object' && item !== null) {
        containers.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

/**
 * A bound on the nesting of a value `JSON.parse` read from a text of `length` units, against
 * `limit`: half the length when the text is too short to nest past the limit (a level takes two
 * units of valid JSON), else the value's depth, exact up to `limit + 1`.
 *
 * @param value - What `JSON.parse` returned, or a value inside it.
 * @param length - The length of the text that was parsed.
 * @param limit - The depth beyond which the exact answer no longer matters.
 * @param around - Levels the text holds around `value` (1 for the arguments of a call object).
 * @returns The bound, counting the levels around the value; above `limit` when it nests too deep.
 * @example
 * ```ts
 * depthBound({ a: [1] }, 10, 256); // 5: the text is short
 * depthBound({ a: [1] }, 600, 256, 1); // 3
 * ```
 */
export function depthBound(value: unknown, length: number, limit: number, around = 0): number {
  if (length <= 2 * limit) return length >> 1;
  return valueDepth(value, limit - around) + around;
}
