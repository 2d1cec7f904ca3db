/**
 * The name in a `<function=NAME>` or `<parameter=NAME>` tag (qwen3_coder, seed_oss), as the
 * lowering and a stream both read it: trimmed, and without one pair of quotes around it. Models
 * used to XML attributes write `<parameter="city">`; read as written, the key was `"city"` (a tool
 * then missing its `city`, or, with no schema, an argument no code reads) and the tool `"f"` no
 * tool at all.
 */
import type { Repair } from '../../types.js';
import { QUOTE, SINGLE_QUOTE } from '../../json/char-codes.js';

/**
 * Reads a tag's name.
 *
 * @param written - What the tag holds between `=` and `>`.
 * @returns The name: trimmed, and the text inside one pair of matching quotes when the whole
 * name is quoted and what they hold is a name (not blank, no quote in it).
 * @example
 * ```ts
 * xmlTagName(' "city" '); // 'city'
 * xmlTagName('city'); // 'city'
 * xmlTagName('"a" "b"'); // '"a" "b"'
 * ```
 */
export function xmlTagName(written: string): string {
  const name = written.trim();
  const first = name.charCodeAt(0);
  if (
    name.length < 3 ||
    (first !== QUOTE && first !== SINGLE_QUOTE) ||
    name.charCodeAt(name.length - 1) !== first
  )
    return name;
  const inner = name.slice(1, -1).trim();
  return inner === '' || inner.includes('"') || inner.includes("'") ? name : inner;
}

/**
 * The repair recorded when a tag's name was read without its quotes.
 *
 * @param written - What the tag holds.
 * @param name - The name read from it.
 * @param offset - Where the name is written.
 * @param what - `function` or `parameter`.
 * @returns The repair, or undefined when the name is as written (trimmed).
 */
export function unquotedNameRepair(
  written: string,
  name: string,
  offset: number,
  what: 'function' | 'parameter',
): Repair | undefined {
  return name === written.trim()
    ? undefined
    : { kind: 'other', offset, detail: `quotes around the ${what} name "${name}" dropped` };
}
