/** Lowering of gigachat31 sections: the JSON call object after the header becomes a call. */
import { match } from 'ts-pattern';
import { parse } from '../../generated/gigachat31.js';
import type { FormatContext, Section } from '../format.js';
import { gigaChatSection } from '../shared/gigachat-call.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GigaChat31Header, GigaChat31Trailer } from './ast.js';

/**
 * Lowers a gigachat31 header and the JSON after it to a section.
 *
 * @param node - The header's AST.
 * @param context - The output, schemas and limits.
 * @returns The section: header, JSON and an optional `</s>`, with its call or issue.
 */
export function lowerGigaChat31(node: GigaChat31Header, context: FormatContext): Section {
  return match(node)
    .with({ type: 'gigachat31-header' }, (header) =>
      gigaChatSection(
        context,
        'gigachat31',
        header,
        (at) => runGrammar<GigaChat31Trailer>(parse, context.text, at, 'Trailer')?.end,
      ),
    )
    .exhaustive();
}
