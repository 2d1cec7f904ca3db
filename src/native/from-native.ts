/**
 * The shapes `parser.fromNative` accepts, told apart by their keys: an OpenAI chat-completion
 * response, an OpenAI assistant message, a bare `tool_calls` array, an Anthropic message or its
 * content array. A value of none of these shapes is a caller mistake (a TypeError); what the
 * model wrote inside a recognised shape never throws.
 */
import type { GateCall } from '../policy/decide.js';
import { isPlainObject } from '../validate/clone.js';
import { readAnthropicBlocks } from './anthropic.js';
import { readOpenAIToolCalls } from './openai.js';

/** What `fromNative` reads: calls, the message's text and whether it was cut off. */
export interface NativeReading {
  calls: GateCall[];
  content: string;
}

/**
 * Reads a provider-native value.
 *
 * @param input - An OpenAI response, message or `tool_calls` array; an Anthropic message or content array; or an assembler batch `{ tool_calls, finish_reason }`.
 * @param maxDepth - The parser's nesting limit.
 * @returns The calls and text.
 * @throws TypeError when the value has none of these shapes.
 * @example
 * ```ts
 * readNative({ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, 256).calls.length; // 1
 * ```
 */
export function readNative(input: unknown, maxDepth: number): NativeReading {
  if (Array.isArray(input)) {
    if (
      input.every(
        (item) =>
          isPlainObject(item) && typeof item['type'] === 'string' && item['type'] !== 'function',
      )
    ) {
      return readAnthropicBlocks(input, false, maxDepth);
    }
    return { calls: readOpenAIToolCalls(input, maxDepth, false), content: '' };
  }
  if (isPlainObject(input)) {
    const choices = input['choices'];
    if (
      Array.isArray(choices) &&
      isPlainObject(choices[0]) &&
      isPlainObject(choices[0]['message'])
    ) {
      return readOpenAIMessage(choices[0]['message'], choices[0]['finish_reason'], maxDepth);
    }
    if (
      Array.isArray(input['tool_calls']) ||
      (input['role'] === 'assistant' && !Array.isArray(input['content']))
    ) {
      return readOpenAIMessage(input, input['finish_reason'], maxDepth);
    }
    if (Array.isArray(input['content'])) {
      return readAnthropicBlocks(input['content'], input['stop_reason'] === 'max_tokens', maxDepth);
    }
  }
  throw new TypeError(
    'parser.fromNative: expected an OpenAI response, message or tool_calls array, or an Anthropic message or content array; got ' +
      (Array.isArray(input) ? 'an array of something else' : typeof input),
  );
}

function readOpenAIMessage(
  message: Record<string, unknown>,
  finishReason: unknown,
  maxDepth: number,
): NativeReading {
  const toolCalls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
  // `length` means the provider stopped mid-generation: whatever calls there are may be cut off.
  const truncated = finishReason === 'length';
  return {
    calls: readOpenAIToolCalls(toolCalls, maxDepth, truncated),
    content: typeof message['content'] === 'string' ? message['content'] : '',
  };
}
