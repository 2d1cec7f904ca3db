/**
 * The refusal of a `<tool_call>` that none of the parser's formats reads. Several syntaxes open
 * with that tag (qwen3_coder, glm45, markup, granite, xlam, hermes), and each of the first five
 * reads nothing where the text is not its own, so that the next can try. hermes, the last, refuses
 * whatever follows the tag with an envelope; without it among the formats, a call in another
 * syntax (hermes JSON given to a qwen3_coder parser, a GLM call cut before its name) was left in
 * the content with no issue, and the model never learned that its call did not run. A parser
 * whose formats read the tag but do not include hermes gets this refusal after them instead.
 */
import type { Format, Section } from '../formats/format.js';
import { malformed } from '../formats/shared/issues.js';

const TAG = '<tool_call>';
const CLOSE = '</tool_call>';

/**
 * The formats a parser scans with: `formats`, then, when some of them read `<tool_call>` but none
 * refuses what it cannot read there, a refusal in the name of the last of those.
 *
 * @param formats - The parser's formats, in priority order.
 * @returns The formats to scan with, and the refusal when one was added.
 * @example
 * ```ts
 * withTagRefusal([qwen3_coder]).refusal?.id; // 'qwen3_coder'
 * withTagRefusal([qwen3_coder, hermes]).refusal; // undefined
 * ```
 */
export function withTagRefusal(formats: readonly Format[]): {
  formats: readonly Format[];
  refusal: Format | undefined;
} {
  const readers = formats.filter((format) => format.markers.includes(TAG));
  const last = readers[readers.length - 1];
  if (last === undefined || readers.some((format) => format.id === 'hermes')) {
    return { formats, refusal: undefined };
  }
  const refusal = tagRefusal(last, readers);
  return { formats: [...formats, refusal], refusal };
}

/**
 * The refusal: a section from the tag to its `</tool_call>`, to the next `<tool_call>` (which may
 * hold a call the formats read) or to the end of the output, with one issue naming the syntaxes
 * the parser reads. It carries the id of `owner`, so the envelope describes that syntax.
 */
function tagRefusal(owner: Format, readers: readonly Format[]): Format {
  const expected = readers.map((format) => format.id).join(' or ');
  return {
    id: owner.id,
    syntax: 'marked',
    models: owner.models,
    markers: [TAG],
    parseAt(context, start): Section {
      const { text } = context;
      const from = start + TAG.length;
      // The close tag is looked for before the next tag only: sections do not overlap, so a flood
      // of tags without one reads the output once, not once per tag.
      const next = text.indexOf(TAG, from);
      const close =
        next === -1 ? text.indexOf(CLOSE, from) : indexOfBefore(text, CLOSE, from, next);
      let end = next === -1 ? text.length : next;
      if (close !== -1) end = close + CLOSE.length;
      const issue = malformed(`${TAG} does not hold a call written as ${expected}`, start);
      return { start, end, calls: [], issues: [issue] };
    },
    endMarkers: [CLOSE, TAG],
  };
}

/** `text.indexOf(needle, from)` where the needle ends by `before`, else -1. */
function indexOfBefore(text: string, needle: string, from: number, before: number): number {
  const at = text.slice(from, before).indexOf(needle);
  return at === -1 ? -1 : from + at;
}
