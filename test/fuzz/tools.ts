/**
 * The manifest the fuzz tests parse against: a read, a write and a destructive tool with strict
 * schemas, plus a manifest built per corpus case from its own tools or expected call names.
 */
import type { ToolDefinition } from '../../src/index.js';
import type { CorpusCase } from './corpus.js';

/** Three tools, one of each effect, with schemas a random call rarely satisfies. */
export const FUZZ_TOOLS: readonly ToolDefinition[] = [
  {
    name: 'get_weather',
    effect: 'read',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        unit: { enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
    },
  },
  {
    name: 'send_email',
    effect: 'write',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' }, body: { type: 'string' } },
      required: ['to'],
    },
  },
  {
    name: 'delete_file',
    effect: 'destructive',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', pattern: '^/tmp/' } },
      required: ['path'],
    },
  },
];

/** Names the fuzz manifest allows. */
export const FUZZ_NAMES: readonly string[] = FUZZ_TOOLS.map((tool) => tool.name);

/**
 * A manifest for one corpus case: its own tools when it lists them, else each expected call's
 * name with an open object schema (so the case's calls can pass), plus {@link FUZZ_TOOLS}.
 *
 * @param entry - A corpus case.
 * @returns Tools with unique names.
 */
export function caseTools(entry: CorpusCase): ToolDefinition[] {
  const tools = new Map<string, ToolDefinition>();
  for (const tool of FUZZ_TOOLS) tools.set(tool.name, tool);
  // Some corpus tools list bare properties as `parameters` (vLLM's shorthand); those are wrapped
  // in an object schema, as a caller would have to.
  for (const tool of entry.tools ?? []) tools.set(tool.name, asObjectSchema(tool));
  if (entry.tools === undefined) {
    for (const call of entry.expected?.calls ?? []) {
      if (!tools.has(call.name)) {
        tools.set(call.name, { name: call.name, effect: 'read', parameters: { type: 'object' } });
      }
    }
  }
  return [...tools.values()];
}

function asObjectSchema(tool: ToolDefinition): ToolDefinition {
  const parameters = tool.parameters;
  if (
    parameters === undefined ||
    typeof parameters['type'] === 'string' ||
    '$schema' in parameters
  ) {
    return tool;
  }
  return { ...tool, parameters: { type: 'object', properties: parameters } };
}
