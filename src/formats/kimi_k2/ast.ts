/** AST of `grammar/kimi_k2.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** `<|tool_calls_section_begin|>` items `<|tool_calls_section_end|>`; `closed` is false at end of output. */
export interface KimiSection {
  type: 'kimi-section';
  start: number;
  items: KimiItem[];
  closed: boolean;
}

/** `<|tool_call_begin|>` id `<|tool_call_argument_begin|>` payload `<|tool_call_end|>`. */
export interface KimiCall {
  type: 'kimi-call';
  start: number;
  end: number;
  /** The id as written, e.g. `functions.get_weather:0` (surrounding spaces included). */
  id: Range;
  /** The arguments, or `null` when no `<|tool_call_argument_begin|>` followed the id. */
  body: { payload: Range; closed: boolean } | null;
}

/** Text inside the section that is not a call. */
export interface KimiStray {
  type: 'kimi-stray';
  start: number;
  end: number;
}

/** What a section holds. */
export type KimiItem = KimiCall | KimiStray;
