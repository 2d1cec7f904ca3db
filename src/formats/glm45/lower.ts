/**
 * Lowering of glm45 sections: the name and the key/value pairs become one call, values typed by
 * `readGlmValue`. A section cut off by the end of the output is never complete (only
 * `</tool_call>` says the pairs are over); junk between pairs or a nameless call gives no call.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import type { Glm45Section } from './ast.js';
import { setOwn } from '../shared/own-property.js';
import { readGlmValue } from './value.js';
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
      let complete = section.close !== 'cut';
      if (name === '') {
        return done([
          complete ? malformed('the call has no tool name', span.start) : incomplete(span.start),
        ]);
      }
      const repairs: Repair[] = [];
      if (section.close === 'implicit') repairs.push(implied('</tool_call>', span.end));
      const parameters: Record<string, unknown> = {};
      const problems: Issue[] = [];
      for (const item of section.items) {
        match(item)
          .with({ type: 'glm45-stray-text' }, (stray) => {
            if (isBlankStray(stray.text)) return;
            problems.push(malformed(`unexpected text in "${name}"`, stray.start));
          })
          .with({ type: 'glm45-pair' }, (pair) => {
            const key = pair.key.text.trim();
            const value = pair.value;
            if (pair.keyClose === 'cut' || value === null || value.close === 'cut') {
              // Cut off by the end of the output, or a key with nothing after it.
              if (section.close === 'cut') complete = false;
              else problems.push(malformed(`"${key}" of "${name}" has no <arg_value>`, pair.start));
              return;
            }
            if (key === '' || pair.keyClose === 'missing') {
              problems.push(malformed(`a key of "${name}" is not closed or empty`, pair.start));
              return;
            }
            if (value.close === 'implicit') repairs.push(implied('</arg_value>', pair.end));
            if (pair.misplacedOpen) {
              repairs.push({
                kind: 'other',
                offset: pair.start,
                detail: `<tool_call> written where the <arg_key> of "${key}" belongs`,
              });
            }
            for (const at of pair.repeated) {
              repairs.push({
                kind: 'other',
                offset: at,
                detail: `</arg_key> written again after "${key}"`,
              });
            }
            if (!value.opened) {
              repairs.push({
                kind: 'other',
                offset: value.start,
                detail: `the <arg_value> tag of "${key}" left out`,
              });
            }
            // A key is data: `__proto__` must become an own property, not the object's prototype.
            setOwn(
              parameters,
              key,
              readGlmValue(value.text, value.start, name, key, context.tools, repairs),
            );
          })
          .exhaustive();
      }
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

/** Stray text of only blanks and written `\\n`s (GLM-4.7 separators), which is no junk. */
function isBlankStray(text: string): boolean {
  return text.replaceAll('\\n', '').trim() === '';
}
