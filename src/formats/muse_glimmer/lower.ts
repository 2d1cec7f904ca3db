/**
 * Lowering of Muse Glimmer messages: a message to a tool becomes its ATEM invokes' calls, one to
 * `self` reasoning, one to `user` (or to no one) content.
 */
import { match } from 'ts-pattern';
import type { Repair, Span } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { incomplete, malformed } from '../shared/issues.js';
import { refusedCall } from '../shared/refused-call.js';
import { lowerInvokeBlock, type InvokeConventions } from '../shared/xml-invoke.js';
import type { MuseGlimmerMessage, MuseGlimmerToolBody } from './ast.js';

/** How Muse Glimmer writes its values (the stream's arguments writer reads them the same way). */
export const MUSE_GLIMMER_VALUES: InvokeConventions = {
  format: 'muse_glimmer',
  trimValues: false,
  stringAttribute: false,
  jsonValues: true,
};

/** What a message's recipient makes of its body. */
export type RecipientKind = 'reasoning' | 'content' | 'tool';

/**
 * What a recipient makes of a message: `self` reasoning, `user` or none content, any other name
 * a tool. The grammar, the lowering and the stream's head reader ask this one question.
 *
 * @param recipient - The name after `to=`, or `undefined` for a header without one.
 * @returns The message's kind.
 * @example
 * ```ts
 * recipientKind('self'); // 'reasoning'
 * recipientKind('weather.get'); // 'tool'
 * ```
 */
export function recipientKind(recipient: string | undefined): RecipientKind {
  if (recipient === undefined || recipient === 'user') return 'content';
  return recipient === 'self' ? 'reasoning' : 'tool';
}

/**
 * Lowers one message (a section of its own).
 *
 * @param message - The message's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section: its calls, or its reasoning or content; open while the output ends
 * inside its body.
 */
export function lowerMuseGlimmer(
  message: MuseGlimmerMessage,
  end: number,
  context: FormatContext,
): Section {
  const { text } = context;
  const recipient =
    message.recipient === null
      ? undefined
      : text.slice(message.recipient.start, message.recipient.end);
  return match(message.body)
    .with({ type: 'muse-glimmer-text-body' }, (body) => {
      const section: Section = { start: message.start, end, calls: [], issues: [] };
      section.open = body.end === 'cut';
      const kind = recipientKind(recipient) === 'reasoning' ? 'reasoning' : 'content';
      const written = text.slice(body.text.start, body.text.end);
      if (written !== '') section[kind] = written;
      return section;
    })
    .with({ type: 'muse-glimmer-tool-body' }, (body) =>
      lowerToolBody(context, message.start, end, recipient ?? '', body),
    )
    .exhaustive();
}

/** The calls of a message to a tool: each invoke's, or one refused by the recipient's name. */
function lowerToolBody(
  context: FormatContext,
  start: number,
  end: number,
  recipient: string,
  body: MuseGlimmerToolBody,
): Section {
  const cut = body.end === 'cut';
  // The message's own end stands in for a missing `</atem:function_calls>` (a repair below).
  const block = { start, invokes: body.invokes, rest: body.rest, closed: body.closed || !cut };
  const section = lowerInvokeBlock(context, block, end, MUSE_GLIMMER_VALUES);
  section.open = cut;
  const whole = section.calls.filter((call) => call.complete && call.malformed === undefined);
  if (!body.open) {
    for (const call of whole) call.repairs.push({ kind: 'missing-start-marker', offset: start });
  }
  if (!body.closed && !cut) {
    const repair: Repair = {
      kind: 'missing-end-marker',
      offset: body.rest.end,
      detail: '</atem:function_calls>',
    };
    for (const call of whole) call.repairs.push({ ...repair });
  }
  for (const offset of body.strayCloses) strayClose(section.calls, offset);
  const trail = context.text.slice(body.trail.start, body.trail.end);
  if (trail.trim() !== '') {
    section.issues.push(malformed('text after the ATEM block is not an invoke', body.trail.start));
  }
  // A message to a tool with no invoke read: the call its header names is refused by that name.
  if (section.calls.length === 0) {
    const span: Span = { start, end };
    const issue =
      section.issues[0] ??
      (cut ? incomplete(start) : malformed(`the message to "${recipient}" holds no invoke`, start));
    if (section.issues.length === 0) section.issues.push(issue);
    section.calls.push(refusedCall(recipient, 'muse_glimmer', span, issue, [], !cut));
  }
  return section;
}

/**
 * Records a `</atem:invoke>` written with no invoke open (the model closes an invoke twice) on
 * the call before it, or the first call when it comes before every invoke: dropping it changes
 * no call.
 */
function strayClose(calls: readonly RawCall[], offset: number): void {
  let call = calls[0];
  for (const each of calls) if (each.span.end <= offset) call = each;
  call?.repairs.push({ kind: 'other', offset, detail: 'stray </atem:invoke> dropped' });
}
