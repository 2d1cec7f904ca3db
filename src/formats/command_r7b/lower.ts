/**
 * Lowering of command_r7b blocks: an action's JSON list becomes calls (with `tool_call_id` as the
 * call id), thinking becomes reasoning and a response becomes content.
 */
import { match } from 'ts-pattern';
import type { Issue, Span } from '../../types.js';
import type { CallHead, FormatContext, RawCall, Section } from '../format.js';
import {
  COMMON_CALL_FIELDS,
  idWrittenFirst,
  isPlainObject,
  readCallObject,
} from '../shared/call-object.js';
import { refusedByHeads, refusedHeadCall } from '../shared/refused-call.js';
import { callHeadKeys, readJsonListHeads, type CallHeadKeys } from '../../stream/call-head.js';
import { itemComplete, readJsonPayload, splitRepairs } from '../shared/json-payload.js';
import type { CommandR7bAction, CommandR7bNode } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import { sectionBeforeProse, type PayloadPiece } from '../shared/prose-after-calls.js';

/**
 * Lowers one command_r7b block to a section.
 *
 * @param node - The block's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section: calls for an action, reasoning for thinking, content for a response.
 */
export function lowerCommandR7b(
  node: CommandR7bNode,
  end: number,
  context: FormatContext,
): Section {
  const { text } = context;
  return match(node)
    .with({ type: 'command-r7b-action' }, (action) => lowerActionBeforeProse(action, end, context))
    .with({ type: 'command-r7b-block', kind: 'thinking' }, (block) => ({
      start: block.start,
      end,
      calls: [],
      issues: [],
      reasoning: text.slice(block.body.start, block.body.end),
    }))
    .with({ type: 'command-r7b-block', kind: 'response' }, (block) => ({
      start: block.start,
      end,
      calls: [],
      issues: [],
      content: text.slice(block.body.start, block.body.end),
    }))
    .with({ type: 'command-r7b-thinking-end' }, (close) =>
      // A close whose open the prompt wrote: the token is dropped, and the text before it stays
      // as the stream already sent it (events are final; see the grammar header).
      ({ start: close.start, end, calls: [], issues: [] }),
    )
    .exhaustive();
}

/** The action block's tokens. */
export const ACTION_OPEN = '<|START_ACTION|>';
export const ACTION_CLOSE = '<|END_ACTION|>';

/** The call id's key, which the template writes before the name. */
const ID_KEY = 'tool_call_id';

/**
 * What an action's call heads spell: `{"tool_call_id": "0", "tool_name": "f", "parameters": {`
 * (the id may be left out; the name and arguments keys are the spellings the lowering reads).
 */
export const ACTION_HEAD_KEYS: CallHeadKeys = callHeadKeys({
  id: ID_KEY,
  name: COMMON_CALL_FIELDS.name,
  arguments: COMMON_CALL_FIELDS.arguments,
});

/**
 * An action's calls; when its reading met an issue and, in an action never closed, its list is
 * followed by prose (a `<|START_RESPONSE|>` block, plain text, another action), read piece by piece
 * (see `sectionBeforeProse`). `lowerAction` reads the whole action as it reads a piece.
 */
function lowerActionBeforeProse(
  action: CommandR7bAction,
  end: number,
  context: FormatContext,
): Section {
  const whole = { start: action.start, end, payload: action.payload, closed: action.closed };
  const lowerPiece = (piece: PayloadPiece): Section =>
    lowerAction(
      { type: action.type, start: piece.start, payload: piece.payload, closed: piece.closed },
      piece.end,
      context,
    );
  return sectionBeforeProse(context, whole, ACTION_OPEN, lowerPiece(whole), lowerPiece);
}

/**
 * An action's calls. A stream starts each call of the list from its head (`readCallHead`,
 * `readNextCallHead`), its id included: a call object that cannot be read is still that call,
 * refused by the name and id its head spells, and a payload that cannot be read call by call
 * refuses every call those heads announce.
 */
function lowerAction(action: CommandR7bAction, end: number, context: FormatContext): Section {
  const span = { start: action.start, end };
  let heads: readonly CallHead[] | undefined;
  const streamedHeads = (): readonly CallHead[] =>
    (heads ??= readJsonListHeads(
      context.text.slice(0, action.payload.end),
      action.payload.start,
      ACTION_CLOSE,
      ACTION_HEAD_KEYS,
    ));
  const payload = readJsonPayload(context, action.payload.start, action.payload.end, {
    callObjects: 'calls',
  });
  if (!payload.ok) {
    const code = payload.issue.code === 'too-deep' ? 'too-deep' : 'malformed-tool-call';
    return refused(streamedHeads(), span, { ...payload.issue, code });
  }
  const [first] = payload.values;
  const listed = payload.values.length === 1 && Array.isArray(first);
  const items = listed ? first : payload.values;
  // Each call's part of the payload's repairs, where they can be told apart.
  const split = splitRepairs(payload, (items as unknown[]).length);
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const [index, item] of (items as unknown[]).entries()) {
    const read = readCallObject(item, action.payload.start);
    if (!read.ok) {
      issues.push(read.issue);
      const head = streamedHeads()[index];
      if (head !== undefined) calls.push(refusedHeadCall(head, 'command_r7b', span, read.issue));
      continue;
    }
    const call: RawCall = {
      name: read.name,
      arguments: read.arguments,
      format: 'command_r7b',
      span,
      repairs: [
        ...(split?.[index] ?? payload.repairs),
        ...read.repairs,
        ...(action.closed ? [] : [{ kind: 'missing-end-marker' as const, offset: end }]),
      ],
      complete: itemComplete(payload, split?.[index], action.payload.end, action.closed),
    };
    const id = isPlainObject(item) ? idWrittenFirst(item, ID_KEY) : undefined;
    if (id !== undefined) call.id = id;
    calls.push(call);
  }
  // A list read with repairs, or not as a list, may not hold the calls its heads announced.
  if ((!listed || payload.repairs.length > 0) && !beginsWithHeads(calls, streamedHeads())) {
    return refused(streamedHeads(), span, {
      code: 'malformed-tool-call',
      message: 'the list of calls could not be read call by call',
      offset: action.payload.start,
    });
  }
  return sectionOf(span.start, span.end, { calls, issues });
}

/** Every call the heads announced, refused by `issue`; with no head, the issue alone. */
function refused(heads: readonly CallHead[], span: Span, issue: Issue): Section {
  return sectionOf(span.start, span.end, refusedByHeads(heads, 'command_r7b', span, issue));
}

/** Whether the calls begin with the ones the heads announced (same names, same ids). */
function beginsWithHeads(calls: readonly RawCall[], heads: readonly CallHead[]): boolean {
  return heads.every(
    (head, index) => calls[index]?.name === head.name && calls[index]?.id === head.id,
  );
}
