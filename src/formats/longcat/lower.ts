/** Lowering of longcat sections: the payload's call objects become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCallsBeforeProse } from '../shared/prose-after-calls.js';
import type { LongcatSection } from './ast.js';

const OPEN = '<longcat_tool_call>';

/**
 * Lowers a longcat section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerLongcat(node: LongcatSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'longcat-section' }, (section) => {
      // Call objects then prose in a section never closed: the prose is content (as in hermes).
      return lowerJsonCallsBeforeProse(
        context,
        {
          format: 'longcat',
          span: { start: section.start, end },
          payload: section.payload,
          closed: section.closed,
          streamedList: '</longcat_tool_call>',
          // A list of call objects is read call by call, as hermes' is.
          unpackList: true,
          opener: OPEN,
        },
        OPEN,
      );
    })
    .exhaustive();
}
