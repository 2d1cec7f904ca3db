/** AST of `grammar/deepseek_v31.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** `<｜tool▁calls▁begin｜>` items `<｜tool▁calls▁end｜>`. */
export interface DeepSeekV31Section {
  type: 'deepseek-v31-section';
  start: number;
  items: DeepSeekV31Item[];
  /** False when the output ended, or another opening token came, before `<｜tool▁calls▁end｜>`. */
  closed: boolean;
  /** True when another `<｜tool▁calls▁begin｜>` came before any `<｜tool▁calls▁end｜>`. */
  interrupted: boolean;
}

/** `<｜tool▁call▁begin｜>` name `<｜tool▁sep｜>` JSON `<｜tool▁call▁end｜>`. */
export interface DeepSeekV31Call {
  type: 'deepseek-v31-call';
  start: number;
  end: number;
  /** The tool name as written (surrounding spaces included). */
  name: Range;
  /** The arguments, or `null` when the separator never came. */
  body: { payload: Range; closed: boolean } | null;
}

/** Text inside the section that is not a call. */
export interface DeepSeekV31Stray {
  type: 'deepseek-v31-stray';
  start: number;
  end: number;
}

/** What a section holds. */
export type DeepSeekV31Item = DeepSeekV31Call | DeepSeekV31Stray;
