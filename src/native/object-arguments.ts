/**
 * Arguments a provider already decoded into an object (an Anthropic `input`, or OpenAI-shaped
 * `arguments` given as an object): they pass the same limits as arguments read from text. A model
 * can nest a JSON value as deep as it likes, and a provider's SDK decodes it before we see it.
 * The call gets its own copy: the caller's object may be shared between calls or changed after
 * the gate validated it.
 */
import { valueDepth } from '../json/depth.js';
import type { Issue } from '../types.js';
import { isPlainObject } from '../validate/clone.js';

/**
 * What the gate needs of decoded arguments: a copy of them and their size as JSON text, or why
 * they cannot be run.
 */
export type ObjectArgumentsCheck =
  { ok: true; value: Record<string, unknown>; size: number } | { ok: false; issue: Issue };

/**
 * Checks decoded arguments against `maxDepth` and measures them as JSON text (for `maxCallSize`).
 *
 * @param name - The tool name, for the issue's message.
 * @param value - The decoded arguments object.
 * @param maxDepth - The parser's nesting limit.
 * @param offset - The call's index, where its issue points.
 * @returns A copy and the JSON size, or an issue: `too-deep` when it nests deeper than `maxDepth`
 * (a cycle always does), `malformed-tool-call` when it has no JSON text (a BigInt).
 * @example
 * ```ts
 * checkObjectArguments('f', { a: [1] }, 256, 0); // { ok: true, value: { a: [1] }, size: 9 }
 * ```
 */
export function checkObjectArguments(
  name: string,
  value: Record<string, unknown>,
  maxDepth: number,
  offset: number,
): ObjectArgumentsCheck {
  // Iterative and stops past the limit: a cyclic object is only ever "too deep".
  if (valueDepth(value, maxDepth) > maxDepth) {
    return {
      ok: false,
      issue: {
        code: 'too-deep',
        message: `the arguments of "${name}" nest deeper than the maxDepth limit of ${maxDepth}`,
        offset,
      },
    };
  }
  try {
    // The JSON text measures the arguments, and read back it is their copy: the data a model can
    // have written (what a toJSON gives, without undefined or functions), in fresh objects whose
    // keys, `__proto__` included, are own data properties. Linear, and no recursion of ours.
    const text = JSON.stringify(value);
    const copy: unknown = JSON.parse(text);
    // Only a toJSON of the caller's could make the text of an object something else.
    if (isPlainObject(copy)) return { ok: true, value: copy, size: text.length };
  } catch {
    // A BigInt, or a getter that throws: not JSON data, which no model wrote.
  }
  return {
    ok: false,
    issue: {
      code: 'malformed-tool-call',
      message: `the arguments of "${name}" are not JSON data of an object (JSON.stringify refused them or gave no object)`,
      offset,
    },
  };
}
