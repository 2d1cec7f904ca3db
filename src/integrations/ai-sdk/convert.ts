/**
 * Parse results as AI SDK content: accepted calls become `tool-call` parts, refused calls go
 * back into the text as the model wrote them, with a warning saying why.
 */
import type { Parser } from '../../parser.js';
import type { RejectedCall, ToolCall } from '../../types.js';
import type { Part } from './parts.js';

/**
 * The `tool-call` part of an accepted call.
 *
 * @param call - An accepted call.
 * @returns `{ type: 'tool-call', toolCallId, toolName, input }`, the input as a JSON string.
 * @example
 * ```ts
 * toolCallPart(call).input; // '{"city":"Oslo"}'
 * ```
 */
export function toolCallPart(call: ToolCall): Part {
  return {
    type: 'tool-call',
    toolCallId: call.id,
    toolName: call.name,
    input: JSON.stringify(call.arguments),
  };
}

/**
 * What the middleware reports for a refused call (a warning message and provider metadata).
 *
 * @param rejection - The refused call.
 * @returns The tool name, the reason and the envelope the model can act on.
 * @example
 * ```ts
 * rejectionWarning(rejection).reason; // 'unknown-tool'
 * ```
 */
export function rejectionWarning(rejection: RejectedCall): {
  tool: string | null;
  reason: string;
  envelope: Record<string, unknown>;
} {
  return {
    tool: rejection.name ?? null,
    reason: rejection.reason,
    envelope: JSON.parse(JSON.stringify(rejection.envelope)) as Record<string, unknown>,
  };
}

/**
 * Rewrites the content of a generate result: each text part is parsed.
 *
 * @param content - The model's content parts.
 * @param parser - The parser for the request's tools.
 * @returns The new parts, whether a call was made, and the refused calls.
 * @example
 * ```ts
 * const { content, called } = convertContent(result.content, parser);
 * ```
 */
export function convertContent(
  content: readonly Part[],
  parser: Parser,
): { content: Part[]; called: boolean; rejected: RejectedCall[] } {
  const converted: Part[] = [];
  const rejected: RejectedCall[] = [];
  let called = false;
  for (const part of content) {
    if (part.type !== 'text' || typeof part['text'] !== 'string') {
      converted.push(part);
      continue;
    }
    const text = part['text'];
    const result = parser.parse(text);
    if (result.reasoning !== '') converted.push({ type: 'reasoning', text: result.reasoning });
    if (result.content !== '') converted.push({ ...part, text: result.content });
    for (const call of result.calls) converted.push(toolCallPart(call));
    for (const rejection of result.rejected) {
      converted.push({ type: 'text', text: text.slice(rejection.span.start, rejection.span.end) });
    }
    called ||= result.calls.length > 0;
    rejected.push(...result.rejected);
  }
  return { content: converted, called, rejected };
}
