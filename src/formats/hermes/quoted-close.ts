/**
 * A hermes payload whose arguments quote the close tag: `<tool_call>{"name": "write_file",
 * "arguments": {"content": "Wrap each call in <tool_call></tool_call> tags."}}</tool_call>`. Cut at
 * the first `</tool_call>`, the payload ends inside a string: the call was refused as cut off and
 * the rest of its arguments became content (vLLM's hermes parser drops such calls the same way, a
 * reported bug for file-writing and retrieval tools, whose arguments echo documents). Read with
 * its strings whole, the payload runs on to the close tag after them.
 */
import { parse } from '../../generated/hermes.js';
import type { FormatContext, Section } from '../format.js';
import { firstUnitAfter } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import { OPEN_BRACE, OPEN_BRACKET } from '../../json/char-codes.js';
import type { HermesQuotedClose, HermesSection } from './ast.js';

const CLOSE = '</tool_call>';

/** Lowers a closed section's payload from its start to `payloadEnd`, the section ending at `end`. */
export type PayloadLowering = (
  section: HermesSection,
  payloadEnd: number,
  end: number,
  context: FormatContext,
) => Section;

/**
 * Reads a closed section again past a close tag that its payload's strings hold, when its payload
 * cut at the first close tag did not read.
 *
 * @param section - The section, closed at the first `</tool_call>` after its open tag.
 * @param lowered - Its lowering with that payload.
 * @param context - The output, schemas and limits.
 * @param lowerPayload - The lowering of a payload that ends elsewhere.
 * @returns The section read to the close tag after the strings, when the payload up to it is JSON
 * that needs no repair (a looser reading would let a string left open by mistake swallow the
 * sections after it); `lowered`, marked open, while the output ends before such a close tag can
 * be known (a stream waits for more); `undefined` when `lowered` stands.
 * @example
 * ```ts
 * // <tool_call>{"name":"f","arguments":{"a":"x</tool_call>y"}}</tool_call>
 * extendPastQuotedClose(section, lowered, context, lowerPayload)?.calls[0]?.arguments; // { a: 'x</tool_call>y' }
 * ```
 */
export function extendPastQuotedClose(
  section: HermesSection,
  lowered: Section,
  context: FormatContext,
  lowerPayload: PayloadLowering,
): Section | undefined {
  if (readWell(lowered)) return undefined;
  const { text } = context;
  const { payload } = section;
  const first = firstUnitAfter(text, payload.start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return undefined;
  const matched = runGrammar<HermesQuotedClose>(parse, text, payload.start, 'QuotedClose');
  if (matched === undefined) return undefined;
  const { closeAt, open } = matched.node;
  if (open) {
    lowered.open = true;
    return lowered;
  }
  // The first close tag was outside the strings: the payload is what it is.
  if (closeAt <= payload.end) return undefined;
  const extended = lowerPayload(section, closeAt, closeAt + CLOSE.length, context);
  return readWell(extended) && strictlyRead(extended) ? extended : undefined;
}

/** Every call of the section read whole, with no issue. */
function readWell(section: Section): boolean {
  if (section.calls.length === 0 || section.issues.length > 0) return false;
  for (const call of section.calls) {
    if (!call.complete || call.malformed !== undefined) return false;
  }
  return true;
}

/** No call needed a repair to be read. */
function strictlyRead(section: Section): boolean {
  for (const call of section.calls) if (call.repairs.length > 0) return false;
  return true;
}
