/** Lowering of phi4_mini sections: the items of the call list become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { notJsonIssue, readCallList, refusedListItems } from '../shared/json-extent.js';
import type { Phi4MiniSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers a phi4_mini section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerPhi4Mini(node: Phi4MiniSection, end: number, context: FormatContext): Section {
  const lowered = match(node.list)
    .with({ type: 'json-list' }, (list) =>
      readCallList(context, list, { format: 'phi4_mini', namesRefused: true }),
    )
    // A list the grammar cannot read (junk between or after its calls): the calls a stream
    // started from their heads, refused by name.
    .with({ type: 'phi4-mini-malformed' }, ({ extent }) =>
      refusedListItems(
        context,
        { start: extent.start, end: extent.end },
        'phi4_mini',
        notJsonIssue(extent, 'a list of JSON call objects after functools'),
      ),
    )
    .exhaustive();
  const section = sectionOf(node.start, end, lowered);
  // Nothing but the list's own close ends the section: once it came, no text after it changes
  // the section, and a stream settles it there (`Section.open`).
  section.open = node.list.type === 'json-list' ? !node.list.closed : !node.list.extent.closed;
  return section;
}
