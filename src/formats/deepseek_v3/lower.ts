/** Lowering of deepseek_v3 sections: each call's name line and fenced JSON become a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { collectItems, type LoweredItem } from '../shared/collect.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import type { DeepSeekV3Call, DeepSeekV3Item, DeepSeekV3Section } from './ast.js';

const CALLS_BEGIN = '<｜tool▁calls▁begin｜>';

/**
 * Lowers a deepseek_v3 section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped (after `<｜tool▁calls▁end｜>`, or at the output's end).
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues; nothing in it is content. A closed one is
 * final, and the text after it is dropped up to the next section (the template ends the turn).
 */
export function lowerDeepSeekV3(
  node: DeepSeekV3Section,
  end: number,
  context: FormatContext,
): Section {
  const { calls, issues } = collectItems(node.items, (item) => lowerItem(item, context));
  const section: Section = { start: node.start, end, calls, issues, open: !node.closed };
  if (node.closed) section.dropsTextUntil = CALLS_BEGIN;
  return section;
}

/** A call, or the issue that kept it from being one. */
type Lowered = Exclude<LoweredItem, undefined>;

function lowerItem(item: DeepSeekV3Item, context: FormatContext): Lowered | undefined {
  return match(item)
    .with({ type: 'deepseek-v3-call' }, (call) => lowerCall(call, context))
    .with({ type: 'deepseek-v3-stray' }, () => undefined)
    .exhaustive();
}

function lowerCall(call: DeepSeekV3Call, context: FormatContext): Lowered {
  if (call.body === null) {
    return {
      issue: {
        code: 'malformed-tool-call',
        message: 'the deepseek_v3 call has no <｜tool▁sep｜> before its name',
        offset: call.start,
      },
    };
  }
  const { name, payload, closed } = call.body;
  return readArgumentsPayload(context, {
    format: 'deepseek_v3',
    name: context.text.slice(name.start, name.end).trim(),
    span: { start: call.start, end: call.end },
    payload,
    closed,
  });
}
