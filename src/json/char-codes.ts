/**
 * The UTF-16 codes of JSON's structural characters, for the readers that walk text unit by unit
 * (`charCodeAt`) rather than through a grammar: the fast and quick readers, the balanced scan,
 * the call-head and plain-call readers, the repeated-key check.
 */

/** `"` */
export const QUOTE = 0x22;
/** `'` (lenient JSON and Python strings) */
export const SINGLE_QUOTE = 0x27;
/** `\` */
export const BACKSLASH = 0x5c;
/** `:` */
export const COLON = 0x3a;
/** `,` */
export const COMMA = 0x2c;
/** `{` */
export const OPEN_BRACE = 0x7b;
/** `}` */
export const CLOSE_BRACE = 0x7d;
/** `[` */
export const OPEN_BRACKET = 0x5b;
/** `]` */
export const CLOSE_BRACKET = 0x5d;
/** `` ` `` (a markdown fence's unit, which lenient JSON passes around a payload) */
export const BACKTICK = 0x60;

/**
 * Whether a unit is a hex digit (`0-9`, `A-F`, `a-f`), as a `\u` escape spells them.
 *
 * @param unit - A UTF-16 code.
 * @returns True for a hex digit.
 */
export function isHexDigit(unit: number): boolean {
  return (
    (unit >= 0x30 && unit <= 0x39) ||
    (unit >= 0x41 && unit <= 0x46) ||
    (unit >= 0x61 && unit <= 0x66)
  );
}
