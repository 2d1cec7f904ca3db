/** Lowering of functiongemma sections: blocks of calls in Gemma's call syntax. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerGemmaCallBlock, lowerMalformedGemmaBlock } from '../shared/gemma-call-block.js';
import type { FunctionGemmaSection } from './ast.js';
import { FUNCTIONGEMMA_SYNTAX } from './syntax.js';

/**
 * Lowers a functiongemma section: its calls as Gemma's call syntax reads them (see
 * `src/formats/shared/gemma-call-block.ts`), or a block that holds none, refused.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerFunctionGemma(
  node: FunctionGemmaSection,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'functiongemma-tool-calls' }, (block) =>
      lowerGemmaCallBlock(FUNCTIONGEMMA_SYNTAX, block, end, context),
    )
    .with({ type: 'functiongemma-malformed' }, (block) =>
      lowerMalformedGemmaBlock(FUNCTIONGEMMA_SYNTAX, block, end, context),
    )
    .exhaustive();
}
