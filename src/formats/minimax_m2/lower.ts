/** Lowering of minimax_m2 sections: each invoke element becomes a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { MinimaxM2Section } from './ast.js';

/** How minimax_m2 writes its values (the stream's arguments writer reads them the same way). */
export const MINIMAX_M2_VALUES: InvokeConventions = {
  format: 'minimax_m2',
  trimValues: true,
  stringAttribute: false,
};

/**
 * Lowers a minimax_m2 section to calls. Values are trimmed (as MiniMax's reference parser does)
 * and typed by the tool's schema when one is known; without a schema they stay strings.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerMinimaxM2(
  node: MinimaxM2Section,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'minimax-m2-section' }, (section) =>
      lowerInvokeBlock(context, section, end, MINIMAX_M2_VALUES),
    )
    .exhaustive();
}
