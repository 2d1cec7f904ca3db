/**
 * Phase 2 of the pipeline: decide which extracted calls may run. Fail closed: a call is
 * executable only when it is complete, allowlisted and schema-valid.
 */
import type { ExtractedCall } from '../pipeline/extract.js';
import type { RejectedCall, ToolCall } from '../types.js';
import type { ToolRegistry } from './tools.js';

/** The verdicts of phase 2 for one output. */
export interface Decision {
  calls: ToolCall[];
  rejected: RejectedCall[];
}

/**
 * Decides every extracted call.
 *
 * @param extracted - Phase 1's calls, in order.
 * @param registry - The parser's pinned tools, or `undefined` to only extract.
 * @param createId - Makes an id for calls whose format has none.
 * @returns Executable calls and rejections.
 */
export function decide(
  extracted: readonly ExtractedCall[],
  registry: ToolRegistry | undefined,
  createId: () => string,
): Decision {
  const calls: ToolCall[] = [];
  const rejected: RejectedCall[] = [];
  for (const call of extracted) {
    const base = { format: call.format, span: call.span, repairs: call.repairs };
    if (!call.complete) {
      rejected.push({
        ...base,
        name: call.name,
        arguments: call.arguments,
        reason: 'incomplete',
        envelope: {
          error: 'incomplete_tool_call',
          tool: call.name,
          hint: 'The tool call was cut off before it ended. Emit the whole call again.',
        },
      });
      continue;
    }
    if (registry === undefined) {
      calls.push({
        id: call.id ?? createId(),
        name: call.name,
        arguments: call.arguments,
        ...base,
        validated: false,
      });
      continue;
    }
    const tool = registry.get(call.name);
    if (tool === undefined) {
      rejected.push({
        ...base,
        name: call.name,
        arguments: call.arguments,
        reason: 'unknown-tool',
        envelope: {
          error: 'unknown_tool',
          tool: call.name,
          hint: `There is no tool named "${call.name}". Call one of the allowed tools.`,
          allowed: registry.names(),
        },
      });
      continue;
    }
    const errors = tool.validate(call.arguments);
    if (errors !== undefined) {
      rejected.push({
        ...base,
        name: call.name,
        arguments: call.arguments,
        reason: 'schema-violation',
        envelope: {
          error: 'tool_validation_failed',
          tool: call.name,
          field: errors.field,
          expected: errors.expected,
          received: errors.received,
          hint: 'Fix the arguments to match the tool schema and call it again.',
        },
      });
      continue;
    }
    calls.push({
      id: call.id ?? createId(),
      name: call.name,
      arguments: call.arguments,
      ...base,
      validated: true,
    });
  }
  return { calls, rejected };
}
