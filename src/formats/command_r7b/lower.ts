/**
 * Lowering of command_r7b blocks: an action's JSON list becomes calls (with `tool_call_id` as the
 * call id), thinking becomes reasoning and a response becomes content.
 */
import { match } from 'ts-pattern';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { isPlainObject, readCallObject } from '../shared/call-object.js';
import { readJsonPayload } from '../shared/json-payload.js';
import type { CommandR7bAction, CommandR7bNode } from './ast.js';
import { sectionOf } from '../shared/section-of.js';

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
    .with({ type: 'command-r7b-action' }, (action) => lowerAction(action, end, context))
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

function lowerAction(action: CommandR7bAction, end: number, context: FormatContext): Section {
  const span = { start: action.start, end };
  const payload = readJsonPayload(context, action.payload.start, action.payload.end, {
    callObjects: 'calls',
  });
  if (!payload.ok) {
    const code = payload.issue.code === 'too-deep' ? 'too-deep' : 'malformed-tool-call';
    return sectionOf(span.start, span.end, { calls: [], issues: [{ ...payload.issue, code }] });
  }
  const [first] = payload.values;
  const items = payload.values.length === 1 && Array.isArray(first) ? first : payload.values;
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  for (const item of items as unknown[]) {
    const read = readCallObject(item, action.payload.start);
    if (!read.ok) {
      issues.push(read.issue);
      continue;
    }
    const call: RawCall = {
      name: read.name,
      arguments: read.arguments,
      format: 'command_r7b',
      span,
      repairs: [
        ...payload.repairs,
        ...read.repairs,
        ...(action.closed ? [] : [{ kind: 'missing-end-marker' as const, offset: end }]),
      ],
      complete: payload.complete,
    };
    const id = isPlainObject(item) ? callId(item['tool_call_id']) : undefined;
    if (id !== undefined) call.id = id;
    calls.push(call);
  }
  return sectionOf(span.start, span.end, { calls, issues });
}

/** `tool_call_id` as the template writes it (a string), or a number written by a sloppier model. */
function callId(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' ? String(value) : undefined;
}
