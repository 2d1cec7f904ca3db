/**
 * The refusal of a shared open tag that none of the parser's formats reads. Several syntaxes open
 * with `<tool_call>` (qwen3_coder, glm45, markup, granite, xlam, hermes), and each of the first
 * five reads nothing where the text is not its own, so that the next can try; hermes, the last,
 * refuses whatever follows the tag with an envelope. Without hermes among the formats, a call in
 * another syntax (hermes JSON given to a qwen3_coder parser, a GLM call cut before its name) was
 * left in the content with no issue, and the model never learned that its call did not run.
 * `<tool_calls>` (jamba, hunyuan_a13b, then minimax) and `<function_calls>` (olmo3, then markup)
 * are shared the same way. A parser whose formats read such a tag but leave out the one that
 * refuses gets this refusal after them instead.
 */
import type { Format, Section } from '../formats/format.js';
import { malformed } from '../formats/shared/issues.js';

/** A tag several syntaxes open with, its close tag, and the syntax that refuses what others leave. */
interface SharedTag {
  open: string;
  close: string;
  refuser: string;
}

const SHARED_TAGS: readonly SharedTag[] = [
  { open: '<tool_call>', close: '</tool_call>', refuser: 'hermes' },
  { open: '<tool_calls>', close: '</tool_calls>', refuser: 'minimax' },
  { open: '<function_calls>', close: '</function_calls>', refuser: 'markup' },
];

/**
 * The formats a parser scans with: `formats`, then, for each shared tag some of them read but
 * none refuses, a refusal in the name of the last of those.
 *
 * @param formats - The parser's formats, in priority order.
 * @returns The formats to scan with, and the refusals added.
 * @example
 * ```ts
 * withTagRefusals([qwen3_coder]).refusals.map((refusal) => refusal.id); // ['qwen3_coder']
 * withTagRefusals([qwen3_coder, hermes]).refusals; // []
 * ```
 */
export function withTagRefusals(formats: readonly Format[]): {
  formats: readonly Format[];
  refusals: readonly Format[];
} {
  const refusals: Format[] = [];
  for (const tag of SHARED_TAGS) {
    const readers = formats.filter((format) => format.markers.includes(tag.open));
    const last = readers[readers.length - 1];
    if (last === undefined || readers.some((format) => format.id === tag.refuser)) continue;
    refusals.push(tagRefusal(tag, last, readers));
  }
  return { formats: refusals.length === 0 ? formats : [...formats, ...refusals], refusals };
}

/**
 * The refusal: a section from the tag to its close tag, to the next open tag (which may hold a
 * call the formats read) or to the end of the output, with one issue naming the syntaxes the
 * parser reads. It carries the id of `owner`, so the envelope describes that syntax.
 */
function tagRefusal(tag: SharedTag, owner: Format, readers: readonly Format[]): Format {
  const { open, close } = tag;
  const expected = readers.map((format) => format.id).join(' or ');
  return {
    id: owner.id,
    syntax: 'marked',
    models: owner.models,
    markers: [open],
    parseAt(context, start): Section {
      const { text } = context;
      const from = start + open.length;
      // The close tag is looked for before the next open tag only: sections do not overlap, so a
      // flood of tags without one reads the output once, not once per tag.
      const next = text.indexOf(open, from);
      const closeAt =
        next === -1 ? text.indexOf(close, from) : indexOfBefore(text, close, from, next);
      let end = next === -1 ? text.length : next;
      if (closeAt !== -1) end = closeAt + close.length;
      const issue = malformed(`${open} does not hold a call written as ${expected}`, start);
      return { start, end, calls: [], issues: [issue] };
    },
    endMarkers: [close, open],
  };
}

/** `text.indexOf(needle, from)` where the needle ends by `before`, else -1. */
function indexOfBefore(text: string, needle: string, from: number, before: number): number {
  const at = text.slice(from, before).indexOf(needle);
  return at === -1 ? -1 : from + at;
}
