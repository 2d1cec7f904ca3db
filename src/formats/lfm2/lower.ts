/** Lowering of lfm2 sections: Python calls or JSON call objects become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import { lowerPythonCalls } from '../shared/python-lower.js';
import type { Lfm2Section } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers an lfm2 section to calls. A section without `<|tool_call_end|>` gets a
 * `missing-end-marker` repair; its calls are complete when their own closers were written.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerLfm2(node: Lfm2Section, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'lfm2-python' }, (section) => {
      const closed = section.closed && section.list.closed;
      const lowered = lowerPythonCalls(context, {
        format: 'lfm2',
        calls: section.list.calls,
        repairs: closed ? [] : [{ kind: 'missing-end-marker', offset: end }],
        start: section.start,
      });
      return sectionOf(section.start, end, lowered);
    })
    .with({ type: 'lfm2-json' }, (section) => {
      const lowered = lowerJsonCalls(context, {
        format: 'lfm2',
        span: { start: section.start, end },
        payload: section.payload,
        closed: section.closed,
        unpackList: true,
      });
      return sectionOf(section.start, end, lowered);
    })
    .exhaustive();
}
