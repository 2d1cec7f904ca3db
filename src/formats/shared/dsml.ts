/**
 * What the two DeepSeek DSML syntaxes (deepseek_v32_dsml, deepseek_v4_dsml) share beyond the
 * invoke element: the spellings of their tags models write besides the canonical one, and the
 * repairs that reading them records. DeepSeek-V4 also writes the tags with ASCII bars
 * (`<|DSML|tool_calls>`, the older spelling), a block's open tag without its `>` or with a `|`
 * after its name (`<|DSML|tool_calls|`); left as text, each was a call that never ran.
 */
import type { Repair } from '../../types.js';
import { mayBeToken } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import type { CallHead, Section } from '../format.js';
import type { InvokeSyntax } from './xml-invoke.js';
import { readInvokeBlockHead } from './xml-invoke-head.js';

/** The canonical tag prefix, fullwidth bars. */
export const DSML_PREFIX = '｜DSML｜';
/** The same prefix with ASCII bars. */
export const DSML_ASCII_PREFIX = '|DSML|';

/** How a block's open tag was written (grammar `Open`). */
export interface DsmlOpenTag {
  /** The block's name as written (`tool_calls`, `function_calls`). */
  name: string;
  /** Its bars are ASCII `|`. */
  ascii: boolean;
  /** A `|` follows the block's name (`<|DSML|tool_calls|`). */
  pipe: boolean;
  /** Its `>` is there (else blanks and the next tag follow the name). */
  closed: boolean;
}

/**
 * The repairs reading an open tag written otherwise than the canonical way records.
 *
 * @param open - How the tag was written.
 * @param offset - Where it starts.
 * @param name - The format's own name for the block.
 * @returns The repairs, none for the canonical tag.
 * @example
 * ```ts
 * dsmlOpenRepairs({ name: 'tool_calls', ascii: true, pipe: false, closed: true }, 0, 'tool_calls');
 * // [{ kind: 'other', offset: 0, detail: 'DSML tags written with ASCII "|" read as "｜"' }]
 * ```
 */
export function dsmlOpenRepairs(open: DsmlOpenTag, offset: number, name: string): Repair[] {
  const repairs: Repair[] = [];
  if (open.name !== name) {
    const detail = `the block written <${DSML_PREFIX}${open.name}> read as <${DSML_PREFIX}${name}>`;
    repairs.push({ kind: 'other', offset, detail });
  }
  if (open.ascii) {
    repairs.push({
      kind: 'other',
      offset,
      detail: 'DSML tags written with ASCII "|" read as "｜"',
    });
  }
  if (open.pipe) {
    repairs.push({ kind: 'other', offset, detail: `the "|" after the block's tag name dropped` });
  }
  if (!open.closed) {
    repairs.push({ kind: 'other', offset, detail: `the ">" missing from the block's open tag` });
  }
  return repairs;
}

/**
 * Puts repairs first in each call of a section.
 *
 * @param section - A lowered section.
 * @param repairs - The repairs each of its calls gets.
 * @returns The section, its calls changed in place.
 */
export function withRepairs(section: Section, repairs: readonly Repair[]): Section {
  if (repairs.length === 0) return section;
  for (const call of section.calls) call.repairs = [...repairs, ...call.repairs];
  return section;
}

/**
 * The tags of a DSML block, for each spelling of its open tag: any of its close tags ends it.
 *
 * @param names - The block's names (`tool_calls`, and `function_calls` where also read).
 * @returns The open markers (without `>`, which models may leave out) for each name and both
 * bars, the close tags, and the `endMarkers` map from each open marker to every close tag.
 */
export function dsmlBlockTags(...names: readonly string[]): {
  opens: readonly string[];
  openTags: readonly string[];
  closes: readonly string[];
  endMarkers: Readonly<Record<string, readonly string[]>>;
} {
  const prefixes = [DSML_PREFIX, DSML_ASCII_PREFIX];
  const opens = names.flatMap((name) => prefixes.map((prefix) => `<${prefix}${name}`));
  const closes = names.flatMap((name) => prefixes.map((prefix) => `</${prefix}${name}>`));
  return {
    opens,
    openTags: opens.map((open) => `${open}>`),
    closes,
    endMarkers: Object.fromEntries(opens.map((open) => [open, closes])),
  };
}

/**
 * Reads the head of a block's first invoke (see `Format.readCallHead`) where the block's open tag
 * is written whole, `>` included, with either bars; a tag written otherwise gives its calls whole
 * at the end. Waits while the text ends inside a tag that may still be written whole.
 *
 * @param text - The text seen so far.
 * @param start - Where the block's open marker occurs.
 * @param openTags - The block's open tags written whole, from {@link dsmlBlockTags}.
 * @param syntax - The format's invoke syntax.
 * @returns The head, `'wait'` or `undefined`.
 */
export function readDsmlBlockHead(
  text: string,
  start: number,
  openTags: readonly string[],
  syntax: InvokeSyntax,
): CallHead | 'wait' | undefined {
  for (const tag of openTags) {
    if (startsAt(text, tag, start)) return readInvokeBlockHead(text, start, tag, syntax);
    if (mayBeToken(text, start, text.length, tag)) return 'wait';
  }
  return undefined;
}
