/**
 * Lowering of Inkling sections: a text block (and a raw tool or tool-error block, shown as text)
 * becomes content, a thinking block reasoning, a JSON call block a call.
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import type { InklingBlock, InklingClose, InklingSection, Range } from './ast.js';
import { lowerInklingCall } from './call.js';

/**
 * Lowers an Inkling section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section: its content, reasoning or call; closed once a token ended it, ending the
 * output after the stop token.
 * @example
 * ```ts
 * lowerInkling(runGrammar(parse, text, 0, 'Section').node, context);
 * ```
 */
export function lowerInkling(node: InklingSection, context: FormatContext): Section {
  return match(node)
    .with({ type: 'inkling-lone-end' }, (lone) => closed(emptySection(lone), lone.close))
    .with({ type: 'inkling-block' }, (block) => lowerBlock(block, undefined, block, context))
    .with({ type: 'inkling-message' }, (message) =>
      match(message.rest)
        .with({ type: 'inkling-block' }, (block) =>
          lowerBlock(block, message.header, message, context),
        )
        .with({ type: 'inkling-header-end' }, ({ close }) => {
          // No kind token came: what the model wrote after the role token is its message's text,
          // as vLLM flushes it (a turn the prompt opened in its header state reads the same).
          const section = closed(emptySection(message), close);
          const text = slice(context.text, message.header);
          if (text !== '') section.content = text;
          return section;
        })
        .exhaustive(),
    )
    .exhaustive();
}

/** A block, with its message's header if it has one, as the section spanning `span`. */
function lowerBlock(
  block: InklingBlock,
  header: Range | undefined,
  span: { start: number; end: number },
  context: FormatContext,
): Section {
  const section = closed(emptySection(span), block.close);
  const body = slice(context.text, block.body);
  return match(block.kind)
    .with('text', 'tool-text', 'tool-error', () => {
      // A raw tool block or a tool error is shown as text, as vLLM shows it: neither is a call
      // this library can read, and the model wrote it for the reader.
      if (body !== '') section.content = body;
      return section;
    })
    .with('thinking', () => {
      if (body !== '') section.reasoning = body;
      return section;
    })
    .with('call', () => {
      const headerName = header === undefined ? '' : slice(context.text, header).trim();
      const lowered = lowerInklingCall(context, {
        span: { start: span.start, end: span.end },
        payload: block.body,
        closed: block.close === 'end' || block.close === 'stop',
        headerName,
      });
      section.calls = lowered.calls;
      section.issues = lowered.issues;
      return section;
    })
    .exhaustive();
}

function emptySection(span: { start: number; end: number }): Section {
  return { start: span.start, end: span.end, calls: [], issues: [] };
}

/**
 * Marks how the section ended: open only when it ran into the end of the output (a token ends
 * every block, so nothing written later changes a block a token ended), and ending the output
 * at the stop token, after which nothing is the turn's.
 */
function closed(section: Section, close: InklingClose): Section {
  section.open = close === 'open';
  if (close === 'stop') section.endsOutput = true;
  return section;
}

function slice(text: string, range: Range): string {
  return text.slice(range.start, range.end);
}
