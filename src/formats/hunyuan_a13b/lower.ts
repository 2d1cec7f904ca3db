/**
 * Lowering of hunyuan_a13b sections: the items of the payload's list become calls; the text after
 * the close tag is dropped up to the next section (the reference parser keeps only the text before
 * the calls).
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCallsBeforeProse } from '../shared/prose-after-calls.js';
import type { HunyuanSection } from './ast.js';
import { TOOL_CALLS_CLOSE as CLOSE, TOOL_CALLS_OPEN as OPEN } from '../shared/tool-calls-tag.js';

/**
 * Lowers a hunyuan_a13b section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped (after `</tool_calls>`, or at the output's end).
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues; a closed one is final.
 */
export function lowerHunyuan(node: HunyuanSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'hunyuan-section' }, (read) => {
      // A list then prose in a section never closed is read piece by piece (as in hermes), and
      // the prose, between pieces or after the last, is dropped as text after a closed section is.
      const lowered = lowerJsonCallsBeforeProse(
        context,
        {
          format: 'hunyuan_a13b',
          span: { start: read.start, end },
          payload: read.payload,
          closed: read.closed,
          unpackList: true,
          streamedList: CLOSE,
        },
        OPEN,
        !read.closed,
      );
      if (lowered.content !== undefined) delete lowered.content;
      if (read.closed || lowered.end !== end) lowered.dropsTextUntil = OPEN;
      return lowered;
    })
    .exhaustive();
}
