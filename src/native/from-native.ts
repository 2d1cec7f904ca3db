/**
 * The shapes `parser.fromNative` accepts, told apart by their keys: an OpenAI chat-completion
 * response, an OpenAI assistant message, a bare `tool_calls` array, an Anthropic message or its
 * content array. A value of none of these shapes is a caller mistake (a TypeError); what the
 * model wrote inside a recognised shape never throws.
 */
import type { Limits } from '../options.js';
import { tagIssues } from '../pipeline/issue-format.js';
import type { GateCall } from '../policy/decide.js';
import type { Issue, NativeFormatId } from '../types.js';
import { isPlainObject } from '../validate/clone.js';
import { readAnthropicBlocks } from './anthropic.js';
import { readOpenAIToolCalls } from './openai.js';

/** What `fromNative` reads: calls, the message's text, and a `too-many-calls` issue if any. */
export interface NativeReading {
  calls: GateCall[];
  content: string;
  issues: Issue[];
}

/** The limits native calls are read under. */
export type NativeLimits = Pick<Limits, 'maxDepth' | 'maxCalls'>;

/**
 * Reads a provider-native value.
 *
 * @param input - An OpenAI response, message or `tool_calls` array; an Anthropic message or content array; or an assembler batch `{ tool_calls, finish_reason }`.
 * @param limits - The parser's nesting and call limits: as in `parse`, the first `maxCalls`
 * calls are read and the rest give one `too-many-calls` issue (which the gate turns into one
 * rejection).
 * @returns The calls, text and issues.
 * @throws TypeError when the value has none of these shapes.
 * @example
 * ```ts
 * readNative({ role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, DEFAULT_LIMITS).calls.length; // 1
 * ```
 */
export function readNative(input: unknown, limits: NativeLimits): NativeReading {
  if (Array.isArray(input)) {
    if (
      input.every(
        (item) =>
          isPlainObject(item) && typeof item['type'] === 'string' && item['type'] !== 'function',
      )
    ) {
      return readAnthropic(input, false, limits);
    }
    return readOpenAI(input, false, '', limits);
  }
  if (isPlainObject(input)) {
    const choices = input['choices'];
    if (
      Array.isArray(choices) &&
      isPlainObject(choices[0]) &&
      isPlainObject(choices[0]['message'])
    ) {
      return readOpenAIMessage(choices[0]['message'], choices[0]['finish_reason'], limits);
    }
    if (
      Array.isArray(input['tool_calls']) ||
      (input['role'] === 'assistant' && !Array.isArray(input['content']))
    ) {
      return readOpenAIMessage(input, input['finish_reason'], limits);
    }
    if (Array.isArray(input['content'])) {
      return readAnthropic(input['content'], input['stop_reason'] === 'max_tokens', limits);
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
  limits: NativeLimits,
): NativeReading {
  const toolCalls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
  // `length` means the provider stopped mid-generation: whatever calls there are may be cut off.
  const truncated = finishReason === 'length';
  const content = typeof message['content'] === 'string' ? message['content'] : '';
  return readOpenAI(toolCalls, truncated, content, limits);
}

function readOpenAI(
  toolCalls: readonly unknown[],
  truncated: boolean,
  content: string,
  limits: NativeLimits,
): NativeReading {
  // Calls past the limit are not read at all, as parse stops reading there.
  const read = toolCalls.length > limits.maxCalls ? toolCalls.slice(0, limits.maxCalls) : toolCalls;
  return {
    calls: readOpenAIToolCalls(read, limits.maxDepth, truncated),
    content,
    issues:
      read === toolCalls
        ? []
        : [tooManyCalls(limits.maxCalls, limits.maxCalls, 'openai_tool_calls')],
  };
}

function readAnthropic(
  blocks: readonly unknown[],
  truncated: boolean,
  limits: NativeLimits,
): NativeReading {
  const { calls, content, unread } = readAnthropicBlocks(
    blocks,
    truncated,
    limits.maxDepth,
    limits.maxCalls,
  );
  return {
    calls,
    content,
    issues:
      unread === undefined ? [] : [tooManyCalls(unread, limits.maxCalls, 'anthropic_tool_use')],
  };
}

/**
 * The issue of calls past `maxCalls`, worded as phase 1 words it, at the first unread call and
 * tagged with its format (so the gate's rejection names the provider's format, not a text one).
 */
function tooManyCalls(offset: number, maxCalls: number, format: NativeFormatId): Issue {
  const issue: Issue = {
    code: 'too-many-calls',
    message: `more than ${maxCalls} tool calls in one output; the rest were not read`,
    offset,
  };
  tagIssues([issue], format);
  return issue;
}
