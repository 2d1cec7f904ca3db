/**
 * The request's tools as the parser's allowlist. The AI SDK sends two kinds of tool to a language
 * model: function tools, which carry their input schema, and provider tools (`type: 'provider'`,
 * such as Anthropic's bash or OpenAI's web search), which carry only an `id`, a `name` and the
 * provider's configuration `args`. Their input schema stays with the SDK, which validates a
 * call's input against it before running the tool (`parseToolCall`) when that schema can
 * validate (the providers' zod schemas do; a `jsonSchema()` without `validate` checks nothing).
 * So the middleware lets their names through with an open object schema, and `checkArguments`
 * is the place for any further check.
 */
import type { ToolDefinition } from '../../options.js';
import { createParser } from '../../parser.js';
import { closestNames } from '../../resolve/closest.js';
import { isPlainObject } from '../../validate/clone.js';
import type { CallOptions, FunctionTool, Part } from './parts.js';

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

/** What a tool's settings may hold; the rest of a definition comes from the request. */
const SETTING_KEYS = ['effect', 'coerce', 'sanitize'];

/**
 * Checks the caller's `toolSettings` when the middleware is created, so a misspelt key or a bad
 * value surfaces at setup rather than on the first request (or never, leaving a tool meant to
 * be `destructive` at the default `write`).
 *
 * @param settings - The caller's `toolSettings`.
 * @throws TypeError naming the entry and the problem: not an object, a key a tool's settings
 * cannot take (listing those it can), or a value `createParser` refuses.
 * @example
 * ```ts
 * checkToolSettings({ get_weather: { efect: 'read' } }); // TypeError: ... unknown key "efect" ...
 * ```
 */
export function checkToolSettings(settings: unknown): void {
  if (!isPlainObject(settings)) {
    throw new TypeError(
      `toolCallMiddleware: "toolSettings" must be an object keyed by tool name, such as { get_weather: { effect: 'read' } }`,
    );
  }
  for (const [name, entry] of Object.entries(settings)) {
    if (!isPlainObject(entry)) {
      throw new TypeError(
        `toolCallMiddleware: toolSettings[${JSON.stringify(name)}] must be an object such as { effect: 'read' }`,
      );
    }
    for (const key of Object.keys(entry)) {
      if (!SETTING_KEYS.includes(key)) {
        throw new TypeError(
          `toolCallMiddleware: toolSettings[${JSON.stringify(name)}] has an unknown key ${JSON.stringify(key)}. A tool's settings take: ${SETTING_KEYS.join(', ')} (its name, description and schema come from the request)`,
        );
      }
    }
    // The values are checked as createParser checks a tool's, on a stand-in for the tool.
    try {
      createParser({ tools: [{ ...entry, name, parameters: { type: 'object' } }] });
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      throw new TypeError(error.message.replace(/^createParser:/, 'toolCallMiddleware:'));
    }
  }
}

/**
 * Warnings for `toolSettings` entries that name no tool of a request: such settings apply to
 * nothing, which is usually a misspelt name. A warning, not an error: one middleware serves
 * requests with different tools.
 *
 * @param settings - The caller's `toolSettings`.
 * @param tools - The names of the request's tools.
 * @returns One AI SDK warning (`type: 'other'`) per such entry, naming the nearest tool.
 * @example
 * ```ts
 * unmatchedSettings({ get_wether: {} }, ['get_weather'])[0]?.message;
 * // 'tool-call-parser: toolSettings has an entry for "get_wether", which names no tool of this request (nearest: "get_weather")'
 * ```
 */
export function unmatchedSettings(settings: ToolSettings, tools: readonly string[]): Part[] {
  const warnings: Part[] = [];
  for (const name of Object.keys(settings)) {
    if (tools.includes(name)) continue;
    const [nearest] = closestNames(name, tools, 1);
    const hint = nearest === undefined ? '' : ` (nearest: ${JSON.stringify(nearest)})`;
    warnings.push({
      type: 'other',
      message: `tool-call-parser: toolSettings has an entry for ${JSON.stringify(name)}, which names no tool of this request${hint}`,
    });
  }
  return warnings;
}
