/** JSON's simple escapes, decoded the same way by every hand-written JSON reader here. */

/**
 * The unit a simple escape (`\\n`, `\\"`, ...) stands for, by the unit after its backslash, or
 * `''` when that unit starts no simple escape. A switch, not a lookup in an object keyed by the
 * unit: those keyed lookups see eight keys and go megamorphic, which is slow on escape-heavy text.
 * Shared by the stream's JSON writer and the quick reader, which must decode alike.
 *
 * @param unit - The unit after the backslash.
 * @returns The unit it stands for, or `''`.
 * @example
 * ```ts
 * decodeSimpleEscape(0x6e); // '\n'
 * ```
 */
export function decodeSimpleEscape(unit: number): string {
  switch (unit) {
    case 0x22:
      return '"';
    case 0x5c:
      return '\\';
    case 0x2f:
      return '/';
    case 0x62:
      return '\b';
    case 0x66:
      return '\f';
    case 0x6e:
      return '\n';
    case 0x72:
      return '\r';
    case 0x74:
      return '\t';
    default:
      return '';
  }
}
