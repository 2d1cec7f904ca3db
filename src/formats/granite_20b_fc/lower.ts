/** Lowering of granite_20b_fc sections: the call object after the tag becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { readCallItems } from '../shared/json-extent.js';
import type { Granite20bSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import { trailerMayFollow } from '../shared/blanks.js';

const CLOSE = '</function_call>';

/**
 * Lowers a granite_20b_fc section to its call.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its call, or the issue that says why there is none.
 */
export function lowerGranite20b(
  node: Granite20bSection,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'granite-20b-section' }, (section) => {
      // Nothing closes a call in this syntax, so no end marker can be missing. A stream starts
      // the call from its head: refused, it is still that call.
      const lowered = readCallItems(context, section.call, {
        format: 'granite_20b_fc',
        namesRefused: true,
      });
      const read = sectionOf(section.start, end, lowered);
      read.open = mayGoOn(context.text, section);
      return read;
    })
    .exhaustive();
}

/**
 * Whether more text could change the section (`Section.open`, which lets a stream settle it as
 * soon as it is closed rather than on a margin of text after it): while its object is open, and
 * while only blanks, or blanks and the start of `</function_call>`, follow it (the grammar reads
 * that tag after any blanks).
 */
function mayGoOn(text: string, section: Granite20bSection): boolean {
  if (!section.call.closed) return true;
  return !section.closed && trailerMayFollow(text, section.call.end, CLOSE);
}
