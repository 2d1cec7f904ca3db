/**
 * Lowering of hunyuan_a13b sections: the items of the payload's list become calls; the text
 * trailing the close tag is dropped (the reference parser keeps only the text before the calls).
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import type { HunyuanSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers a hunyuan_a13b section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped (after the trailing text).
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerHunyuan(node: HunyuanSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'hunyuan-section' }, (section) =>
      sectionOf(
        section.start,
        end,
        lowerJsonCalls(context, {
          format: 'hunyuan_a13b',
          span: { start: section.start, end: section.trailing.start },
          payload: section.payload,
          closed: section.closed,
          unpackList: true,
          streamedList: '</tool_calls>',
        }),
      ),
    )
    .exhaustive();
}
