/** AST of `grammar/gemma_call.peggy`: Gemma's call syntax, shared by gemma4 and functiongemma. */

/**
 * A block of calls between the format's open and close tokens (its grammar's node adds a `type`);
 * `closed` is false when the output ended first.
 */
export interface GemmaCallBlock {
  start: number;
  calls: GemmaCall[];
  closed: boolean;
}

/** A block whose body is not `call:NAME{...}`: its extent, to the close token or the end. */
export interface GemmaMalformedBlock {
  start: number;
  body: { start: number; end: number };
  closed: boolean;
}

/** `call:NAME{key:value,...}`; `closed` is false when the output ended before the `}`. */
export interface GemmaCall {
  type: 'gemma-call';
  start: number;
  end: number;
  name: string;
  entries: GemmaEntry[];
  closed: boolean;
  /** Written `call:NAME(...)`, parentheses in place of the braces. */
  parens: boolean;
}

/** `key:value`; the value is `gemma-missing` when the output ended before it. */
export interface GemmaEntry {
  type: 'gemma-entry';
  start: number;
  key: GemmaKey | GemmaJsonString;
  value: GemmaValue;
}

/** A bare key, or one quoted by the quote token. */
export interface GemmaKey {
  type: 'gemma-key';
  start: number;
  text: string;
}

/** A string between two quote tokens (`<|"|>` or `<escape>`): literal, the templates do not escape. */
export interface GemmaString {
  type: 'gemma-string';
  start: number;
  body: string;
  closed: boolean;
}

/** `"text"` with JSON escapes, quotes included in `raw`. */
export interface GemmaJsonString {
  type: 'gemma-json-string';
  start: number;
  raw: string;
}

/** `-7`, `3.14`, `1.5e10`. */
export interface GemmaNumber {
  type: 'gemma-number';
  start: number;
  text: string;
}

/** `true`, `false`, `null` (and the Python spellings). */
export interface GemmaLiteral {
  type: 'gemma-literal';
  start: number;
  name: 'true' | 'false' | 'null' | 'True' | 'False' | 'None';
}

/** Unquoted text that is not a number or a literal, up to the next delimiter. */
export interface GemmaBare {
  type: 'gemma-bare';
  start: number;
  text: string;
}

/** `[value, ...]`. */
export interface GemmaList {
  type: 'gemma-list';
  start: number;
  items: GemmaValue[];
  closed: boolean;
}

/** `{key:value, ...}`. */
export interface GemmaMap {
  type: 'gemma-map';
  start: number;
  entries: GemmaEntry[];
  closed: boolean;
}

/** The output ended where a value was expected. */
export interface GemmaMissing {
  type: 'gemma-missing';
  start: number;
}

/** Any value. */
export type GemmaValue =
  | GemmaString
  | GemmaJsonString
  | GemmaNumber
  | GemmaLiteral
  | GemmaBare
  | GemmaList
  | GemmaMap
  | GemmaMissing;
