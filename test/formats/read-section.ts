/** A format's answer at a marker, for the tests that hold its streaming promises to it. */
import type { Format, FormatContext, Section } from '../../src/formats/format.js';
import { DEFAULT_LIMITS } from '../../src/options.js';

/**
 * The format's answer at `start`, as plain data (a throw is an answer too).
 *
 * @param format - The format.
 * @param text - The text.
 * @param start - Where one of its markers occurs.
 * @returns The section, `undefined`, or `'threw'`.
 */
export function readSection(
  format: Format,
  text: string,
  start: number,
): Section | 'threw' | undefined {
  const context: FormatContext = { text, tools: undefined, limits: DEFAULT_LIMITS };
  try {
    const section = format.parseAt(context, start);
    return section === undefined ? undefined : (JSON.parse(JSON.stringify(section)) as Section);
  } catch {
    return 'threw';
  }
}
