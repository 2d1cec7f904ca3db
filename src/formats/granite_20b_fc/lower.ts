/** Lowering of granite_20b_fc sections: the call object after the tag becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { readCallItems } from '../shared/json-extent.js';
import type { Granite20bSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

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
      return sectionOf(section.start, end, lowered);
    })
    .exhaustive();
}
