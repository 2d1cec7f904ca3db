/**
 * Lowering of seed_oss sections: functions become calls with verbatim values (typed by the tool's
 * schema, strings without one); a `<seed:think>` block becomes reasoning, and tool-call syntax
 * inside it is reported, never called.
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerXmlSection, type XmlSectionSyntax } from '../shared/xml-section.js';
import type { SeedOssNode } from './ast.js';

const TAGS = { open: '<seed:tool_call>', close: '</seed:tool_call>' };

/** The syntax of seed_oss's `<seed:tool_call>` sections. */
const SEED_OSS_SECTIONS: XmlSectionSyntax = { format: 'seed_oss', layout: 'verbatim', tags: TAGS };

/**
 * Lowers a seed_oss section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls, or its reasoning.
 */
export function lowerSeedOss(node: SeedOssNode, context: FormatContext): Section {
  return match(node)
    .with({ type: 'seed-oss-tool-section' }, (section) =>
      lowerXmlSection(section, SEED_OSS_SECTIONS, context),
    )
    .with({ type: 'seed-oss-think' }, (think) => {
      const musing = think.text.text.indexOf(TAGS.open);
      const issues =
        musing === -1
          ? []
          : [
              {
                code: 'call-in-reasoning' as const,
                message: 'tool-call syntax inside <seed:think> is not a call',
                offset: think.text.start + musing,
              },
            ];
      return { start: think.start, end: think.end, calls: [], issues, reasoning: think.text.text };
    })
    .exhaustive();
}
