/** Lowering of kimi_k2 sections: each call's id gives the name, its payload the arguments. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { collectItems, type LoweredItem } from '../shared/collect.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import type { KimiCall, KimiItem, KimiSection } from './ast.js';

/**
 * Lowers a kimi_k2 section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues; whitespace and stray text inside it are dropped.
 */
export function lowerKimi(node: KimiSection, end: number, context: FormatContext): Section {
  const { calls, issues } = collectItems(node.items, (item) => lowerItem(item, context));
  if (calls.length === 0 && issues.length === 0) {
    issues.push({
      code: 'malformed-tool-call',
      message: 'the kimi_k2 tool-call section holds no call',
      offset: node.start,
    });
  }
  return { start: node.start, end, calls, issues };
}

/** A call, or the issue that kept it from being one. */
type Lowered = Exclude<LoweredItem, undefined>;

function lowerItem(item: KimiItem, context: FormatContext): Lowered | undefined {
  return match(item)
    .with({ type: 'kimi-call' }, (call) => lowerCall(call, context))
    .with({ type: 'kimi-stray' }, () => undefined)
    .exhaustive();
}

function lowerCall(call: KimiCall, context: FormatContext): Lowered {
  const id = context.text.slice(call.id.start, call.id.end).trim();
  if (call.body === null) {
    return {
      issue: {
        code: 'malformed-tool-call',
        message: `the kimi_k2 call "${id}" has no <|tool_call_argument_begin|>`,
        offset: call.start,
      },
    };
  }
  return readArgumentsPayload(context, {
    format: 'kimi_k2',
    name: nameOf(id),
    id,
    span: { start: call.start, end: call.end },
    payload: call.body.payload,
    closed: call.body.closed,
  });
}

/**
 * The tool name in a call id: `functions.get_weather:0` → `get_weather`; the prefix and the index
 * are both optional.
 *
 * @param id - The call id, trimmed.
 * @returns The name (empty when the id holds none).
 * @example
 * ```ts
 * nameOf('functions.get_weather:0'); // 'get_weather'
 * ```
 */
export function nameOf(id: string): string {
  const withoutIndex = id.replace(/:\d+$/u, '');
  return (
    withoutIndex.startsWith('functions.') ? withoutIndex.slice('functions.'.length) : withoutIndex
  ).trim();
}
