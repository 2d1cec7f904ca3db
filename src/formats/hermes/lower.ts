/** Lowering of hermes sections: the payload's call objects become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCallsBeforeProse } from '../shared/prose-after-calls.js';
import type { HermesSection } from './ast.js';
import { lowerNamedArguments } from './named-arguments.js';
import { extendPastQuotedClose } from './quoted-close.js';

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

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
  // A name before an arguments object (`<function>f</function>\n{"a": 1}`): never a JSON payload.
  const named = lowerNamedArguments(section, end, context);
  if (named !== undefined) return named;
  const lowered = lowerPayload(section, section.payload.end, end, context);
  // A payload cut at a close tag inside one of its strings does not read; past it, it may.
  return (
    (section.closed && extendPastQuotedClose(section, lowered, context, lowerPayload)) || lowered
  );
}

/**
 * Lowers the JSON payload from `section.payload.start` to `payloadEnd`, in a section that ends at
 * `end` (closed: `extendPastQuotedClose` lowers a payload of a closed section that runs on).
 */
function lowerPayload(
  section: HermesSection,
  payloadEnd: number,
  end: number,
  context: FormatContext,
): Section {
  const payload =
    payloadEnd === section.payload.end
      ? section.payload
      : { start: section.payload.start, end: payloadEnd };
  // Call objects then prose in a section never closed (its payload ran on to the end of the
  // output, or to the next section's close tag) are read piece by piece: the prose is content.
  return lowerJsonCallsBeforeProse(
    context,
    {
      format: 'hermes',
      span: { start: section.start, end },
      payload,
      closed: section.closed,
      // A payload may hold several call objects (`{..}, {..}`): a stream starts each from its head.
      streamedList: CLOSE,
      // Or a list of them (`[{..}, {..}]`), as SGLang's Qwen 2.5 detector also reads.
      unpackList: true,
      opener: OPEN,
      // A stream reads a fenced payload's head after the fence (see `hermes.readCallHead`).
      fenced: true,
    },
    OPEN,
    // Open while no </tool_call> has come: a stream waits for it (or for the end of the output).
    !section.closed,
  );
}
