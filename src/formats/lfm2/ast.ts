/** AST of `grammar/lfm2.peggy`; the Python calls are the shared Python nodes. */
import type { PythonCallList } from '../shared/python-ast.js';

/** `<|tool_call_start|>[f(a=1)]<|tool_call_end|>`; `closed` is false without the end token. */
export interface Lfm2Python {
  type: 'lfm2-python';
  start: number;
  list: PythonCallList;
  closed: boolean;
}

/** `<|tool_call_start|>` JSON payload `<|tool_call_end|>`. */
export interface Lfm2Json {
  type: 'lfm2-json';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}

/** An lfm2 section. */
export type Lfm2Section = Lfm2Python | Lfm2Json;
