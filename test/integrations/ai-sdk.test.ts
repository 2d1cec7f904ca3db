import { describe, expect, it } from 'vitest';
import { toolCallMiddleware } from '../../src/integrations/ai-sdk.js';
import type { RejectedCall } from '../../src/types.js';

/** The part of the AI SDK these tests use; ai 6 and ai 7 both provide it. */
interface Sdk {
  wrapLanguageModel(options: { model: unknown; middleware: unknown }): unknown;
  generateText(options: Record<string, unknown>): Promise<{
    text: string;
    finishReason: string;
    toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
    toolResults: { toolName: string; output: unknown }[];
    warnings?: { type: string; message?: string }[];
    providerMetadata?: Record<string, unknown>;
  }>;
  streamText(options: Record<string, unknown>): {
    fullStream: AsyncIterable<{ type: string } & Record<string, unknown>>;
    text: PromiseLike<string>;
    toolCalls: PromiseLike<{ toolName: string; input: unknown }[]>;
    finishReason: PromiseLike<string>;
    warnings: PromiseLike<{ type: string; message?: string }[] | undefined>;
    toUIMessageStream(): AsyncIterable<{ type: string } & Record<string, unknown>>;
  };
  tool(definition: Record<string, unknown>): unknown;
  jsonSchema(
    schema: Record<string, unknown>,
    options?: { validate(value: unknown): { success: boolean; value?: unknown; error?: Error } },
  ): unknown;
}

type Mock = new (options: Record<string, unknown>) => {
  doGenerateCalls: { prompt: { role: string; content: unknown }[]; tools?: unknown }[];
  doStreamCalls: { prompt: { role: string; content: unknown }[]; tools?: unknown }[];
};

// The middleware's warnings are asserted on; the SDK need not also print them.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

const SDKS = [
  {
    name: 'ai 6 (LanguageModelV3)',
    // ai 7 needs Node 22; ai 6 runs everywhere the library does.
    skip: false,
    load: async () => ({
      sdk: (await import('ai6')) as unknown as Sdk,
      Mock: (await import('ai6/test')).MockLanguageModelV3 as unknown as Mock,
    }),
  },
  {
    name: 'ai 7 (LanguageModelV4)',
    skip: NODE_MAJOR < 22,
    load: async () => ({
      sdk: (await import('ai')) as unknown as Sdk,
      Mock: (await import('ai/test')).MockLanguageModelV4 as unknown as Mock,
    }),
  },
];

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 20, text: 20, reasoning: 0 },
};

const OUTPUT =
  'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ghent"}}\n</tool_call>';
const REFUSED =
  '<tool_call>\n{"name": "format_disk", "arguments": {"device": "sda"}}\n</tool_call>';

function generateResult(text: string) {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'eos' },
    usage: USAGE,
    warnings: [],
  };
}

function streamResult(text: string, size: number) {
  const parts: Record<string, unknown>[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
  ];
  for (let start = 0; start < text.length; start += size) {
    parts.push({ type: 'text-delta', id: 't', delta: text.slice(start, start + size) });
  }
  parts.push({ type: 'text-end', id: 't' });
  parts.push({ type: 'finish', finishReason: { unified: 'stop', raw: 'eos' }, usage: USAGE });
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

function weatherTools(sdk: Sdk, calls: unknown[] = []) {
  return {
    get_weather: sdk.tool({
      description: 'Current weather for a city.',
      inputSchema: sdk.jsonSchema({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      }),
      execute: async (input: unknown) => {
        calls.push(input);
        return { temperature: 14 };
      },
    }),
  };
}

/**
 * The same output through the middleware in generate and in stream (in `chunk`-unit deltas):
 * the generate result and the streamed text, once the stream is read.
 */
async function generateAndStream(
  { sdk, Mock }: { sdk: Sdk; Mock: Mock },
  text: string,
  chunk: number,
  prompt: string,
) {
  const middleware = toolCallMiddleware({ formats: ['hermes'] });
  const generated = await sdk.generateText({
    model: sdk.wrapLanguageModel({
      model: new Mock({ doGenerate: async () => generateResult(text) }),
      middleware,
    }),
    prompt,
    tools: weatherTools(sdk),
  });
  const streamed = sdk.streamText({
    model: sdk.wrapLanguageModel({
      model: new Mock({ doStream: async () => streamResult(text, chunk) }),
      middleware,
    }),
    prompt,
    tools: weatherTools(sdk),
  });
  for await (const _part of streamed.fullStream) void _part;
  return { generated, streamedText: await streamed.text };
}

for (const { name, skip, load } of SDKS) {
  describe.skipIf(skip)(`toolCallMiddleware with ${name}`, () => {
    it('should turn a call written as text into a tool call that generateText executes', async () => {
      const { sdk, Mock } = await load();
      const executed: unknown[] = [];
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doGenerate: async () => generateResult(OUTPUT) }),
        middleware: toolCallMiddleware({ formats: ['hermes'] }),
      });
      const result = await sdk.generateText({
        model,
        prompt: 'Weather in Ghent?',
        tools: weatherTools(sdk, executed),
      });
      expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
        ['get_weather', { city: 'Ghent' }],
      ]);
      expect(executed).toEqual([{ city: 'Ghent' }]);
      expect(result.toolResults[0]?.output).toEqual({ temperature: 14 });
      expect(result.finishReason).toBe('tool-calls');
      expect(result.text.trim()).toBe('Let me check.');
    });

    it('should leave a refused call as text, warn, and never execute it', async () => {
      const { sdk, Mock } = await load();
      const rejected: RejectedCall[] = [];
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doGenerate: async () => generateResult(REFUSED) }),
        middleware: toolCallMiddleware({
          formats: ['hermes'],
          onRejected: (rejection) => rejected.push(rejection),
        }),
      });
      const result = await sdk.generateText({
        model,
        prompt: 'Clean up.',
        tools: weatherTools(sdk),
      });
      expect(result.toolCalls).toEqual([]);
      expect(result.text).toBe(REFUSED);
      expect(result.finishReason).toBe('stop');
      expect(result.warnings?.map((warning) => warning.message)).toEqual([
        expect.stringMatching(/^tool-call-parser refused a call to "format_disk": unknown-tool\. /),
      ]);
      expect(rejected.map((rejection) => rejection.reason)).toEqual(['unknown-tool']);
    });

    it('should ignore an async onRejected that rejects, as it ignores one that throws', async () => {
      const { sdk, Mock } = await load();
      const seen: unknown[] = [];
      const listener = (reason: unknown): void => {
        seen.push(reason);
      };
      process.on('unhandledRejection', listener);
      try {
        const model = sdk.wrapLanguageModel({
          model: new Mock({ doGenerate: async () => generateResult(REFUSED) }),
          middleware: toolCallMiddleware({
            formats: ['hermes'],
            onRejected: async () => {
              throw new Error('audit log down');
            },
          }),
        });
        const result = await sdk.generateText({
          model,
          prompt: 'Clean up.',
          tools: weatherTools(sdk),
        });
        expect(result.toolCalls).toEqual([]);
        // Node reports an unhandled rejection once the microtasks after it have run.
        await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        process.off('unhandledRejection', listener);
      }
      expect(seen).toEqual([]);
    });

    it('should refuse arguments that break the tool schema', async () => {
      const { sdk, Mock } = await load();
      const text = '<tool_call>{"name": "get_weather", "arguments": {"town": "Ghent"}}</tool_call>';
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doGenerate: async () => generateResult(text) }),
        middleware: toolCallMiddleware({ formats: ['hermes'] }),
      });
      const result = await sdk.generateText({
        model,
        prompt: 'Weather?',
        tools: weatherTools(sdk),
      });
      expect(result.toolCalls).toEqual([]);
      expect(result.providerMetadata?.['toolCallParser']).toMatchObject({
        rejected: [{ tool: 'get_weather', reason: 'schema-violation' }],
      });
    });

    it('should stream text and tool-call parts that streamText executes', async () => {
      const { sdk, Mock } = await load();
      const executed: unknown[] = [];
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doStream: async () => streamResult(OUTPUT, 3) }),
        middleware: toolCallMiddleware({ formats: ['hermes'] }),
      });
      const result = sdk.streamText({
        model,
        prompt: 'Weather in Ghent?',
        tools: weatherTools(sdk, executed),
      });
      const types: string[] = [];
      for await (const part of result.fullStream) types.push(part.type);
      expect((await result.toolCalls).map((call) => [call.toolName, call.input])).toEqual([
        ['get_weather', { city: 'Ghent' }],
      ]);
      expect(executed).toEqual([{ city: 'Ghent' }]);
      expect((await result.text).trim()).toBe('Let me check.');
      expect(await result.finishReason).toBe('tool-calls');
      expect(types).toContain('tool-call');
      expect(types).toContain('tool-result');
    });

    it('should send a call streamed one unit at a time as one input delta', async () => {
      const { sdk, Mock } = await load();
      // Each one-unit argument delta used to become a part of its own, all enqueued at once when
      // the call was accepted: Node 20's stream queue made reading them quadratic.
      const city = 'G'.repeat(20_000);
      const text = `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doStream: async () => streamResult(text, 1) }),
        middleware: toolCallMiddleware({ formats: ['hermes'], reasoning: { startsInside: false } }),
      });
      const result = sdk.streamText({ model, prompt: 'Weather?', tools: weatherTools(sdk) });
      const inputs: unknown[] = [];
      for await (const part of result.fullStream) {
        if (part.type === 'tool-input-delta') inputs.push(part['delta']);
      }
      expect(inputs).toEqual([JSON.stringify({ city })]);
      expect((await result.toolCalls).map((call) => call.input)).toEqual([{ city }]);
    });

    it('should stream a refused call back as text', async () => {
      const { sdk, Mock } = await load();
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doStream: async () => streamResult(`Sure.\n${REFUSED}`, 4) }),
        middleware: toolCallMiddleware({ formats: ['hermes'] }),
      });
      const result = sdk.streamText({ model, prompt: 'Clean up.', tools: weatherTools(sdk) });
      for await (const _part of result.fullStream) void _part;
      expect(await result.toolCalls).toEqual([]);
      expect(await result.text).toContain('"format_disk"');
      expect(await result.finishReason).toBe('stop');
    });

    it('should give back every refused call of a long stream as the model wrote it', async () => {
      const { sdk, Mock } = await load();
      // Refused calls between text, one unit at a time: the text they go back into is kept in
      // blocks, and a call's span may start in one block and end in a later one.
      const text = Array.from(
        { length: 300 },
        (_, index) =>
          `Step ${index}. <tool_call>{"name": "wipe_${index}", "arguments": {"n": ${index}}}</tool_call>\n`,
      ).join('');
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doStream: async () => streamResult(text, 1) }),
        middleware: toolCallMiddleware({
          formats: ['hermes'],
          reasoning: { startsInside: false },
          limits: { maxCalls: 1000 },
        }),
      });
      const result = sdk.streamText({ model, prompt: 'Clean up.', tools: weatherTools(sdk) });
      for await (const _part of result.fullStream) void _part;
      expect(await result.toolCalls).toEqual([]);
      expect(await result.text).toBe(text);
      expect(await result.warnings).toHaveLength(300);
    });

    it('should show a streamed call only once accepted, and warn about a refused one', async () => {
      const { sdk, Mock } = await load();
      const refused = '<tool_call>{"name": "rm_rf", "arguments": {"path": "/"}}</tool_call>';
      const text = `Sure. ${refused} ${OUTPUT}`;
      const nativeParts = [
        { type: 'tool-input-start', id: 'n1', toolName: 'format_disk' },
        { type: 'tool-input-delta', id: 'n1', delta: '{"device":"sda"}' },
        { type: 'tool-input-end', id: 'n1' },
        { type: 'tool-call', toolCallId: 'n1', toolName: 'format_disk', input: '{"device":"sda"}' },
      ];
      const { stream } = streamResult(text, 4);
      const parts = stream.pipeThrough(
        new TransformStream({
          transform(part: { type: string }, controller) {
            // The provider also calls a tool natively, one the request does not offer.
            if (part.type === 'finish')
              for (const native of nativeParts) controller.enqueue(native);
            controller.enqueue(part);
          },
        }),
      );
      const result = sdk.streamText({
        model: sdk.wrapLanguageModel({
          model: new Mock({ doStream: async () => ({ stream: parts }) }),
          // Text streams at once, so each call is decided as soon as it ends.
          middleware: toolCallMiddleware({
            formats: ['hermes'],
            reasoning: { startsInside: false },
          }),
        }),
        prompt: 'Clean up, then the weather in Ghent.',
        tools: weatherTools(sdk),
      });
      const chunks: ({ type: string } & Record<string, unknown>)[] = [];
      for await (const chunk of result.toUIMessageStream()) chunks.push(chunk);
      const toolChunks = chunks
        .filter((chunk) => chunk.type.startsWith('tool-'))
        .map((chunk) => [chunk.type, chunk['toolName'] ?? '']);
      // Neither refused call shows up as a tool input; the accepted one opens and completes.
      expect(toolChunks.filter(([type]) => type !== 'tool-input-delta')).toEqual([
        ['tool-input-start', 'get_weather'],
        ['tool-input-available', 'get_weather'],
        ['tool-output-available', ''],
      ]);
      expect((await result.text).startsWith(`Sure. ${refused} `)).toBe(true);
      expect((await result.warnings)?.map((warning) => warning.message)).toEqual([
        expect.stringMatching(/^tool-call-parser refused a call to "rm_rf": unknown-tool\. /),
        expect.stringMatching(/^tool-call-parser refused a call to "format_disk": unknown-tool\. /),
      ]);
    });

    it('should keep a refused call where the model wrote it, in generate as in stream', async () => {
      const refused = '<tool_call>{"name": "rm_rf", "arguments": {"path": "/"}}</tool_call>';
      const accepted =
        '<tool_call>{"name": "get_weather", "arguments": {"city": "Ghent"}}</tool_call>';
      const { generated, streamedText } = await generateAndStream(
        await load(),
        `Sure. ${refused} ${accepted}`,
        7,
        'Clean up, then the weather in Ghent.',
      );
      expect(generated.text).toBe(`Sure. ${refused} `);
      expect(streamedText).toBe(generated.text);
      expect(generated.toolCalls.map((call) => call.toolName)).toEqual(['get_weather']);
    });

    it('should give back a section once when each of its calls is refused', async () => {
      // Both calls of one hermes section carry the section's span.
      const section =
        '<tool_call>\n{"name": "rm_rf", "arguments": {}}\n{"name": "wipe", "arguments": {}}\n</tool_call>';
      const text = `Sure. ${section} Done.`;
      const { generated, streamedText } = await generateAndStream(
        await load(),
        text,
        5,
        'Clean up.',
      );
      expect(generated.text).toBe(text);
      expect(streamedText).toBe(text);
      expect(generated.warnings).toHaveLength(2);
    });

    it('should describe the tools in the system prompt and keep native tools away from the model', async () => {
      const { sdk, Mock } = await load();
      const mock = new Mock({ doGenerate: async () => generateResult(OUTPUT) });
      const model = sdk.wrapLanguageModel({
        model: mock,
        middleware: toolCallMiddleware({ formats: ['hermes'], toolPrompt: true }),
      });
      const result = await sdk.generateText({
        model,
        system: 'You are terse.',
        prompt: 'Weather in Ghent?',
        tools: weatherTools(sdk),
      });
      const call = mock.doGenerateCalls[0];
      expect(call?.prompt[0]?.role).toBe('system');
      expect(String(call?.prompt[0]?.content)).toMatch(
        /^You are terse\.\n\nYou may call the following tools:\n<tools>\n\{"name":"get_weather"/,
      );
      expect(call?.tools).toBeUndefined();
      expect(result.toolCalls.map((toolCall) => toolCall.toolName)).toEqual(['get_weather']);
    });

    it('should gate tool calls the provider made natively, with the same policy as text calls', async () => {
      const { sdk, Mock } = await load();
      const executed: unknown[] = [];
      const rejected: RejectedCall[] = [];
      const native = (city: string) => ({
        type: 'tool-call',
        toolCallId: `call-${city}`,
        toolName: 'get_weather',
        input: JSON.stringify({ city }),
      });
      const middleware = toolCallMiddleware({
        policy: { checkArguments: (call) => call.arguments['city'] !== 'Atlantis' },
        onRejected: (rejection) => rejected.push(rejection),
      });
      const generated = (cities: string[]) =>
        sdk.generateText({
          model: sdk.wrapLanguageModel({
            model: new Mock({
              doGenerate: async () => ({
                content: cities.map(native),
                finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
                usage: USAGE,
                warnings: [],
              }),
            }),
            middleware,
          }),
          prompt: 'Weather?',
          tools: weatherTools(sdk, executed),
        });
      const refused = await generated(['Atlantis']);
      expect(executed).toEqual([]);
      expect(refused.toolCalls).toEqual([]);
      // No call remains, so the SDK is not told to wait for tool results.
      expect(refused.finishReason).toBe('stop');
      expect(refused.providerMetadata?.['toolCallParser']).toMatchObject({
        rejected: [{ tool: 'get_weather', reason: 'check-failed' }],
      });
      expect(rejected.map((rejection) => rejection.format)).toEqual(['openai_tool_calls']);

      const mixed = await generated(['Ghent', 'Atlantis']);
      expect(mixed.toolCalls.map((call) => [call.toolCallId, call.input])).toEqual([
        ['call-Ghent', { city: 'Ghent' }],
      ]);
      expect(executed).toEqual([{ city: 'Ghent' }]);

      const streamed = (city: string) => {
        const id = `call-${city}`;
        const input = JSON.stringify({ city });
        const parts = [
          { type: 'stream-start', warnings: [] },
          { type: 'tool-input-start', id, toolName: 'get_weather' },
          { type: 'tool-input-delta', id, delta: input },
          { type: 'tool-input-end', id },
          native(city),
          {
            type: 'finish',
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage: USAGE,
          },
        ];
        return sdk.streamText({
          model: sdk.wrapLanguageModel({
            model: new Mock({
              doStream: async () => ({
                stream: new ReadableStream({
                  start(controller) {
                    for (const part of parts) controller.enqueue(part);
                    controller.close();
                  },
                }),
              }),
            }),
            middleware,
          }),
          prompt: 'Weather?',
          tools: weatherTools(sdk, executed),
        });
      };
      const refusedStream = streamed('Atlantis');
      for await (const _part of refusedStream.fullStream) void _part;
      expect(await refusedStream.toolCalls).toEqual([]);
      expect(await refusedStream.finishReason).toBe('stop');
      const acceptedStream = streamed('Oslo');
      for await (const _part of acceptedStream.fullStream) void _part;
      expect((await acceptedStream.toolCalls).map((call) => call.input)).toEqual([
        { city: 'Oslo' },
      ]);
      expect(executed).toEqual([{ city: 'Ghent' }, { city: 'Oslo' }]);
      expect(rejected).toHaveLength(3);
    });

    it('should allow a client-executed provider tool, whose request entry carries no input schema', async () => {
      const { sdk, Mock } = await load();
      const executed: unknown[] = [];
      // What createProviderDefinedToolFactory (ai 7) or createProviderToolFactory (ai 6) builds
      // for Anthropic's bash tool: the SDK keeps the input schema (a validating one, as the
      // provider's zod schema is); the request gets only id, name and args.
      const bash = sdk.tool({
        type: 'provider',
        id: 'anthropic.bash_20250124',
        args: {},
        inputSchema: sdk.jsonSchema(
          { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
          {
            validate: (value) =>
              typeof (value as { command?: unknown }).command === 'string'
                ? { success: true, value }
                : { success: false, error: new Error('command must be a string') },
          },
        ),
        execute: async (input: unknown) => {
          executed.push(input);
          return 'ok';
        },
      });
      const generated = async (input: string) => {
        const mock = new Mock({
          doGenerate: async () => ({
            content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'bash', input }],
            finishReason: { unified: 'tool-calls', raw: 'tool_use' },
            usage: USAGE,
            warnings: [],
          }),
        });
        const result = await sdk.generateText({
          model: sdk.wrapLanguageModel({ model: mock, middleware: toolCallMiddleware() }),
          prompt: 'List the files.',
          tools: { ...weatherTools(sdk), bash },
        });
        expect(mock.doGenerateCalls[0]?.tools).toContainEqual(
          expect.objectContaining({ type: 'provider', name: 'bash' }),
        );
        return result;
      };
      const result = await generated('{"command":"ls"}');
      expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
        ['bash', { command: 'ls' }],
      ]);
      expect(executed).toEqual([{ command: 'ls' }]);
      expect(result.warnings).toEqual([]);
      // The input schema is the SDK's to check: input that breaks it is never run.
      await generated('{"cmd":"ls"}');
      expect(executed).toEqual([{ command: 'ls' }]);
    });

    it('should refuse calls the tool choice forbids and describe only the tools it allows', async () => {
      const { sdk, Mock } = await load();
      const timeCall = '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>';
      const run = async (toolChoice: unknown, text: string) => {
        const executed: unknown[] = [];
        const rejected: RejectedCall[] = [];
        const mock = new Mock({ doGenerate: async () => generateResult(text) });
        const middleware = toolCallMiddleware({
          formats: ['hermes'],
          toolPrompt: true,
          onRejected: (rejection) => rejected.push(rejection),
        });
        const generated = sdk.generateText({
          model: sdk.wrapLanguageModel({ model: mock, middleware }),
          prompt: 'Weather in Ghent?',
          toolChoice,
          tools: {
            ...weatherTools(sdk, executed),
            get_time: sdk.tool({
              inputSchema: sdk.jsonSchema({ type: 'object', properties: {} }),
              execute: async () => {
                executed.push('time');
                return '12:00';
              },
            }),
          },
        });
        // The SDK refuses a response without the call a 'tool' or 'required' choice asks for.
        const result = await generated.catch((error: unknown) => ({ error }));
        const system = mock.doGenerateCalls[0]?.prompt.find((message) => message.role === 'system');
        return { result, executed, rejected, system: String(system?.content ?? '') };
      };

      const none = await run('none', OUTPUT);
      if ('error' in none.result) throw none.result.error;
      expect(none.result.toolCalls).toEqual([]);
      expect(none.executed).toEqual([]);
      expect(none.result.text).toBe(OUTPUT);
      expect(none.result.warnings?.map((warning) => warning.message)).toEqual([
        expect.stringMatching(/^tool-call-parser refused a call to "get_weather": unknown-tool\. /),
      ]);
      expect(none.system).toBe('');

      const forced = await run({ type: 'tool', toolName: 'get_weather' }, timeCall);
      expect(forced.result).toMatchObject({
        error: expect.objectContaining({ name: 'AI_ToolChoiceViolationError' }),
      });
      expect(forced.executed).toEqual([]);
      expect(forced.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
        ['get_time', 'unknown-tool'],
      ]);
      expect(forced.system).toContain('"name":"get_weather"');
      expect(forced.system).not.toContain('get_time');

      const chosen = await run({ type: 'tool', toolName: 'get_weather' }, OUTPUT);
      expect(chosen.executed).toEqual([{ city: 'Ghent' }]);
      for (const toolChoice of ['auto', 'required']) {
        const free = await run(toolChoice, timeCall);
        expect(free.executed).toEqual(['time']);
        expect(free.system).toContain('"name":"get_time"');
      }
    });

    it('should warn when toolSettings names no tool of the request, with the nearest name', async () => {
      const { sdk, Mock } = await load();
      const middleware = toolCallMiddleware({
        formats: ['hermes'],
        toolSettings: { get_wether: { effect: 'destructive' }, get_weather: { effect: 'read' } },
      });
      const expected = [
        'tool-call-parser: toolSettings has an entry for "get_wether", which names no tool of this request (nearest: "get_weather")',
      ];
      const generated = await sdk.generateText({
        model: sdk.wrapLanguageModel({
          model: new Mock({ doGenerate: async () => generateResult(OUTPUT) }),
          middleware,
        }),
        prompt: 'Weather in Ghent?',
        tools: weatherTools(sdk),
      });
      expect(generated.warnings?.map((warning) => warning.message)).toEqual(expected);
      const streamed = sdk.streamText({
        model: sdk.wrapLanguageModel({
          model: new Mock({ doStream: async () => streamResult(OUTPUT, 5) }),
          middleware,
        }),
        prompt: 'Weather in Ghent?',
        tools: weatherTools(sdk),
      });
      for await (const _part of streamed.fullStream) void _part;
      expect((await streamed.warnings)?.map((warning) => warning.message)).toEqual(expected);
    });

    it('should pass text through untouched when the request offers no tools', async () => {
      const { sdk, Mock } = await load();
      const model = sdk.wrapLanguageModel({
        model: new Mock({ doGenerate: async () => generateResult(OUTPUT) }),
        middleware: toolCallMiddleware(),
      });
      const result = await sdk.generateText({ model, prompt: 'Hi' });
      expect(result.text).toBe(OUTPUT);
    });
  });
}

describe('toolCallMiddleware options', () => {
  it('should refuse an unknown format when it is created, not per request', () => {
    expect(() => toolCallMiddleware({ formats: ['hermes2' as 'hermes'] })).toThrow(TypeError);
  });

  it('should refuse toolSettings a tool cannot take when it is created, naming the key', () => {
    const settings = (entry: unknown) =>
      toolCallMiddleware({ toolSettings: { get_weather: entry } as never });
    expect(() => settings({ efect: 'read' })).toThrow(
      new TypeError(
        'toolCallMiddleware: toolSettings["get_weather"] has an unknown key "efect". A tool\'s settings take: effect, coerce, sanitize (its name, description and schema come from the request)',
      ),
    );
    expect(() => settings({ parameters: {} })).toThrow(/unknown key "parameters"/);
    expect(() => settings({ effect: 'delete' })).toThrow(
      /^toolCallMiddleware: tool "get_weather" has effect "delete"; use 'read', 'write' or 'destructive'$/,
    );
    expect(() => settings('read')).toThrow(
      /^toolCallMiddleware: toolSettings\["get_weather"\] must be an object such as \{ effect: 'read' \}$/,
    );
    expect(() => toolCallMiddleware({ toolSettings: [] as never })).toThrow(TypeError);
    expect(() => settings({ effect: 'read', coerce: true })).not.toThrow();
  });
});
