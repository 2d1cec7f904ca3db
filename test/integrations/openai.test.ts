import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/parser.js';
import { openEventStream } from '../../src/integrations/event-stream.js';
import {
  createOpenAIStreamConverter,
  toOpenAIToolCalls,
  type OpenAIDelta,
} from '../../src/integrations/openai.js';
import type { RejectedCall } from '../../src/types.js';

const TOOLS = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
];

const OUTPUT =
  'Looking both up.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n' +
  '<tool_call>\n{"name": "wipe_disk", "arguments": {}}\n</tool_call>\n' +
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Bergen"}}\n</tool_call>';

function streamDeltas(text: string, chunkSize: number, rejected: RejectedCall[] = []) {
  const parser = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' });
  const stream = openEventStream(parser);
  const converter = createOpenAIStreamConverter({
    onRejected: (rejection) => rejected.push(rejection),
  });
  const deltas: OpenAIDelta[] = [];
  for (let start = 0; start < text.length; start += chunkSize) {
    deltas.push(...converter.push(stream.push(text.slice(start, start + chunkSize))));
  }
  deltas.push(...converter.push(stream.end()));
  return { deltas, finishReason: converter.finishReason(), last: converter.finish() };
}

function toChunks(
  deltas: OpenAIDelta[],
  last: { delta: OpenAIDelta; finish_reason: 'tool_calls' | 'stop' },
): ChatCompletionChunk[] {
  const chunk = (
    delta: OpenAIDelta,
    finish: 'tool_calls' | 'stop' | null,
  ): ChatCompletionChunk => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'local',
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  return [...deltas.map((delta) => chunk(delta, null)), chunk(last.delta, last.finish_reason)];
}

/** What the openai SDK assembles from the chunks of the deltas and last chunk. */
async function assemble(
  deltas: OpenAIDelta[],
  last: { delta: OpenAIDelta; finish_reason: 'tool_calls' | 'stop' },
) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of toChunks(deltas, last)) {
        controller.enqueue(encoder.encode(`${JSON.stringify(chunk)}\n`));
      }
      controller.close();
    },
  });
  return ChatCompletionStream.fromReadableStream(body).finalChatCompletion();
}

describe('toOpenAIToolCalls', () => {
  it('should give chat.completions tool calls with the arguments as a JSON string', () => {
    const parser = createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' });
    const { calls } = parser.parse(OUTPUT);
    expect(toOpenAIToolCalls(calls)).toEqual([
      {
        id: 'call_0',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
      },
      // The refused call in between took call_1.
      {
        id: 'call_2',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Bergen"}' },
      },
    ]);
  });
});

describe('createOpenAIStreamConverter', () => {
  it('should send id and name first, then the arguments in one delta', () => {
    const { deltas } = streamDeltas(OUTPUT, 7);
    const calls = deltas.filter((delta) => delta.tool_calls !== undefined);
    expect(calls[0]).toEqual({
      tool_calls: [
        {
          index: 0,
          id: 'call_0',
          type: 'function',
          function: { name: 'get_weather', arguments: '' },
        },
      ],
    });
    expect(calls[1]).toEqual({
      tool_calls: [{ index: 0, function: { arguments: '{"city":"Oslo"}' } }],
    });
  });

  it('should send a call streamed in 200,000 deltas as one arguments delta', () => {
    // One-unit deltas of one argument: each used to become a chunk of its own, all sent at once
    // when the call was accepted (and, before that, more than a spread into `push` takes).
    const content = 'x'.repeat(200_000);
    const text = `<tool_call>{"name": "get_weather", "arguments": {"city": "${content}"}}</tool_call>`;
    // A model that never thinks: under the default forced-open reasoning all of it is held.
    const parser = createParser({
      formats: ['hermes'],
      tools: TOOLS,
      reasoning: { startsInside: false },
    });
    const stream = parser.stream();
    const converter = createOpenAIStreamConverter();
    const deltas: OpenAIDelta[] = [];
    for (const unit of text)
      for (const delta of converter.push(stream.push(unit))) deltas.push(delta);
    for (const delta of converter.push(stream.end())) deltas.push(delta);
    const parts = deltas.flatMap((delta) => delta.tool_calls ?? []);
    expect(parts.map((call) => call.function?.arguments)).toEqual([
      '',
      JSON.stringify({ city: content }),
    ]);
  });

  it('should open with the assistant role and carry the text as content', () => {
    const { deltas } = streamDeltas(OUTPUT, 5);
    expect(deltas[0]?.role).toBe('assistant');
    const content = deltas.map((delta) => delta.content ?? '').join('');
    expect(content).toContain('Looking both up.');
  });

  it('should hold back a refused call and keep the indexes dense', () => {
    const rejected: RejectedCall[] = [];
    const { deltas, finishReason } = streamDeltas(OUTPUT, 3, rejected);
    const indexes = new Set(
      deltas.flatMap((delta) => (delta.tool_calls ?? []).map((call) => call.index)),
    );
    expect([...indexes]).toEqual([0, 1]);
    expect(JSON.stringify(deltas)).not.toContain('wipe_disk');
    expect(rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['wipe_disk', 'unknown-tool'],
    ]);
    expect(finishReason).toBe('tool_calls');
  });

  it('should finish with "stop" when no call was accepted', () => {
    const { deltas, finishReason } = streamDeltas('Nothing to call today.', 4);
    expect(finishReason).toBe('stop');
    expect(deltas.map((delta) => delta.content).join('')).toBe('Nothing to call today.');
  });

  it('should be assembled by the openai SDK into the same tool calls as the batch parse', async () => {
    const { deltas, last } = streamDeltas(OUTPUT, 1);
    const completion = await assemble(deltas, last);
    const message = completion.choices[0]?.message;
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(message?.tool_calls).toEqual(
      toOpenAIToolCalls(
        createParser({ formats: ['hermes'], tools: TOOLS, ids: 'sequential' }).parse(OUTPUT).calls,
      ),
    );
  });

  it('should name the assistant role in the last chunk when nothing else was sent', async () => {
    // Every call refused, or no text at all: the SDK refused a stream that never named the role.
    for (const text of ['<tool_call>{"name": "wipe_disk", "arguments": {}}</tool_call>', '']) {
      const { deltas, last } = streamDeltas(text, 4);
      expect(deltas).toEqual([]);
      expect(last).toEqual({ delta: { role: 'assistant' }, finish_reason: 'stop' });
      const completion = await assemble(deltas, last);
      expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: null });
    }
    // Once a delta named it, the last chunk's delta is empty.
    expect(streamDeltas(OUTPUT, 7).last).toEqual({ delta: {}, finish_reason: 'tool_calls' });
  });
});
