/** Lowering of deepseek_v31 sections: each call's name and JSON arguments become a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { collectItems, type LoweredItem } from '../shared/collect.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import type { DeepSeekV31Call, DeepSeekV31Item, DeepSeekV31Section } from './ast.js';

/**
 * Lowers a deepseek_v31 section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped (after the dropped tail).
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues; nothing in it is content.
 */
export function lowerDeepSeekV31(
  node: DeepSeekV31Section,
  end: number,
  context: FormatContext,
): Section {
  const { calls, issues } = collectItems(node.items, (item) => lowerItem(item, context));
  return { start: node.start, end, calls, issues };
}

/** A call, or the issue that kept it from being one. */
type Lowered = Exclude<LoweredItem, undefined>;

function lowerItem(item: DeepSeekV31Item, context: FormatContext): Lowered | undefined {
  return match(item)
    .with({ type: 'deepseek-v31-call' }, (call) => lowerCall(call, context))
    .with({ type: 'deepseek-v31-stray' }, () => undefined)
    .exhaustive();
}

function lowerCall(call: DeepSeekV31Call, context: FormatContext): Lowered {
  const name = context.text.slice(call.name.start, call.name.end).trim();
  if (call.body === null) {
    return {
      issue: {
        code: 'malformed-tool-call',
        message: `the deepseek_v31 call "${name}" has no <｜tool▁sep｜> before its arguments`,
        offset: call.start,
      },
    };
  }
  return readArgumentsPayload(context, {
    format: 'deepseek_v31',
    name,
    span: { start: call.start, end: call.end },
    payload: call.body.payload,
    closed: call.body.closed,
  });
}
