/** Lowering of hermes sections: the payload's call objects become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import type { HermesSection } from './ast.js';

/**
 * Lowers a hermes section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerHermes(node: HermesSection, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'hermes-section' }, (section) => lowerHermesSection(section, end, context))
    .exhaustive();
}

/**
 * The lowering of the one node type, `hermes-section`. The fast path, which only ever builds that
 * node, calls it directly: the match's builder objects were a tenth of a small parse's garbage.
 *
 * @param section - A `hermes-section` node.
 * @param end - Where the section ends.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues, open when the section is not closed.
 * @example
 * ```ts
 * lowerHermesSection(readClosedSection(text, 0)!.node, readClosedSection(text, 0)!.end, context).calls;
 * ```
 */
export function lowerHermesSection(
  section: HermesSection,
  end: number,
  context: FormatContext,
): Section {
  const { calls, issues } = lowerJsonCalls(context, {
    format: 'hermes',
    span: { start: section.start, end },
    payload: section.payload,
    closed: section.closed,
    // A payload may hold several call objects (`{..}, {..}`): a stream starts each from its head.
    streamedList: '</tool_call>',
    // Or a list of them (`[{..}, {..}]`), as SGLang's Qwen 2.5 detector also reads.
    unpackList: true,
    opener: '<tool_call>',
    // A stream reads a fenced payload's head after the fence (see `hermes.readCallHead`).
    fenced: true,
  });
  // Open while no </tool_call> has come: a stream waits for it (or for the end of the output).
  // Written in the literal: a field added to it later costs the object a second store.
  return { start: section.start, end, calls, issues, open: !section.closed };
}
