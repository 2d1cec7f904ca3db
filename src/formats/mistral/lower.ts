/**
 * Lowering of mistral sections: the three generations of `[TOOL_CALLS]` bodies become calls,
 * `[THINK]` becomes reasoning.
 */
import { match } from 'ts-pattern';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import {
  notJsonIssue,
  readArgumentsItem,
  readCallItems,
  readCallList,
  refusedListItems,
} from '../shared/json-extent.js';
import type { MistralCalls, MistralNamed, MistralNode } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import { startsAt } from '../../starts-at.js';

/**
 * Lowers a mistral section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues, or its reasoning.
 */
export function lowerMistral(node: MistralNode, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'mistral-think' }, (think) => ({
      start: think.start,
      end,
      calls: [],
      issues: [],
      reasoning: context.text.slice(think.text.start, think.text.end),
    }))
    .with({ type: 'mistral-calls' }, (calls) => {
      const closedAt = closedBodyEnd(calls);
      if (closedAt !== undefined) {
        // The body closed: nothing after it changes the section, whose trailing text is
        // dropped, not read (a stream then settles the section as the body closes).
        const section = sectionOf(calls.start, closedAt, lowerBody(calls, end, context));
        section.open = false;
        section.dropsTextUntil = TOOL_CALLS;
        return section;
      }
      // A body cut off, a name without arguments or junk: the section runs to the next
      // `[TOOL_CALLS]` or the end of the text, which decide how it is refused.
      const section = sectionOf(calls.start, end, lowerBody(calls, end, context));
      // Stopped at a `[TOOL_CALLS]`, nothing after it changes the section.
      section.open = !(end < context.text.length && startsAt(context.text, TOOL_CALLS, end));
      return section;
    })
    .exhaustive();
}

/** The token that opens a section of calls (and ends the trailing text of the one before). */
export const TOOL_CALLS = '[TOOL_CALLS]';

/**
 * Where the body ends when it is a list or an object that closed (for a `NAME{..}` call, its
 * arguments' object): nothing written after it can change the calls read from it.
 */
function closedBodyEnd(node: MistralCalls): number | undefined {
  return match(node.body)
    .with({ type: 'mistral-list' }, ({ list }) => (list.closed ? list.end : undefined))
    .with({ type: 'mistral-object' }, ({ object }) => (object.closed ? object.end : undefined))
    .with({ type: 'mistral-named' }, ({ args }) => (args?.closed === true ? args.end : undefined))
    .with({ type: 'mistral-malformed' }, () => undefined)
    .exhaustive();
}

function lowerBody(
  node: MistralCalls,
  end: number,
  context: FormatContext,
): { calls: RawCall[]; issues: Issue[] } {
  return (
    match(node.body)
      .with({ type: 'mistral-list' }, ({ list }) =>
        readCallList(context, list, { format: 'mistral', namesRefused: true }),
      )
      .with({ type: 'mistral-object' }, ({ object }) =>
        readCallItems(context, object, { format: 'mistral' }),
      )
      .with({ type: 'mistral-named' }, (named) => lowerNamed(named, node, context))
      // A list the grammar cannot read (junk between or after its calls): the calls a stream
      // started from their heads, refused by name.
      .with({ type: 'mistral-malformed' }, ({ start }) =>
        refusedListItems(
          context,
          { start, end },
          'mistral',
          notJsonIssue({ start, end: start }, 'a call list or NAME{..} after [TOOL_CALLS]'),
        ),
      )
      .exhaustive()
  );
}

/** `NAME[ARGS]{..}`: the name is the grammar's, the arguments are the JSON object's. */
function lowerNamed(
  named: MistralNamed,
  node: MistralCalls,
  context: FormatContext,
): { calls: RawCall[]; issues: Issue[] } {
  const { text } = context;
  const span = { start: node.start, end: named.args?.end ?? named.name.end };
  const call: RawCall = {
    name: named.name.text,
    arguments: {},
    format: 'mistral',
    span,
    repairs: [],
    complete: false,
  };
  if (named.id !== null && named.id !== '') call.id = named.id;
  if (named.args === null) {
    // Nothing after the name but the end of the output: a call cut off before its arguments.
    const cutOff =
      node.trailing.end === text.length &&
      text.slice(node.trailing.start, node.trailing.end).trim() === '';
    if (cutOff) return { calls: [call], issues: [] };
    return {
      calls: [],
      issues: [notJsonIssue(named.name, `a JSON object after "${named.name.text}"`)],
    };
  }
  const outcome = readArgumentsItem(context, named.args, named.name.text);
  if (!outcome.ok) {
    // Arguments cut off before they could be read still make an incomplete call (never run);
    // arguments that cannot be read make a malformed one, rejected with an envelope naming the
    // tool (and under its [CALL_ID]).
    if (outcome.issue.code !== 'incomplete-tool-call') {
      call.complete = true;
      call.malformed = outcome.issue;
    }
    return { calls: [call], issues: [outcome.issue] };
  }
  call.arguments = outcome.arguments;
  call.repairs = outcome.repairs;
  call.complete = outcome.complete;
  return { calls: [call], issues: [] };
}
