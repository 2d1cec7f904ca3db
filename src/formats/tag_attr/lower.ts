/** Lowering of tag_attr sections: the `name` attribute names the tool, the body is its arguments. */
import { match } from 'ts-pattern';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import { malformed, repeatedAttribute } from '../shared/issues.js';
import type { TagAttrSection } from './ast.js';

/** The attributes tag_attr reads: the tool's name, and an id (`<tool id="7" name="f">`) it ignores. */
const READ_ATTRIBUTES: ReadonlySet<string> = new Set(['name', 'id']);

/**
 * Lowers a tag_attr section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its call, or an issue when the tag has no name, writes an attribute
 * twice, or the body is not a JSON object; a named tag with an attribute other than `name` and
 * `id` gives a malformed call.
 */
export function lowerTagAttr(node: TagAttrSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'tag-attr-section' }, (section) => {
      const repeated = repeatedAttribute(
        '<tool>',
        section.attributes.map((attribute) => attribute.name),
        section.start,
      );
      if (repeated !== undefined)
        return { start: section.start, end, calls: [], issues: [repeated] };
      const name = section.attributes.find((attribute) => attribute.name === 'name')?.value ?? '';
      const unread = section.attributes.find((attribute) => !READ_ATTRIBUTES.has(attribute.name));
      if (unread !== undefined && name.trim() !== '') {
        // `path="/tmp"` is an argument the model meant to pass: run without it, the call would
        // do something else than asked (the playbook's contract puts arguments in the body).
        const issue = malformed(
          `the <tool> tag has an attribute "${unread.name}" that is not read; write the arguments as the JSON body: <tool name="${name}">{...}</tool>`,
          unread.offset,
        );
        const call: RawCall = {
          name,
          arguments: {},
          format: 'tag_attr',
          span: { start: section.start, end },
          repairs: [],
          complete: true,
          malformed: issue,
        };
        return { start: section.start, end, calls: [call], issues: [issue] };
      }
      const read = readArgumentsPayload(context, {
        format: 'tag_attr',
        name,
        span: { start: section.start, end },
        payload: section.payload,
        closed: section.closed,
      });
      return {
        start: section.start,
        end,
        calls: 'call' in read ? [read.call] : [],
        issues: read.issue === undefined ? [] : [read.issue],
      };
    })
    .exhaustive();
}
