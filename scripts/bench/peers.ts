/**
 * The peers the bench compares against, behind one small interface each: jsonrepair,
 * partial-json, and @ai-sdk-tool/parser's hermes protocol (dev dependencies only).
 */
import { hermesProtocol } from '@ai-sdk-tool/parser';
import { jsonrepair } from 'jsonrepair';
import { parse as parsePartialJson } from 'partial-json';

/** A tool as the benchmark inputs declare it. */
export interface BenchTool {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
}

/** `jsonrepair` then `JSON.parse`, the usual "repair then parse" pipeline. */
export function repairThenParse(payload: string): unknown {
  return JSON.parse(jsonrepair(payload)) as unknown;
}

/** partial-json's `parse` (it also closes what a cut-off payload left open). */
export function partialJson(payload: string): unknown {
  return parsePartialJson(payload) as unknown;
}

/**
 * @ai-sdk-tool/parser's hermes protocol, as its middleware runs it on a generated text.
 *
 * @param tools - The tools the inputs call.
 * @returns `parse(text)`: the content parts (text and tool calls) the protocol produces.
 */
export function createAiSdkHermes(
  tools: readonly BenchTool[],
): (text: string) => { type: string }[] {
  const protocol = hermesProtocol();
  const declared = tools.map((tool) => ({
    type: 'function' as const,
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: (tool.parameters ?? { type: 'object' }) as never,
  }));
  return (text) => protocol.parseGeneratedText({ text, tools: declared }) as { type: string }[];
}

/**
 * @ai-sdk-tool/parser's hermes stream parser over a text cut in chunks.
 *
 * @param tools - The tools the inputs call.
 * @returns `stream(chunks)`: resolves with the number of tool calls the stream produced.
 */
export function createAiSdkHermesStream(
  tools: readonly BenchTool[],
): (chunks: readonly string[]) => Promise<number> {
  const protocol = hermesProtocol();
  const declared = tools.map((tool) => ({
    type: 'function' as const,
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: (tool.parameters ?? { type: 'object' }) as never,
  }));
  return async (chunks) => {
    const source = new ReadableStream({
      start(controller) {
        controller.enqueue({ type: 'text-start', id: 't' });
        for (const delta of chunks) controller.enqueue({ type: 'text-delta', id: 't', delta });
        controller.enqueue({ type: 'text-end', id: 't' });
        controller.enqueue({
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 0, text: 0, reasoning: 0 },
          },
        });
        controller.close();
      },
    });
    const reader = source
      .pipeThrough(protocol.createStreamParser({ tools: declared }) as never)
      .getReader();
    let calls = 0;
    for (;;) {
      const { done, value } = (await reader.read()) as { done: boolean; value?: { type: string } };
      if (done) break;
      if (value?.type === 'tool-call') calls += 1;
    }
    return calls;
  };
}
