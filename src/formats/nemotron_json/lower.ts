/**
 * Lowering of nemotron_json sections: the payload's call objects (a list, or objects written
 * without one) become calls.
 */
import { match } from 'ts-pattern';
import type { Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { OPEN_BRACE } from '../../json/char-codes.js';
import { skipBlanks } from '../shared/blanks.js';
import { lowerJsonCallsBeforeProse } from '../shared/prose-after-calls.js';
import type { NemotronJsonSection } from './ast.js';

/** The tag that opens a block. */
export const TOOLCALL_OPEN = '<TOOLCALL>';
/** The tag that closes it. */
export const TOOLCALL_CLOSE = '</TOOLCALL>';

/**
 * Lowers a nemotron_json section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerNemotronJson(
  node: NemotronJsonSection,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'nemotron-json-section' }, (section) => {
      // Left open at the end of the output, the block may still grow; closed, or ended by the
      // next block's tag, nothing after it changes it.
      const open = !section.closed && end === context.text.length;
      // A list then prose in a block never closed: the prose is content (as in jamba).
      const lowered = lowerJsonCallsBeforeProse(
        context,
        {
          format: 'nemotron_json',
          span: { start: section.start, end },
          payload: section.payload,
          closed: section.closed,
          unpackList: true,
          streamedList: TOOLCALL_CLOSE,
        },
        TOOLCALL_OPEN,
        open,
      );
      const { payload } = section;
      const first = skipBlanks(context.text, payload.start, payload.end);
      if (first < payload.end && context.text.charCodeAt(first) === OPEN_BRACE) {
        noteBracketsLeftOut(lowered.calls, first);
      }
      return lowered;
    })
    .exhaustive();
}

/**
 * Records, on each call read, that the model wrote its call objects without the list around them
 * (`<TOOLCALL>{"name": ..}</TOOLCALL>`, or `{..}, {..}`): the syntax wants a list, and vLLM's
 * parsers add the missing brackets back. Calls refused keep their refusal alone.
 */
function noteBracketsLeftOut(calls: readonly RawCall[], offset: number): void {
  const repair: Repair =
    calls.length > 1
      ? { kind: 'several-values', offset, detail: 'call objects written without their list' }
      : { kind: 'other', offset, detail: 'call object written without its list' };
  for (const call of calls) {
    if (call.malformed === undefined) call.repairs.unshift({ ...repair });
  }
}
