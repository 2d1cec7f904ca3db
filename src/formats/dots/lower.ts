/** Lowering of dots sections: each invoke element, or the one JSON call object, becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { DotsSection } from './ast.js';

/** How dots writes its values (the stream's arguments writer reads them the same way). */
export const DOTS_VALUES: InvokeConventions = {
  format: 'dots',
  trimValues: true,
  stringAttribute: false,
};

/**
 * Lowers a dots section to calls. Invoke values are trimmed (as vLLM's parser does) and typed by
 * the tool's schema when one is known; without a schema they stay strings. A JSON body is one call
 * object, read as the other JSON formats read theirs.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerDots(node: DotsSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'dots-invoke-section' }, (section) =>
      lowerInvokeBlock(context, section, end, DOTS_VALUES),
    )
    .with({ type: 'dots-json-section' }, (section) => {
      const read = lowerJsonCalls(context, {
        format: 'dots',
        span: { start: section.start, end },
        payload: section.payload,
        closed: section.closed,
      });
      return { start: section.start, end, calls: read.calls, issues: read.issues };
    })
    .exhaustive();
}
