/** AST of `grammar/internlm.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** `<|action_start|><|plugin|>` payload `<|action_end|>`; `closed` is false at end of output. */
export interface InternLmSection {
  type: 'internlm-section';
  start: number;
  /** The executor's name (`plugin`, `interpreter`), or `null` when no executor token came. */
  executor: Range | null;
  payload: Range;
  closed: boolean;
}
