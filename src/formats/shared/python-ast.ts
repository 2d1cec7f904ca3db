/**
 * AST of `grammar/python_call.peggy`: Python call expressions (`get_weather(city='Paris', n=3)`)
 * with keyword arguments whose values are Python literals. Shared by pythonic, lfm2 and olmo3.
 *
 * Every node that can be cut off by the end of the output carries `closed: false` when it was.
 */

/** `[f(a=1), g()]`: a bracketed list of calls. */
export interface PythonCallList {
  type: 'python-call-list';
  start: number;
  end: number;
  calls: PythonCall[];
  /** False when the output ended before the `]`. */
  closed: boolean;
}

/** `name(key=value, ...)`; `open` is false when the output ended before the `(`. */
export interface PythonCall {
  type: 'python-call';
  start: number;
  end: number;
  /** The (possibly dotted) function name as written. */
  name: string;
  arguments: (PythonArgument | PythonPositional)[];
  /** False when the output ended before the `)`. */
  closed: boolean;
  /** In a list, where the comma before this call should have been, when it was not written. */
  commaMissingAt?: number;
}

/** `key=value`; the value is `python-missing` when the output ended before it. */
export interface PythonArgument {
  type: 'python-argument';
  start: number;
  key: string;
  value: PythonValue;
}

/** A value written with no keyword (`get_weather('Paris')`), which no call runs with. */
export interface PythonPositional {
  type: 'python-positional';
  start: number;
  value: PythonValue;
}

/** `'text'`, `"text"`, `'''text'''`, `r'raw'`: the body as written, escapes not decoded. */
export interface PythonString {
  type: 'python-string';
  start: number;
  /** String prefix letters (`r`, `u`, `b`, ...), lower or upper case as written. */
  prefix: string;
  body: string;
  closed: boolean;
}

/** `42`, `-3.5`, `1e3`, `0x1F`, `1_000`: the literal as written, sign included. */
export interface PythonNumber {
  type: 'python-number';
  start: number;
  text: string;
}

/** `True`, `False`, `None`, and the JSON spellings `true`, `false`, `null` models also write. */
export interface PythonConstant {
  type: 'python-constant';
  start: number;
  name: 'True' | 'False' | 'None' | 'true' | 'false' | 'null';
}

/** `[a, b]` or `(a, b)`; `(a)` without a comma is a parenthesised value, not a tuple. */
export interface PythonSequence {
  type: 'python-sequence';
  start: number;
  bracket: '[' | '(';
  items: PythonValue[];
  /** True when a comma appeared between or after the items. */
  comma: boolean;
  closed: boolean;
}

/** `{key: value, ...}`. */
export interface PythonDict {
  type: 'python-dict';
  start: number;
  entries: PythonEntry[];
  closed: boolean;
}

/** One `key: value` of a dict; keys are strings, numbers or constants (hashable literals). */
export interface PythonEntry {
  type: 'python-entry';
  start: number;
  key: PythonString | PythonNumber | PythonConstant;
  value: PythonValue;
}

/** The output ended where a value was expected (`f(a=`). */
export interface PythonMissing {
  type: 'python-missing';
  start: number;
}

/** Any Python literal value. */
export type PythonValue =
  PythonString | PythonNumber | PythonConstant | PythonSequence | PythonDict | PythonMissing;
