/**
 * Lowering of glm45 sections: the name and the key/value pairs become one call, values typed by
 * `readGlmValue`. A section cut off by the end of the output is never complete (only
 * `</tool_call>` says the pairs are over); junk between pairs or a nameless call gives no call.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import type { Glm45Section } from './ast.js';
import { isBlankStray, readGlmPairs } from '../shared/glm-pairs.js';
import { implied, incomplete, malformed } from '../shared/issues.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers a glm45 section to its call.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with its call (or none) and issues.
 */
export function lowerGlm45(node: Glm45Section, context: FormatContext): Section {
  return match(node)
    .with({ type: 'glm45-section' }, (read) => {
      // Pairs then prose in a section never closed: the prose is no part of the call (see
      // `proseAfterPairs`), and the section ends before it, as at the next <tool_call>.
      const prose = proseAfterPairs(read);
      const section: Glm45Section =
        prose === undefined
          ? read
          : {
              ...read,
              end: prose.start,
              items: read.items.slice(0, prose.index),
              close: 'implicit',
            };
      const span = { start: section.start, end: section.end };
      const done = (issues: Issue[]): Section =>
        sectionOf(span.start, span.end, { calls: [], issues });
      const name = section.name.text.trim();
      const complete = section.close !== 'cut';
      if (name === '') {
        return done([
          complete ? malformed('the call has no tool name', span.start) : incomplete(span.start),
        ]);
      }
      const repairs: Repair[] = [];
      if (section.close === 'implicit') repairs.push(implied('</tool_call>', span.end));
      const { parameters, problems } = readGlmPairs(section.items, {
        name,
        cut: !complete,
        tools: context.tools,
        repairs,
      });
      if (problems.length > 0) return done(problems);
      const call = {
        name,
        arguments: parameters,
        format: 'glm45' as const,
        span,
        repairs,
        complete,
      };
      const lowered = sectionOf(span.start, span.end, {
        calls: [call],
        issues: complete ? [] : [incomplete(span.start)],
      });
      // Prose to the end of the output: a stream waits for the end, as an <arg_key> after the
      // prose would make it text inside the call.
      if (prose !== undefined && read.close === 'cut') lowered.open = true;
      return lowered;
    })
    .exhaustive();
}

/**
 * Prose after the last pair of a section with no </tool_call> (`...</arg_value>` then `Done.`, to
 * the end of the output or the next <tool_call>): the first of the trailing stray items, when
 * they hold more than blanks, every pair before them is whole and at least one came. Stray text
 * followed by a pair stays in the section (it may be junk inside the call, which refuses it).
 */
function proseAfterPairs(section: Glm45Section): { index: number; start: number } | undefined {
  if (section.close === 'closed') return undefined;
  const { items } = section;
  let index = items.length;
  let text = false;
  while (index > 0) {
    const item = items[index - 1] as Glm45Section['items'][number];
    if (item.type !== 'glm45-stray-text') break;
    if (!isBlankStray(item.text)) text = true;
    index -= 1;
  }
  if (!text || index === 0) return undefined;
  for (let pair = 0; pair < index; pair += 1) {
    const item = items[pair] as Glm45Section['items'][number];
    if (item.type !== 'glm45-pair') continue;
    if (item.keyClose !== 'closed' || item.value === null || item.value.close !== 'closed')
      return undefined;
  }
  return { index, start: (items[index] as Glm45Section['items'][number]).start };
}
