/**
 * OpenAI `tool_calls`: `{ id, type: 'function', function: { name, arguments } }`, where
 * `arguments` is a JSON string the model wrote, so it may be malformed. It is read leniently with
 * the shared JSON grammar and every repair is recorded; a string cut off mid-value makes the call
 * incomplete, never executable.
 */
import { parseJson } from '../json/index.js';
import type { GateCall } from '../policy/decide.js';
import { isPlainObject } from '../validate/clone.js';
import { checkObjectArguments } from './object-arguments.js';

/** One OpenAI tool call, as the chat-completions API returns it. */
export interface OpenAIToolCall {
  id?: string;
  type?: string;
  index?: number;
  function?: { name?: string; arguments?: string | Record<string, unknown> };
}

/**
 * Reads OpenAI tool calls as gate calls.
 *
 * @param toolCalls - The message's `tool_calls`.
 * @param maxDepth - The parser's nesting limit for the arguments JSON.
 * @param truncated - True when the response ended for length: every call is then incomplete.
 * @returns One gate call per entry; an entry that cannot be read is marked malformed.
 * @example
 * ```ts
 * readOpenAIToolCalls([{ id: 'c1', function: { name: 'f', arguments: "{'a': 1,}" } }], 256, false)[0]?.arguments; // { a: 1 }
 * ```
 */
export function readOpenAIToolCalls(
  toolCalls: readonly unknown[],
  maxDepth: number,
  truncated: boolean,
): GateCall[] {
  return toolCalls.map((entry, index) => {
    const call: GateCall = {
      name: '',
      arguments: {},
      format: 'openai_tool_calls',
      span: { start: index, end: index + 1 },
      repairs: [],
      complete: !truncated,
      fallback: false,
      intent: true,
      size: 0,
    };
    if (!isPlainObject(entry) || !isPlainObject(entry['function'])) {
      call.malformed = {
        code: 'malformed-tool-call',
        message: 'the tool call has no "function" object',
        offset: index,
      };
      return call;
    }
    if (typeof entry['id'] === 'string') call.id = entry['id'];
    const { name, arguments: raw } = entry['function'];
    if (typeof name !== 'string' || name.trim() === '') {
      call.malformed = {
        code: 'malformed-tool-call',
        message: 'the tool call has no function name',
        offset: index,
      };
      return call;
    }
    call.name = name;
    if (isPlainObject(raw)) {
      const checked = checkObjectArguments(name, raw, maxDepth, index);
      if (checked.ok) {
        call.arguments = checked.value;
        call.size = checked.size;
      } else {
        call.malformed = checked.issue;
      }
      return call;
    }
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
      return call;
    if (typeof raw !== 'string') {
      call.malformed = {
        code: 'malformed-tool-call',
        message: `the arguments of "${name}" are neither a JSON string nor an object`,
        offset: index,
      };
      return call;
    }
    call.size = raw.length;
    const outcome = parseJson(raw, { maxDepth });
    if (!outcome.ok) {
      call.malformed = {
        ...outcome.issue,
        code: outcome.issue.code === 'too-deep' ? 'too-deep' : 'malformed-tool-call',
        message: `the arguments of "${name}" are not JSON: ${outcome.issue.message}`,
      };
      return call;
    }
    if (!isPlainObject(outcome.value)) {
      call.malformed = {
        code: 'malformed-tool-call',
        message: `the arguments of "${name}" are not a JSON object`,
        offset: index,
      };
      return call;
    }
    call.arguments = outcome.value;
    call.repairs = outcome.repairs;
    call.complete = call.complete && outcome.complete;
    return call;
  });
}
