/** Tools and helpers shared by the phase 2 tests. */
import type { ToolDefinition } from '../../src/index.js';

/** A read tool, a write tool with an enum, and a destructive tool. */
export const TOOLS: ToolDefinition[] = [
  {
    name: 'get_weather',
    effect: 'read',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
      required: ['city'],
    },
  },
  {
    name: 'update_ticket',
    parameters: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        priority: { enum: ['low', 'normal', 'high', 'urgent'] },
      },
      required: ['id', 'priority'],
    },
  },
  {
    name: 'delete_ticket',
    effect: 'destructive',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  },
];

/**
 * Renders one hermes call.
 *
 * @param name - The tool name.
 * @param args - The arguments (any JSON value).
 * @returns `<tool_call>{"name": ..., "arguments": ...}</tool_call>`.
 */
export function hermes(name: string, args: unknown): string {
  return `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
}
