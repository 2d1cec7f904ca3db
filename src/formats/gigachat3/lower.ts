/** Lowering of gigachat3 sections: the JSON call object after the header becomes a call. */
import { match } from 'ts-pattern';
import { parse } from '../../generated/gigachat3.js';
import type { FormatContext, Section } from '../format.js';
import { gigaChatSection } from '../shared/gigachat-call.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GigaChat3Header, GigaChat3Trailer } from './ast.js';

/**
 * Lowers a gigachat3 header and the JSON after it to a section.
 *
 * @param node - The header's AST.
 * @param context - The output, schemas and limits.
 * @returns The section: header, JSON and an optional `</s>`, with its call or issue.
 */
export function lowerGigaChat3(node: GigaChat3Header, context: FormatContext): Section {
  return match(node)
    .with({ type: 'gigachat3-header' }, (header) =>
      gigaChatSection(
        context,
        'gigachat3',
        header,
        (at) => runGrammar<GigaChat3Trailer>(parse, context.text, at, 'Trailer')?.end,
      ),
    )
    .exhaustive();
}
