/** AST of `grammar/olmo3.peggy`; the calls are the shared Python nodes. */
import type { PythonCall } from '../shared/python-ast.js';

/** `<function_calls>` calls, one a line, `</function_calls>`; `closed` false without the tag. */
export interface Olmo3Calls {
  type: 'olmo3-calls';
  start: number;
  calls: PythonCall[];
  closed: boolean;
}

/** `<function_calls>` with a body that opens like calls but does not parse. */
export interface Olmo3Malformed {
  type: 'olmo3-malformed';
  start: number;
  body: { start: number; end: number };
  closed: boolean;
}

/** An olmo3 section. */
export type Olmo3Section = Olmo3Calls | Olmo3Malformed;
