/**
 * A stream past `limits.maxOutputSize`. `parse` refuses such an output whole (a `too-large` issue,
 * nothing read); a stream has already sent what came before and cannot take it back, so it stops
 * reading where the limit was passed and says why with a `too-large` rejection. The calls it
 * started and had not ended, if any, end with it (a consumer must never be left with an open
 * call); when none was open, a rejection without a start stands for the text the stream held and
 * all that follows, which it will never read.
 */
import { tooLargeEnvelope } from '../policy/envelope.js';
import type { CallFormat, RejectedCall, StreamEvent } from '../types.js';

/** A call whose `tool-call-start` was sent and whose end was not. */
export interface OpenCall {
  id: string;
  name?: string;
  format: CallFormat;
  /** Absolute offset of its section. */
  start: number;
}

/**
 * Ends what a stream left open when the output outgrew the limit.
 *
 * @param open - The calls started and not ended (those started from heads in the section the
 * stream is reading).
 * @param stand - The id and format of the rejection that stands for the held text when no call
 * was open (called only then, so no id is drawn for nothing).
 * @param limit - The `maxOutputSize` limit.
 * @param offset - Where the output passed it (absolute).
 * @param out - Events are pushed here.
 * @example
 * ```ts
 * endOverflow([{ id: 'call_0', name: 'f', format: 'hermes', start: 0 }], stand, 1000, 996, out);
 * // out: [{ type: 'tool-call-end', id: 'call_0', rejection: { reason: 'too-large', ... } }]
 * ```
 */
export function endOverflow(
  open: readonly OpenCall[],
  stand: () => { id: string; format: CallFormat },
  limit: number,
  offset: number,
  out: StreamEvent[],
): void {
  if (open.length === 0) {
    const { id, format } = stand();
    out.push({ type: 'tool-call-end', id, rejection: rejection({ id, format, start: offset }) });
    return;
  }
  for (const call of open)
    out.push({ type: 'tool-call-end', id: call.id, rejection: rejection(call) });

  function rejection(call: OpenCall): RejectedCall {
    const refused: RejectedCall = {
      id: call.id,
      format: call.format,
      span: { start: call.start, end: offset },
      reason: 'too-large',
      envelope: tooLargeEnvelope(
        call.name,
        limit,
        `more than ${limit} characters; the rest was not read`,
        'model output',
      ),
      repairs: [],
    };
    if (call.name !== undefined) refused.name = call.name;
    return refused;
  }
}
