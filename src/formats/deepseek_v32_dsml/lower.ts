/** Lowering of deepseek_v32_dsml sections: each DSML invoke element becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { dsmlOpenRepairs, withRepairs } from '../shared/dsml.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { DeepseekV32DsmlSection } from './ast.js';

/** How deepseek_v32_dsml writes its values (the stream's arguments writer reads them the same way). */
export const DEEPSEEK_V32_DSML_VALUES: InvokeConventions = {
  format: 'deepseek_v32_dsml',
  trimValues: false,
  stringAttribute: true,
};

/**
 * Lowers a deepseek_v32_dsml section to calls. `string="true"` values stay text as written,
 * `string="false"` values are read as JSON, values without the attribute are typed by the
 * tool's schema when one is known.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerDeepseekV32Dsml(
  node: DeepseekV32DsmlSection,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'deepseek-v32-dsml-section' }, (section) =>
      withRepairs(
        lowerInvokeBlock(context, section, end, DEEPSEEK_V32_DSML_VALUES),
        dsmlOpenRepairs(section.open, section.start, 'function_calls'),
      ),
    )
    .exhaustive();
}
