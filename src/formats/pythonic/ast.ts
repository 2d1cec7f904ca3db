/** AST of `grammar/pythonic.peggy`; calls and values are the shared Python nodes. */
import type { PythonCall, PythonCallList } from '../shared/python-ast.js';

/** `[f(a=1), g()]` where the marker `[` was found. */
export interface PythonicList {
  type: 'pythonic-list';
  start: number;
  list: PythonCallList;
}

/** `<|python_start|>` calls `<|python_end|>`; `closed` is false when the end token is missing. */
export interface PythonicBlock {
  type: 'pythonic-block';
  start: number;
  calls: PythonCall[];
  /** True when the calls came in a list whose `]` came. */
  listClosed: boolean;
  closed: boolean;
}

/** `<|python_start|>` followed by something that is not calls, up to the end token or output. */
export interface PythonicMalformed {
  type: 'pythonic-malformed';
  start: number;
  body: { start: number; end: number };
  closed: boolean;
}

/** A pythonic section. */
export type PythonicSection = PythonicList | PythonicBlock | PythonicMalformed;
