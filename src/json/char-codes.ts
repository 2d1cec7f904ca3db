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
