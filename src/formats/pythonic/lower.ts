/** Lowering of pythonic sections: the call list's calls become calls. */
import { match } from 'ts-pattern';
import type { Repair } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import { lowerPythonCalls } from '../shared/python-lower.js';
import type { PythonicSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import { trailerMayFollow } from '../shared/blanks.js';

/** The token that closes a Llama 4 python block. */
export const PYTHON_END = '<|python_end|>';

/**
 * Lowers a pythonic section to calls. A list whose `]` (or a block whose `<|python_end|>`) never
 * came gets a `missing-end-marker` repair; its calls are complete when their `)` was written.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerPythonic(node: PythonicSection, end: number, context: FormatContext): Section {
  const missingEnd = (closed: boolean): Repair[] =>
    closed ? [] : [{ kind: 'missing-end-marker', offset: end }];
  return match(node)
    .with({ type: 'pythonic-list' }, (section) => {
      const lowered = lowerPythonCalls(context, {
        format: 'pythonic',
        calls: section.list.calls,
        repairs: missingEnd(section.list.closed),
        start: section.start,
      });
      const read = sectionOf(section.start, end, lowered);
      // The list's `]` ends the section: nothing after it is read.
      read.open = !section.list.closed;
      return read;
    })
    .with({ type: 'pythonic-block' }, (section) => {
      const lowered = lowerPythonCalls(context, {
        format: 'pythonic',
        calls: section.calls,
        repairs: missingEnd(section.closed),
        start: section.start,
      });
      const read = sectionOf(section.start, end, lowered);
      // Closed by its end token, or by its list's `]` once the token can no longer follow. Calls
      // one a line without the token may still be followed by more: the section says nothing.
      if (
        section.closed ||
        (section.listClosed && !trailerMayFollow(context.text, end, PYTHON_END))
      )
        read.open = false;
      return read;
    })
    .with({ type: 'pythonic-malformed' }, (section) => ({
      start: section.start,
      end,
      calls: [],
      issues: [
        {
          code: 'malformed-tool-call' as const,
          message: '<|python_start|> is not followed by Python calls',
          offset: section.body.start,
        },
      ],
    }))
    .exhaustive();
}
