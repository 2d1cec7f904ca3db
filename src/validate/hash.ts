/**
 * Schema versions: a short, stable hash of what a tool accepts, carried in telemetry so failure
 * rates can be split by schema version (a spike after a rollout points at the new schema).
 */
import { isPlainObject } from './clone.js';

/**
 * Serializes a JSON-like value with object keys sorted, so equal schemas hash equally whatever
 * order their keys were written in.
 *
 * @param value - A JSON-like value.
 * @returns Canonical JSON text.
 * @example
 * ```ts
 * stableStringify({ b: 1, a: [true] }); // '{"a":[true],"b":1}'
 * ```
 */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item: unknown) => stableStringify(item)).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Hashes a value to 12 hex digits (cyrb53, non-cryptographic: it names versions, it guards nothing).
 *
 * @param value - A JSON-like value, e.g. `{ name, effect, parameters }`.
 * @returns A version id such as `'3f9a0c11d2e4'`.
 * @example
 * ```ts
 * schemaVersion({ type: 'object' }) === schemaVersion({ type: 'object' }); // true
 * ```
 */
export function schemaVersion(value: unknown): string {
  const text = stableStringify(value);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const combined = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return combined.toString(16).padStart(14, '0').slice(-12);
}
