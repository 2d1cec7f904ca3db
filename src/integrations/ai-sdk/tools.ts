/**
 * The request's tools as the parser's allowlist. The AI SDK sends two kinds of tool to a language
 * model: function tools, which carry their input schema, and provider tools (`type: 'provider'`,
 * such as Anthropic's bash or OpenAI's web search), which carry only an `id`, a `name` and the
 * provider's configuration `args`. Their input schema stays with the SDK, which validates a
 * call's input against it before running the tool (`parseToolCall`), so the middleware lets
 * their names through with an open object schema and leaves the input check to the SDK.
 */
import type { ToolDefinition } from '../../options.js';
import type { CallOptions, FunctionTool } from './parts.js';

/** Per-tool settings of the middleware, by tool name. */
export type ToolSettings = Record<
  string,
  Omit<ToolDefinition, 'name' | 'parameters' | 'description'>
>;

/**
 * The schema a provider tool is gated with: any JSON object. The request has no schema for it,
 * and refusing every call to it would refuse a tool the caller offered.
 */
const PROVIDER_TOOL_INPUT = { type: 'object' };

/**
 * The request's tools as tool definitions, with the caller's per-tool settings. Tools of a kind
 * the middleware does not know are left out: a call to one is refused (fail closed).
 *
 * @param tools - The request's `tools`.
 * @param settings - The caller's `toolSettings`.
 * @returns One definition per function or provider tool, in request order.
 * @example
 * ```ts
 * definitions([{ type: 'provider', id: 'anthropic.bash_20250124', name: 'bash', args: {} }], {});
 * // [{ name: 'bash', parameters: { type: 'object' } }]
 * ```
 */
export function definitions(tools: CallOptions['tools'], settings: ToolSettings): ToolDefinition[] {
  if (tools === undefined) return [];
  const list: ToolDefinition[] = [];
  for (const tool of tools) {
    let definition: ToolDefinition;
    if (tool.type === 'function') {
      const { name, description, inputSchema } = tool as unknown as FunctionTool;
      definition = { name, parameters: inputSchema };
      if (typeof description === 'string') definition.description = description;
    } else if (tool.type === 'provider') {
      definition = { name: tool.name, parameters: { ...PROVIDER_TOOL_INPUT } };
    } else {
      continue;
    }
    if (Object.hasOwn(settings, tool.name)) Object.assign(definition, settings[tool.name]);
    list.push(definition);
  }
  return list;
}

/**
 * The tools the request's `toolChoice` lets the model call: none for `'none'`, the named one for
 * `{ type: 'tool', toolName }`, all of them otherwise (`'auto'`, `'required'`, or no choice).
 * The rest are left out of the allowlist, so a call to one is refused as any unknown tool is,
 * and left out of the tool prompt, so the model is not told about them.
 *
 * @param tools - The request's tools as definitions.
 * @param toolChoice - The request's `toolChoice` (`{ type }`, as the SDK passes it to models).
 * @returns The tools that may be called.
 * @example
 * ```ts
 * allowedByChoice(tools, { type: 'tool', toolName: 'get_weather' }).map((tool) => tool.name); // ['get_weather']
 * ```
 */
export function allowedByChoice(
  tools: readonly ToolDefinition[],
  toolChoice: unknown,
): ToolDefinition[] {
  const choice = (toolChoice ?? {}) as { type?: unknown; toolName?: unknown };
  if (choice.type === 'none') return [];
  if (choice.type === 'tool') return tools.filter((tool) => tool.name === choice.toolName);
  return [...tools];
}
