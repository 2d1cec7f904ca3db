/** Lowering of gigachat31 sections: the JSON call object after the header becomes a call. */
import { match } from 'ts-pattern';
import { parse } from '../../generated/gigachat31.js';
import type { FormatContext, Section } from '../format.js';
import { readGigaChatBody } from '../shared/gigachat-call.js';
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
    .with({ type: 'gigachat31-header' }, (header) => {
      const body = readGigaChatBody(context, 'gigachat31', header.start, header.end);
      const trailer = body.closed
        ? runGrammar<GigaChat31Trailer>(parse, context.text, body.end, 'Trailer')
        : undefined;
      return {
        start: header.start,
        end: trailer?.end ?? body.end,
        calls: body.call === undefined ? [] : [body.call],
        issues: body.issue === undefined ? [] : [body.issue],
      };
    })
    .exhaustive();
}
