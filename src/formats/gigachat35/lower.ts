/** Lowering of gigachat35 sections: each GCML invoke element becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { Gigachat35Section } from './ast.js';

/** How gigachat35 writes its values (the stream's arguments writer reads them the same way). */
export const GIGACHAT35_VALUES: InvokeConventions = {
  format: 'gigachat35',
  trimValues: false,
  stringAttribute: true,
};

/**
 * Lowers a gigachat35 section to calls. `string="true"` values stay text as written,
 * `string="false"` values are read as JSON, values without the attribute are typed by the
 * tool's schema when one is known.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerGigachat35(
  node: Gigachat35Section,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'gigachat35-section' }, (section) =>
      lowerInvokeBlock(context, section, end, GIGACHAT35_VALUES),
    )
    .exhaustive();
}
