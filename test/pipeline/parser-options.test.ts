import { describe, expect, it } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import { toolCallMiddleware } from '../../src/integrations/ai-sdk.js';

describe('createParser options', () => {
  it('should refuse a misspelt option rather than fall back to its default in silence', () => {
    // `formts` ignored would have meant auto mode: every syntax, where one was asked for.
    expect(() => createParser({ formts: ['hermes'] } as never)).toThrow(
      new TypeError(
        'createParser: unknown option "formts" (did you mean "formats"?). Known options: formats, tools, limits, policy, onTelemetry, ids, reasoning',
      ),
    );
    expect(() => createParser({ onTelemtry: () => undefined } as never)).toThrow(
      /unknown option "onTelemtry" \(did you mean "onTelemetry"\?\)/,
    );
  });

  it('should not guess a name for a key unlike any option', () => {
    expect(() => createParser({ temperature: 0 } as never)).toThrow(
      /^createParser: unknown option "temperature"\. Known options: /,
    );
  });

  it('should take every documented option, and the middleware its own on top', () => {
    const options = {
      formats: ['hermes'],
      tools: [{ name: 'f', effect: 'read', parameters: { type: 'object' } }],
      limits: { maxCalls: 4 },
      policy: { nameMatching: 'exact' },
      onTelemetry: () => undefined,
      ids: 'sequential',
      reasoning: { startsInside: false },
    } as const;
    expect(createParser(options).parse('<tool_call>{"name": "f"}</tool_call>').calls).toHaveLength(
      1,
    );
    expect(() =>
      toolCallMiddleware({
        ...options,
        toolPrompt: true,
        stripNativeTools: false,
        onRejected: () => undefined,
      }),
    ).not.toThrow();
    expect(() => toolCallMiddleware({ formats: ['hermes'], toolPromt: true } as never)).toThrow(
      /unknown option "toolPromt"/,
    );
  });

  it('should refuse a per-call option other than context, so a hook never runs without its session', () => {
    const seen: unknown[] = [];
    const parser = createParser({
      formats: ['hermes'],
      tools: [{ name: 'f', effect: 'read', parameters: { type: 'object' } }],
      policy: { checkArguments: (_call, context) => void seen.push(context) },
    });
    const text = '<tool_call>{"name": "f", "arguments": {}}</tool_call>';
    expect(() => parser.parse(text, { contxt: { tenant: 'a' } } as never)).toThrow(
      new TypeError('parser.parse: unknown option "contxt"; the only per-call option is "context"'),
    );
    expect(() => parser.fromNative([], 'tenant-a' as never)).toThrow(
      /^parser\.fromNative: options must be an object/,
    );
    expect(parser.parse(text, { context: { tenant: 'a' } }).calls).toHaveLength(1);
    expect(parser.parse(text).calls).toHaveLength(1);
    expect(seen).toEqual([{ tenant: 'a' }, undefined]);
  });

  it('should refuse a maxDepth above its ceiling, where the stack would run out before the limit', () => {
    expect(() => createParser({ limits: { maxDepth: 1001 } })).toThrow(
      new TypeError(
        'createParser: limit "maxDepth" must be at most 1000 (deeper nesting would exhaust the JavaScript stack); got 1001',
      ),
    );
    // At the ceiling every syntax reads arguments nested that deep, in parse and in a stream.
    const nested = `${'['.repeat(999)}1${']'.repeat(999)}`;
    for (const [format, text] of [
      ['hermes', `<tool_call>{"name": "f", "arguments": {"x": ${nested}}}</tool_call>`],
      ['hermes', `<tool_call>{"name": "f", "arguments": {x: ${nested}}}</tool_call>`],
      ['pythonic', `[f(x=${nested})]`],
      [
        'kimi_k2',
        `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"x": ${nested}}<|tool_call_end|><|tool_calls_section_end|>`,
      ],
    ] as const) {
      const parser = createParser({ formats: [format], limits: { maxDepth: 1000 } });
      expect(parser.parse(text).calls, format).toHaveLength(1);
      const stream = parser.stream();
      expect(foldEvents([...stream.push(text), ...stream.end()]).calls, format).toHaveLength(1);
    }
  });

  it('should name Infinity and NaN as such when a limit is not a positive integer', () => {
    expect(() => createParser({ limits: { maxDepth: Infinity } })).toThrow(
      new TypeError('createParser: limit "maxDepth" must be a positive integer; got Infinity'),
    );
    expect(() => createParser({ limits: { maxCalls: Number.NaN } })).toThrow(
      new TypeError('createParser: limit "maxCalls" must be a positive integer; got NaN'),
    );
    expect(() => createParser({ limits: { maxCalls: 2n as never } })).toThrow(
      new TypeError('createParser: limit "maxCalls" must be a positive integer; got 2'),
    );
  });

  it('should refuse an array where an options object is expected', () => {
    expect(() => createParser([] as never)).toThrow(
      new TypeError(
        'createParser: options must be an object such as { formats: ["hermes"] }; got an array',
      ),
    );
    expect(() => createParser({ limits: [] as never })).toThrow(
      /^createParser: "limits" must be an object such as \{ maxDepth: 64 \}; got an array$/,
    );
    expect(() => createParser({ policy: [] as never })).toThrow(/"policy" must be an object/);
    expect(() => createParser({ reasoning: [] as never })).toThrow(/"reasoning" must be an object/);
    expect(() => createParser().parse('', [] as never)).toThrow(/options must be an object/);
  });

  it('should refuse a tool whose parameters describe something other than an object', () => {
    const tool = (parameters: Record<string, unknown>): Parameters<typeof createParser>[0] => ({
      tools: [{ name: 'echo', parameters }],
    });
    expect(() => createParser(tool({ type: 'string' }))).toThrow(
      /^createParser: tool "echo": arguments are always an object, so "parameters" must describe an object; got type "string"\. Put the value in a property/,
    );
    expect(() => createParser(tool({ type: ['string', 'number'] }))).toThrow(
      /got type \["string","number"\]/,
    );
    for (const accepted of [
      {},
      { type: 'object' },
      { type: ['object', 'null'] },
      { properties: {} },
    ]) {
      expect(() => createParser(tool(accepted))).not.toThrow();
    }
  });
});
