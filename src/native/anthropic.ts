/**
 * Anthropic `tool_use` content blocks: `{ type: 'tool_use', id, name, input }`, where `input` is
 * already an object. Text blocks are the message's content.
 */
import type { GateCall } from '../policy/decide.js';
import { isPlainObject } from '../validate/clone.js';
import { checkObjectArguments } from './object-arguments.js';

/** One Anthropic content block, as far as the gate needs it. */
export interface AnthropicContentBlock {
  type: string;
  id?: string;
  name?: string;
  input?: unknown;
  text?: string;
}

/**
 * Reads Anthropic content blocks: `tool_use` blocks as gate calls, `text` blocks as content.
 *
 * @param blocks - The message's `content` array.
 * @param truncated - True when the message stopped at `max_tokens`: every call is then incomplete.
 * @param maxDepth - The parser's nesting limit for each `input`.
 * @param maxCalls - The parser's call limit: `tool_use` blocks past it are not read.
 * @returns The calls, the joined text, and the index of the first block past the call limit.
 * @example
 * ```ts
 * readAnthropicBlocks([{ type: 'text', text: 'Hi' }, { type: 'tool_use', id: 't1', name: 'f', input: {} }], false, 256, 128).calls[0]?.name; // 'f'
 * ```
 */
export function readAnthropicBlocks(
  blocks: readonly unknown[],
  truncated: boolean,
  maxDepth: number,
  maxCalls: number,
): { calls: GateCall[]; content: string; unread: number | undefined } {
  const calls: GateCall[] = [];
  let content = '';
  let unread: number | undefined;
  blocks.forEach((block, index) => {
    if (!isPlainObject(block)) return;
    if (block['type'] === 'text' && typeof block['text'] === 'string') content += block['text'];
    if (block['type'] !== 'tool_use') return;
    if (calls.length >= maxCalls) {
      unread ??= index;
      return;
    }
    const call: GateCall = {
      name: typeof block['name'] === 'string' ? block['name'] : '',
      arguments: {},
      format: 'anthropic_tool_use',
      span: { start: index, end: index + 1 },
      repairs: [],
      complete: !truncated,
      fallback: false,
      intent: true,
      size: 0,
    };
    if (typeof block['id'] === 'string') call.id = block['id'];
    const input = block['input'];
    if (call.name.trim() === '') {
      call.malformed = {
        code: 'malformed-tool-call',
        message: 'the tool_use block has no name',
        offset: index,
      };
    } else if (isPlainObject(input)) {
      const checked = checkObjectArguments(call.name, input, maxDepth, index);
      if (checked.ok) {
        call.arguments = checked.value;
        call.size = checked.size;
      } else {
        call.malformed = checked.issue;
      }
    } else if (input !== undefined && input !== null) {
      call.malformed = {
        code: 'malformed-tool-call',
        message: `the input of "${call.name}" is not an object`,
        offset: index,
      };
    }
    calls.push(call);
  });
  return { calls, content, unread };
}
