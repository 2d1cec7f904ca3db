/** Lowering of deepseek_v4_dsml sections: each DSML invoke element becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { dsmlOpenRepairs, withRepairs } from '../shared/dsml.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { DeepseekV4DsmlNode } from './ast.js';

/** How deepseek_v4_dsml writes its values (the stream's arguments writer reads them the same way). */
export const DEEPSEEK_V4_DSML_VALUES: InvokeConventions = {
  format: 'deepseek_v4_dsml',
  trimValues: false,
  stringAttribute: true,
};

/**
 * Lowers a deepseek_v4_dsml section to calls. `string="true"` values stay text as written,
 * `string="false"` values are read as JSON, values without the attribute are typed by the
 * tool's schema when one is known.
 *
 * @param node - The section's AST: a block, or an invoke written without one.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues; `undefined` for an invoke without a block
 * that its close tag did not end (without the block only a closed invoke is trusted to be a
 * call: cut off, it stays text, as it may be an example the output was cut in).
 */
export function lowerDeepseekV4Dsml(
  node: DeepseekV4DsmlNode,
  end: number,
  context: FormatContext,
): Section | undefined {
  return match(node)
    .with({ type: 'deepseek-v4-dsml-section' }, (section) =>
      withRepairs(
        lowerInvokeBlock(context, section, end, DEEPSEEK_V4_DSML_VALUES),
        dsmlOpenRepairs(section.open, section.start, 'tool_calls'),
      ),
    )
    .with({ type: 'deepseek-v4-dsml-direct-invoke' }, ({ start, invoke }) => {
      if (!invoke.closed) return undefined;
      const block = { start, invokes: [invoke], rest: { start: end, end }, closed: true };
      const section = lowerInvokeBlock(context, block, end, DEEPSEEK_V4_DSML_VALUES);
      return withRepairs(section, [{ kind: 'missing-start-marker', offset: start }]);
    })
    .exhaustive();
}
