/** Lowering of olmo3 sections: each call line becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerPythonCalls } from '../shared/python-lower.js';
import type { Olmo3Section } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import type { Issue } from '../../types.js';
import { readPythonListHeadNames, type PythonBlock } from '../shared/python-call-head.js';
import { refusedByNames } from '../shared/refused-call.js';

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
      const read = sectionOf(section.start, end, lowered);
      // Calls read up to </function_calls>: no text after it changes them, and a stream settles
      // the block there (`Section.open`). A block read as malformed says nothing: on a prefix cut
      // inside a call (`f(a="</function_calls>")\ng`), more text may make it calls.
      read.open = !section.closed;
      return read;
    })
    .with({ type: 'olmo3-malformed' }, (section) => {
      const issue: Issue = {
        code: 'malformed-tool-call',
        message: 'the <function_calls> block is not Python calls one a line',
        offset: section.body.start,
      };
      // Past its first call, the calls a stream started from their heads, refused by name (a
      // lone started call ends as the block's refusal).
      const names = readPythonListHeadNames(
        context.text.slice(0, section.body.end),
        section.start,
        OLMO3_BLOCK,
        context.limits,
      );
      const lowered =
        names.length > 1
          ? refusedByNames(names, 'olmo3', { start: section.start, end }, issue)
          : { calls: [], issues: [issue] };
      return sectionOf(section.start, end, lowered);
    })
    .exhaustive();
}

/** olmo3's block: `<function_calls>`, a list or calls one a line, `</function_calls>`. */
export const OLMO3_BLOCK: PythonBlock = {
  open: '<function_calls>',
  stop: '</function_calls>',
  list: 'optional',
};
