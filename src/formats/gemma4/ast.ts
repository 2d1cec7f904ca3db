/** AST of `grammar/gemma4.peggy`. */

/** `<|tool_call>` calls `<tool_call|>`; `closed` is false when the output ended first. */
export interface Gemma4ToolCalls {
  type: 'gemma4-tool-calls';
  start: number;
  calls: Gemma4Call[];
  closed: boolean;
}

/** `<|tool_call>` followed by something that is not `call:NAME{...}`. */
export interface Gemma4Malformed {
  type: 'gemma4-malformed';
  start: number;
  body: { start: number; end: number };
  closed: boolean;
}

/** `<|channel>thought\n...<channel|>`: the body is reasoning. */
export interface Gemma4Channel {
  type: 'gemma4-channel';
  start: number;
  name: string;
  body: string;
  closed: boolean;
}

/** A `<channel|>` with no channel open. */
export interface Gemma4ChannelClose {
  type: 'gemma4-channel-close';
  start: number;
}

/** A gemma4 section. */
export type Gemma4Section = Gemma4ToolCalls | Gemma4Malformed | Gemma4Channel | Gemma4ChannelClose;

/** `call:NAME{key:value,...}`; `closed` is false when the output ended before the `}`. */
export interface Gemma4Call {
  type: 'gemma4-call';
  start: number;
  end: number;
  name: string;
  entries: Gemma4Entry[];
  closed: boolean;
  /** Written `call:NAME(...)`, parentheses in place of the braces. */
  parens: boolean;
}

/** `key:value`; the value is `gemma4-missing` when the output ended before it. */
export interface Gemma4Entry {
  type: 'gemma4-entry';
  start: number;
  key: Gemma4Key | Gemma4JsonString;
  value: Gemma4Value;
}

/** A bare or `<|"|>`-quoted key. */
export interface Gemma4Key {
  type: 'gemma4-key';
  start: number;
  text: string;
}

/** `<|"|>text<|"|>`: the text is literal (the template does not escape). */
export interface Gemma4String {
  type: 'gemma4-string';
  start: number;
  body: string;
  closed: boolean;
}

/** `"text"` with JSON escapes, quotes included in `raw`. */
export interface Gemma4JsonString {
  type: 'gemma4-json-string';
  start: number;
  raw: string;
}

/** `-7`, `3.14`, `1.5e10`. */
export interface Gemma4Number {
  type: 'gemma4-number';
  start: number;
  text: string;
}

/** `true`, `false`, `null` (and the Python spellings). */
export interface Gemma4Literal {
  type: 'gemma4-literal';
  start: number;
  name: 'true' | 'false' | 'null' | 'True' | 'False' | 'None';
}

/** Unquoted text that is not a number or a literal, up to the next delimiter. */
export interface Gemma4Bare {
  type: 'gemma4-bare';
  start: number;
  text: string;
}

/** `[value, ...]`. */
export interface Gemma4List {
  type: 'gemma4-list';
  start: number;
  items: Gemma4Value[];
  closed: boolean;
}

/** `{key:value, ...}`. */
export interface Gemma4Map {
  type: 'gemma4-map';
  start: number;
  entries: Gemma4Entry[];
  closed: boolean;
}

/** The output ended where a value was expected. */
export interface Gemma4Missing {
  type: 'gemma4-missing';
  start: number;
}

/** Any gemma4 value. */
export type Gemma4Value =
  | Gemma4String
  | Gemma4JsonString
  | Gemma4Number
  | Gemma4Literal
  | Gemma4Bare
  | Gemma4List
  | Gemma4Map
  | Gemma4Missing;
