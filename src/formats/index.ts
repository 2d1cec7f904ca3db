/**
 * The format registry. Its order is the priority where formats share a marker in `'auto'` mode
 * (`<tool_call>` opens qwen3_coder, glm45, hermes and granite): the most specific syntax first,
 * the most generic last. `satisfies` makes a missing format a compile error.
 */
import type { FormatId } from '../types.js';
import type { Format } from './format.js';
import { hermes } from './hermes/index.js';

/** Every format, by id, in auto-mode priority order. */
export const formats = {
  // <tool_call> family: most specific first.
  hermes,
} satisfies Partial<Record<FormatId, Format>>;

/** Every format id the library supports, in priority order. */
export const formatIds = Object.keys(formats) as FormatId[];

/**
 * Looks up a format by id.
 *
 * @param id - A format id.
 * @returns The format, or `undefined` for an unknown id.
 */
export function getFormat(id: string): Format | undefined {
  return Object.hasOwn(formats, id) ? (formats as Record<string, Format>)[id] : undefined;
}
