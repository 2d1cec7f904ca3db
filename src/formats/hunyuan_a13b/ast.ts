/** AST of `grammar/hunyuan_a13b.peggy`. */

/**
 * `<tool_calls>` list `</tool_calls>`; `closed` is false when the output ended before the close
 * tag.
 */
export interface HunyuanSection {
  type: 'hunyuan-section';
  start: number;
  payload: { start: number; end: number };
  closed: boolean;
}
