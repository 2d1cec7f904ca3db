/** Lowering of tag_attr sections: the `name` attribute names the tool, the body is its arguments. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import { repeatedAttribute } from '../shared/issues.js';
import type { TagAttrSection } from './ast.js';

/**
 * Lowers a tag_attr section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its call, or an issue when the tag has no name, writes an attribute
 * twice, or the body is not a JSON object.
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
      const read = readArgumentsPayload(context, {
        format: 'tag_attr',
        name,
        span: { start: section.start, end },
        payload: section.payload,
        closed: section.closed,
      });
      return 'call' in read
        ? { start: section.start, end, calls: [read.call], issues: [] }
        : { start: section.start, end, calls: [], issues: [read.issue] };
    })
    .exhaustive();
}
