/**
 * Generic reasoning blocks (`<think>...</think>`), read before any tool syntax so that a call
 * written while thinking never becomes a call. Formats with their own reasoning tokens
 * (`<seed:think>`, `[THINK]`, harmony `analysis`) return them as sections with `reasoning`.
 */

const OPEN = '<think>';
const CLOSE = '</think>';

/** The marker that opens a generic reasoning block. */
export const THINK_OPEN = OPEN;

/** A reasoning block found in the text. */
export interface ReasoningBlock {
  start: number;
  end: number;
  text: string;
}

/**
 * Reads the reasoning some chat templates force open: the output starts inside the block and
 * only its `</think>` is written (QwQ, DeepSeek R1 templates).
 *
 * @param text - The whole output.
 * @returns The block from the start to the first `</think>`, when no `<think>` comes before it.
 */
export function readOpenReasoning(text: string): ReasoningBlock | undefined {
  const close = text.indexOf(CLOSE);
  if (close === -1) return undefined;
  const open = text.indexOf(OPEN);
  if (open !== -1 && open < close) return undefined;
  return { start: 0, end: close + CLOSE.length, text: text.slice(0, close) };
}

/**
 * Reads a `<think>` block starting at `start`; an unclosed block runs to the end of the output.
 *
 * @param text - The whole output.
 * @param start - Position of `<think>`.
 * @returns The block, its text without the tags.
 */
export function readThinkBlock(text: string, start: number): ReasoningBlock {
  const bodyStart = start + OPEN.length;
  const close = text.indexOf(CLOSE, bodyStart);
  if (close === -1) return { start, end: text.length, text: text.slice(bodyStart) };
  return { start, end: close + CLOSE.length, text: text.slice(bodyStart, close) };
}
