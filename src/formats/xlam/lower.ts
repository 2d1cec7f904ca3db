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
      for (const call of calls) call.repairs.push(...wrapperRepairs);
      return { start: section.start, end, calls, issues };
    })
    .exhaustive();
}
