/** Lowering of olmo3 sections: each call line becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerPythonCalls } from '../shared/python-lower.js';
import type { Olmo3Section } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers an olmo3 section to calls. A block without `</function_calls>` gets a
 * `missing-end-marker` repair; its calls are complete when their `)` was written.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerOlmo3(node: Olmo3Section, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'olmo3-calls' }, (section) => {
      const lowered = lowerPythonCalls(context, {
        format: 'olmo3',
        calls: section.calls,
        repairs: section.closed ? [] : [{ kind: 'missing-end-marker', offset: end }],
        start: section.start,
      });
      return sectionOf(section.start, end, lowered);
    })
    .with({ type: 'olmo3-malformed' }, (section) => ({
      start: section.start,
      end,
      calls: [],
      issues: [
        {
          code: 'malformed-tool-call' as const,
          message: 'the <function_calls> block is not Python calls one a line',
          offset: section.body.start,
        },
      ],
    }))
    .exhaustive();
}
