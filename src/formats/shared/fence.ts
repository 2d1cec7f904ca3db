/** Markdown code fences around a payload (```json ... ```), as several syntaxes allow. */

/**
 * Finds the closing fence after a fenced payload: optional whitespace, then three backticks.
 *
 * @param text - The whole output.
 * @param from - Where the payload ended.
 * @returns The index just after the closing fence, or `undefined` when none follows.
 */
export function closingFenceEnd(text: string, from: number): number | undefined {
  let index = from;
  while (index < text.length && ' \t\r\n'.includes(text.charAt(index))) index += 1;
  return text.startsWith('```', index) ? index + 3 : undefined;
}
