/** AST of `grammar/deepseek_v3.peggy`. */

/** A half-open range of the output, as the grammar's `range()` gives it. */
interface Range {
  start: number;
  end: number;
}

/** `<｜tool▁calls▁begin｜>` items `<｜tool▁calls▁end｜>`. */
export interface DeepSeekV3Section {
  type: 'deepseek-v3-section';
  start: number;
  items: DeepSeekV3Item[];
  /** False when the output ended before `<｜tool▁calls▁end｜>`. */
  closed: boolean;
}

/** `<｜tool▁call▁begin｜>` kind `<｜tool▁sep｜>` name, fenced JSON, `<｜tool▁call▁end｜>`. */
export interface DeepSeekV3Call {
  type: 'deepseek-v3-call';
  start: number;
  end: number;
  /** The call type, `function` in every template. */
  kind: Range;
  /** Everything after the separator, or `null` when the separator never came. */
  body: { name: Range; payload: Range; closed: boolean } | null;
}

/** Text inside the section that is not a call. */
export interface DeepSeekV3Stray {
  type: 'deepseek-v3-stray';
  start: number;
  end: number;
}

/** What a section holds. */
export type DeepSeekV3Item = DeepSeekV3Call | DeepSeekV3Stray;
