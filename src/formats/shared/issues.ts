/** The issues and repairs that several lowerings report, built in one place. */
import type { Issue, Repair } from '../../types.js';
import { clipQuoted } from '../../validate/errors.js';

/**
 * A `malformed-tool-call` issue: tool syntax whose body could not be read.
 *
 * @param message - What was wrong. It quotes no position: a stream reads a window of the
 *   output, so only `offset` (rebased) can say where.
 * @param offset - Where, in the output.
 * @returns The issue.
 * @example
 * ```ts
 * malformed('the call has no tool name', 12); // { code: 'malformed-tool-call', ... }
 * ```
 */
export function malformed(message: string, offset: number): Issue {
  // Names and keys the message quotes are the model's: each is cut to a bounded quote.
  return { code: 'malformed-tool-call', message: clipQuoted(message), offset };
}

/**
 * An `incomplete-tool-call` issue: a call the end of the output cut off.
 *
 * @param offset - Where the call starts.
 * @returns The issue.
 */
export function incomplete(offset: number): Issue {
  return {
    code: 'incomplete-tool-call',
    message: 'the call was cut off by the end of the output',
    offset,
  };
}

/**
 * The issue of a call written with no tool name, which no refusal can name: cut off by the end of
 * the output, the name may still have been coming (`incomplete`); else it is `malformed`.
 *
 * @param cut - The output ended inside the call.
 * @param offset - Where the call starts.
 * @returns The issue.
 */
export function namelessCall(cut: boolean, offset: number): Issue {
  return cut ? incomplete(offset) : malformed('a call has no tool name', offset);
}

/**
 * An `implicit-close-tag` repair: a missing close tag implied by the next tag.
 *
 * @param tag - The tag that was implied.
 * @param offset - Where it was implied.
 * @returns The repair.
 */
export function implied(tag: string, offset: number): Repair {
  return { kind: 'implicit-close-tag', offset, detail: tag };
}

/**
 * A `malformed-tool-call` issue for a tag that writes one attribute twice. XML forbids it, and
 * readers disagree on which value wins (the first here, the last in a DOM), so a tag that names
 * its tool or a parameter twice is refused rather than read either way.
 *
 * @param tag - The tag, as the message names it (`<tool>`).
 * @param keys - Its attribute keys in the order written.
 * @param offset - Where the tag is.
 * @returns The issue, or `undefined` when every key is written once.
 * @example
 * ```ts
 * repeatedAttribute('<tool>', ['name', 'name'], 0)?.message; // 'the <tool> tag writes the attribute "name" twice; ...'
 * ```
 */
export function repeatedAttribute(
  tag: string,
  keys: readonly string[],
  offset: number,
): Issue | undefined {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) {
      return malformed(
        `the ${tag} tag writes the attribute "${key}" twice; write each attribute once`,
        offset,
      );
    }
    seen.add(key);
  }
  return undefined;
}
