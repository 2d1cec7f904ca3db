/**
 * The optional tool prompt: for a model that writes tool calls as text, the tools must be
 * described in the prompt itself, with the syntax the parser will read.
 */
import type { ToolDefinition } from '../../options.js';
import type { CallOptions } from './parts.js';

/**
 * The default tool prompt: the tools as JSON, and the Hermes `<tool_call>` syntax to call them.
 *
 * @param tools - The tools of the request.
 * @returns A system prompt.
 * @example
 * ```ts
 * defaultToolPrompt([{ name: 'get_weather', parameters: { type: 'object' } }]).includes('<tool_call>'); // true
 * ```
 */
export function defaultToolPrompt(tools: readonly ToolDefinition[]): string {
  const listed = tools.map((tool) =>
    JSON.stringify({ name: tool.name, description: tool.description, parameters: tool.parameters }),
  );
  return [
    'You may call the following tools:',
    '<tools>',
    ...listed,
    '</tools>',
    'To call a tool, write one block per call, with the arguments as a JSON object that follows its parameters schema:',
    '<tool_call>',
    '{"name": "<tool name>", "arguments": {<arguments>}}',
    '</tool_call>',
    'Write nothing inside a block but the JSON object. Call only the tools listed above.',
  ].join('\n');
}

/**
 * Adds a tool prompt to a request: appended to the first system message, or as a new first one.
 *
 * @param params - The request.
 * @param prompt - The tool prompt.
 * @returns A new request; the caller's is not changed.
 * @example
 * ```ts
 * withToolPrompt(params, defaultToolPrompt(tools)).prompt[0]?.role; // 'system'
 * ```
 */
export function withToolPrompt(params: CallOptions, prompt: string): CallOptions {
  const messages = [...params.prompt];
  const index = messages.findIndex((message) => message.role === 'system');
  const existing = messages[index];
  if (existing !== undefined && typeof existing['content'] === 'string') {
    messages[index] = { ...existing, content: `${existing['content']}\n\n${prompt}` };
  } else {
    messages.unshift({ role: 'system', content: prompt });
  }
  return { ...params, prompt: messages };
}
