/**
 * Lowering of xlam sections: the items of the call list become calls. A bare list that holds no
 * call is not tool syntax: its text stays content.
 */
import { match } from 'ts-pattern';
import type { Repair } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import { readCallList } from '../shared/json-extent.js';
import { NAME_FIELD_MENTIONS, tooDeepCandidate } from '../shared/too-deep-candidate.js';
import type { XlamSection } from './ast.js';
import { trailerMayFollow } from '../shared/blanks.js';
import { appendAll } from '../../append.js';

const FENCE = '```';
const TAG_CLOSE = '</tool_call>';

/**
 * Lowers an xlam section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues, or `undefined` for a closed bare list without
 * calls (a JSON list in prose). A bare list too deep to read stays content with its `too-deep`
 * issue.
 */
export function lowerXlam(
  node: XlamSection,
  end: number,
  context: FormatContext,
): Section | undefined {
  return match(node)
    .with({ type: 'xlam-section' }, (section) => {
      const { calls, issues } = readCallList(context, section.list, { format: 'xlam' });
      if (calls.length === 0 && section.wrapper === 'bare' && section.list.closed)
        return tooDeepCandidate(
          context,
          { start: section.start, end, closed: true, mentions: NAME_FIELD_MENTIONS },
          issues,
        );
      const wrapperRepairs: Repair[] = [];
      if (section.wrapper === 'fence')
        wrapperRepairs.push({ kind: 'markdown-fence', offset: section.start });
      if (!section.closed && section.list.closed)
        wrapperRepairs.push({ kind: 'missing-end-marker', offset: end });
      for (const call of calls) appendAll(call.repairs, wrapperRepairs);
      return { start: section.start, end, calls, issues, open: isOpen(section, end, context.text) };
    })
    .exhaustive();
}

/**
 * Whether more text could change the section (`Section.open`): a list still open, or a fence or
 * tag whose closing trailer may still come after the list (only blanks, or blanks and the start
 * of the trailer, follow it). A bare list, or one after `[TOOL_CALLS]`, ends at its `]`.
 */
function isOpen(section: XlamSection, end: number, text: string): boolean {
  if (!section.list.closed) return true;
  if (section.closed || section.wrapper === 'bare' || section.wrapper === 'tool-calls')
    return false;
  return trailerMayFollow(text, end, section.wrapper === 'fence' ? FENCE : TAG_CLOSE);
}
