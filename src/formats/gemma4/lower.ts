/** Lowering of gemma4 sections: calls, the thought channel, stray channel tokens. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerGemmaCallBlock, lowerMalformedGemmaBlock } from '../shared/gemma-call-block.js';
import type { Gemma4Section } from './ast.js';
import { GEMMA4_SYNTAX } from './syntax.js';

/**
 * Lowers a gemma4 section. A call block is read as Gemma's call syntax (see
 * `src/formats/shared/gemma-call-block.ts`); the thought channel becomes reasoning (tool syntax
 * inside it is never a call); a stray `<channel|>` contributes nothing.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls, reasoning and issues.
 */
export function lowerGemma4(node: Gemma4Section, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'gemma4-tool-calls' }, (block) =>
      lowerGemmaCallBlock(GEMMA4_SYNTAX, block, end, context),
    )
    .with({ type: 'gemma4-malformed' }, (block) =>
      lowerMalformedGemmaBlock(GEMMA4_SYNTAX, block, end, context),
    )
    .with({ type: 'gemma4-channel' }, (section) => ({
      start: section.start,
      end,
      calls: [],
      issues: [],
      reasoning: section.body,
    }))
    .with({ type: 'gemma4-channel-close' }, (section) => ({
      start: section.start,
      end,
      calls: [],
      issues: [],
    }))
    .exhaustive();
}
