/** Optional closing text after a payload (a wrapper's close tag), skipped with the space before it. */

/**
 * Finds `closer` after optional white space.
 *
 * @param text - The whole output.
 * @param from - Where the payload ended.
 * @param closer - The closing text, e.g. `[/TOOL_CALL_HISTORY]`.
 * @returns The index after the closer, or `from` when it does not follow.
 */
export function skipCloser(text: string, from: number, closer: string): number {
  let index = from;
  while (index < text.length && ' \t\r\n'.includes(text.charAt(index))) index += 1;
  return text.startsWith(closer, index) ? index + closer.length : from;
}
