/**
 * Assembly of streamed OpenAI tool calls: chat-completion chunks carry `delta.tool_calls`
 * fragments keyed by `index` (the id and name in the first, argument text spread over the rest).
 * The assembler buffers them per index and releases the calls only when the choice's
 * `finish_reason` arrives: a half-streamed call never reaches the gate, let alone a tool.
 */
import { isPlainObject } from '../validate/clone.js';
import type { OpenAIToolCall } from './openai.js';

/** The calls of one finished choice, ready for `parser.fromNative`. */
export interface AssembledToolCalls {
  tool_calls: OpenAIToolCall[];
  /** The provider's finish reason; `'length'` (also set when a call overflowed) makes every call incomplete. */
  finish_reason: string;
}

/** Options of {@link createNativeStreamAssembler}. */
export interface NativeStreamAssemblerOptions {
  /** Which choice to assemble (default 0). */
  choice?: number;
  /** Most argument text buffered per call (default 1 MiB); more marks the batch as cut off. */
  maxArgumentsSize?: number;
}

/** Buffers chunk deltas until the finish reason. */
export interface NativeStreamAssembler {
  /**
   * Takes one chunk.
   *
   * @returns The assembled calls when this chunk carried the finish reason, else `undefined`.
   */
  push(chunk: unknown): AssembledToolCalls | undefined;
  /**
   * Ends a stream that stopped without a finish reason (a dropped connection): the calls so far
   * come back with `finish_reason: 'length'`, so the gate refuses them as incomplete.
   */
  flush(): AssembledToolCalls | undefined;
}

interface Buffer {
  id: string | undefined;
  name: string;
  arguments: string;
}

/**
 * Creates an assembler for one streamed response.
 *
 * @param options - Which choice, and how much argument text to hold per call.
 * @returns The assembler.
 * @example
 * ```ts
 * const assembler = createNativeStreamAssembler();
 * assembler.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a"' } }] } }] }); // undefined
 * const batch = assembler.push({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: ': 1}' } }] }, finish_reason: 'tool_calls' }] });
 * parser.fromNative(batch!).calls[0]?.arguments; // { a: 1 }
 * ```
 */
export function createNativeStreamAssembler(
  options: NativeStreamAssemblerOptions = {},
): NativeStreamAssembler {
  const choice = options.choice ?? 0;
  const maxSize = options.maxArgumentsSize ?? 1024 * 1024;
  if (!Number.isInteger(choice) || choice < 0 || !Number.isInteger(maxSize) || maxSize <= 0) {
    throw new TypeError(
      'createNativeStreamAssembler: "choice" must be an index (0, 1, ...) and "maxArgumentsSize" a positive integer',
    );
  }
  let buffers = new Map<number, Buffer>();
  // Set when a call's arguments outgrew maxSize: its text was cut, so it must not be trusted.
  let overflowed = false;

  const release = (finishReason: string): AssembledToolCalls => {
    const ordered = [...buffers.entries()].sort(([left], [right]) => left - right);
    const toolCalls = ordered.map(([index, buffer]) => {
      const call: OpenAIToolCall = {
        index,
        type: 'function',
        function: { name: buffer.name, arguments: buffer.arguments },
      };
      if (buffer.id !== undefined) call.id = buffer.id;
      return call;
    });
    const batch = { tool_calls: toolCalls, finish_reason: overflowed ? 'length' : finishReason };
    buffers = new Map();
    overflowed = false;
    return batch;
  };

  return {
    push(chunk) {
      if (!isPlainObject(chunk)) {
        throw new TypeError(
          'NativeStreamAssembler.push: expected a parsed chat-completion chunk object (JSON.parse each SSE data line)',
        );
      }
      const choices = Array.isArray(chunk['choices']) ? chunk['choices'] : [];
      for (const entry of choices) {
        if (!isPlainObject(entry) || (entry['index'] ?? 0) !== choice) continue;
        const delta = entry['delta'];
        if (isPlainObject(delta) && Array.isArray(delta['tool_calls'])) {
          for (const fragment of delta['tool_calls']) append(fragment);
        }
        if (typeof entry['finish_reason'] === 'string') return release(entry['finish_reason']);
      }
      return undefined;
    },
    flush() {
      return buffers.size === 0 ? undefined : release('length');
    },
  };

  function append(fragment: unknown): void {
    if (!isPlainObject(fragment)) return;
    const index = typeof fragment['index'] === 'number' ? fragment['index'] : buffers.size;
    let buffer = buffers.get(index);
    if (buffer === undefined) {
      buffer = { id: undefined, name: '', arguments: '' };
      buffers.set(index, buffer);
    }
    if (typeof fragment['id'] === 'string' && buffer.id === undefined) buffer.id = fragment['id'];
    const functionPart = fragment['function'];
    if (!isPlainObject(functionPart)) return;
    if (typeof functionPart['name'] === 'string') buffer.name += functionPart['name'];
    if (typeof functionPart['arguments'] === 'string') {
      if (buffer.arguments.length + functionPart['arguments'].length > maxSize) overflowed = true;
      else buffer.arguments += functionPart['arguments'];
    }
  }
}
