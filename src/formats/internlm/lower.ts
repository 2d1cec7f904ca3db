/** Lowering of internlm sections: a plugin action's JSON call object becomes a call. */
import { match, P } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCallsBeforeProse } from '../shared/prose-after-calls.js';
import type { InternLmSection } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

/**
 * Lowers an internlm section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its call (`name` with `parameters`, or the other common spellings), or
 * an issue for a payload that is no call object or an action for another executor.
 */
export function lowerInternLm(node: InternLmSection, end: number, context: FormatContext): Section {
  const span = { start: node.start, end };
  return match(node)
    .with({ type: 'internlm-section', executor: P.nonNullable }, (section) => {
      const executor = context.text.slice(section.executor.start, section.executor.end);
      if (executor === 'plugin') return lowerPlugin(section, span, context);
      return sectionOf(span.start, span.end, {
        calls: [],
        issues: [
          {
            code: 'malformed-tool-call' as const,
            message: `the internlm action is for the "${executor}" executor, not a tool call`,
            offset: section.executor.start,
          },
        ],
      });
    })
    .with({ type: 'internlm-section', executor: null }, (section) =>
      lowerPlugin(section, span, context),
    )
    .exhaustive();
}

function lowerPlugin(
  section: InternLmSection,
  span: { start: number; end: number },
  context: FormatContext,
): Section {
  // Call objects then prose in a section never closed: the prose is content (as in hermes).
  return lowerJsonCallsBeforeProse(
    context,
    {
      format: 'internlm',
      span,
      payload: section.payload,
      closed: section.closed,
      // A list of call objects is read call by call, as hermes' is.
      unpackList: true,
    },
    // The plugin action's opening, as the next call writes it.
    '<|action_start|><|plugin|>',
  );
}
