/** Lowering of jamba sections: the items of the payload's list become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCallsBeforeProse } from '../shared/prose-after-calls.js';
import type { JambaSection } from './ast.js';

/**
 * Lowers a jamba section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerJamba(node: JambaSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'jamba-section' }, (section) => {
      // A list then prose in a section never closed: the prose is content (as in hermes).
      return lowerJsonCallsBeforeProse(
        context,
        {
          format: 'jamba',
          span: { start: section.start, end },
          payload: section.payload,
          closed: section.closed,
          unpackList: true,
          streamedList: '</tool_calls>',
        },
        '<tool_calls>',
      );
    })
    .exhaustive();
}
