/**
 * Prose after the calls of a tag block never closed (hy_v3's `<tool_calls>`, k2_horizon's
 * `<ifm|tool_calls>`), read as a flat run of parts: the model left the block's close tag out and
 * went on writing, so the block ends before that prose, which is content.
 */

/**
 * The first of the trailing text parts of a block with no close tag, when the part before them
 * closes a call and they hold more than blanks (`...</tool_call>` then `Done.` to the end of the
 * output); the block ends there.
 *
 * @param block - The block: how it ended and its parts.
 * @param block.close - `cut` when the output ended before the block's close tag.
 * @param block.parts - Its parts in order.
 * @param kinds - Which parts are text between tags, and which close a call.
 * @param kinds.text - The text a text part holds; `undefined` for any other part.
 * @param kinds.closesCall - True for a call's close tag.
 * @returns The index and start of the prose's first part, or `undefined` when there is none.
 * @example
 * ```ts
 * proseAfterCalls(node, { text: (part) => part.type === 'glm45-stray-text' ? part.text : undefined, closesCall: (part) => part.type === 'hy-v3-call-close' });
 * ```
 */
export function proseAfterCalls<Part extends { start: number }>(
  block: { close: 'closed' | 'cut'; parts: readonly Part[] },
  kinds: { text(part: Part): string | undefined; closesCall(part: Part): boolean },
): { index: number; start: number } | undefined {
  if (block.close !== 'cut') return undefined;
  const { parts } = block;
  let index = parts.length;
  let prose = false;
  while (index > 0) {
    const text = kinds.text(parts[index - 1] as Part);
    if (text === undefined) break;
    if (text.trim() !== '') prose = true;
    index -= 1;
  }
  if (!prose || index === 0 || !kinds.closesCall(parts[index - 1] as Part)) return undefined;
  return { index, start: (parts[index] as Part).start };
}
