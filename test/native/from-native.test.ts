import { describe, expect, it } from 'vitest';
import { createNativeStreamAssembler, createParser } from '../../src/index.js';
import { hermes, TOOLS } from '../policy/fixtures.js';
import type { ParseResult } from '../../src/index.js';

describe('native tool calls', () => {
  const parser = createParser({ tools: TOOLS, ids: 'sequential' });

  it('should gate OpenAI tool_calls like text calls', () => {
    const result = parser.fromNative({
      role: 'assistant',
      content: 'Checking.',
      tool_calls: [
        {
          id: 'call_a',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city": "Ghent"}' },
        },
        { id: 'call_b', type: 'function', function: { name: 'drop_tables', arguments: '{}' } },
      ],
    });
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_a',
        name: 'get_weather',
        arguments: { city: 'Ghent' },
        format: 'openai_tool_calls',
        validated: true,
      }),
    ]);
    expect(result.rejected[0]).toMatchObject({ id: 'call_b', reason: 'unknown-tool' });
    expect(result.content).toBe('Checking.');
    expect(result.telemetry.map((record) => record.parse_mode)).toEqual([
      'openai_tool_calls',
      'openai_tool_calls',
    ]);
  });

  it('should repair malformed argument JSON leniently and record each repair', () => {
    const result = parser.fromNative([
      {
        id: 'c',
        type: 'function',
        function: { name: 'get_weather', arguments: "{'city': 'Ghent', 'days': 2,}" },
      },
    ]);
    expect(result.calls[0]?.arguments).toEqual({ city: 'Ghent', days: 2 });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(
      expect.arrayContaining(['single-quoted-string', 'trailing-comma']),
    );
  });

  it('should refuse arguments that cannot be read as malformed and cut-off ones as incomplete', () => {
    const result = parser.fromNative([
      { id: 'x', type: 'function', function: { name: 'get_weather', arguments: '[1, 2]' } },
      { id: 'y', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Gh' } },
      { id: 'z', type: 'function', function: { arguments: '{}' } },
    ]);
    expect(result.rejected.map((rejection) => [rejection.id, rejection.reason])).toEqual([
      ['x', 'malformed'],
      ['y', 'incomplete'],
      ['z', 'malformed'],
    ]);
  });

  it('should refuse every call of a response cut off for length', () => {
    const result = parser.fromNative({
      choices: [
        {
          finish_reason: 'length',
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'c',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"A"}' },
              },
            ],
          },
        },
      ],
    });
    expect(result.rejected[0]?.reason).toBe('incomplete');
  });

  it('should gate Anthropic tool_use blocks and keep text blocks as content', () => {
    const result = parser.fromNative({
      role: 'assistant',
      stop_reason: 'tool_use',
      content: [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Ghent' } },
        {
          type: 'tool_use',
          id: 'toolu_2',
          name: 'update_ticket',
          input: { id: 'T', priority: 'meh' },
        },
      ],
    });
    expect(result.content).toBe('Let me look.');
    expect(result.calls.map((call) => [call.id, call.format])).toEqual([
      ['toolu_1', 'anthropic_tool_use'],
    ]);
    expect(result.rejected[0]).toMatchObject({ id: 'toolu_2', reason: 'schema-violation' });
  });

  it('should hold decoded argument objects to maxDepth and maxCallSize, as arguments read from text', () => {
    const limited = createParser({
      tools: [{ name: 'store', effect: 'read', parameters: { type: 'object' } }],
      limits: { maxDepth: 8, maxCallSize: 64 },
    });
    const nested = (depth: number): Record<string, unknown> => {
      let value: Record<string, unknown> = {};
      for (let level = 1; level < depth; level += 1) value = { a: value };
      return value;
    };
    const openai = (args: unknown) =>
      limited.fromNative({
        tool_calls: [{ id: 'c1', function: { name: 'store', arguments: args } }],
      });
    const anthropic = (input: unknown) =>
      limited.fromNative({ content: [{ type: 'tool_use', id: 't1', name: 'store', input }] });
    for (const read of [openai, anthropic]) {
      expect(read(nested(8)).calls).toHaveLength(1);
      expect(read(nested(9)).rejected[0]).toMatchObject({
        reason: 'too-large',
        envelope: { error: 'too_large', expected: 'a nesting of at most 8 levels' },
      });
      expect(read({ text: 'x'.repeat(80) }).rejected[0]?.reason).toBe('too-large');
      // Not JSON data: no model wrote these, but they must not pass (or throw) either.
      const cyclic: Record<string, unknown> = {};
      cyclic['self'] = cyclic;
      expect(read(cyclic).rejected[0]?.reason).toBe('too-large');
      expect(read({ count: 10n }).rejected[0]?.envelope.received).toMatch(/not JSON data/);
    }
  });

  it('should read the first maxCalls native calls and refuse the rest once, as parse does', () => {
    const limited = createParser({ tools: TOOLS, ids: 'sequential', limits: { maxCalls: 1 } });
    const city = (index: number): string => `City ${index}`;
    const openai = Array.from({ length: 6 }, (_, index) => ({
      id: `call_${index}`,
      type: 'function',
      function: { name: 'get_weather', arguments: JSON.stringify({ city: city(index) }) },
    }));
    const anthropic = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Six at once.' },
        ...Array.from({ length: 6 }, (_, index) => ({
          type: 'tool_use',
          id: `toolu_${index}`,
          name: 'get_weather',
          input: { city: city(index) },
        })),
      ],
    };
    const text = limited.parse(
      Array.from({ length: 6 }, (_, index) => hermes('get_weather', { city: city(index) })).join(
        '',
      ),
    );
    const shape = (result: ParseResult): unknown => ({
      calls: result.calls.map((call) => call.arguments),
      rejected: result.rejected.map((rejection) => [rejection.reason, rejection.envelope]),
      issues: result.issues.map((issue) => [issue.code, issue.message]),
    });
    for (const [input, format] of [
      [openai, 'openai_tool_calls'],
      [anthropic, 'anthropic_tool_use'],
    ] as const) {
      const result = limited.fromNative(input);
      expect(shape(result)).toEqual(shape(text));
      expect(result.calls.map((call) => call.arguments)).toEqual([{ city: 'City 0' }]);
      expect(result.rejected.map((rejection) => [rejection.reason, rejection.format])).toEqual([
        ['too-many-calls', format],
      ]);
    }
    expect(limited.fromNative(anthropic).content).toBe('Six at once.');
  });

  it('should give each call its own copy of decoded argument objects', () => {
    const shared: Record<string, unknown> = JSON.parse(
      '{"city": "Ghent", "__proto__": {"polluted": true}}',
    ) as Record<string, unknown>;
    const loose = createParser({ ids: 'sequential' });
    for (const input of [
      [1, 2].map((index) => ({
        id: `call_${index}`,
        type: 'function',
        function: { name: 'get_weather', arguments: shared },
      })),
      [1, 2].map((index) => ({
        type: 'tool_use',
        id: `t${index}`,
        name: 'get_weather',
        input: shared,
      })),
    ]) {
      const [first, second] = loose.fromNative(input).calls;
      expect(first?.arguments).toEqual(shared);
      expect(first?.arguments).not.toBe(shared);
      expect(first?.arguments).not.toBe(second?.arguments);
      expect(Object.hasOwn(first!.arguments, '__proto__')).toBe(true);
      expect(Object.getPrototypeOf(first!.arguments)).toBe(Object.prototype);
      shared['city'] = 'Ostend';
      expect(first?.arguments['city']).toBe('Ghent');
      shared['city'] = 'Ghent';
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('should refuse decoded arguments whose JSON is not an object as malformed', () => {
    const result = parser.fromNative([
      { type: 'tool_use', id: 't', name: 'get_weather', input: { toJSON: () => 'Ghent' } },
    ]);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['malformed']);
  });

  it('should throw a TypeError for a value of no provider shape', () => {
    expect(() => parser.fromNative('<tool_call>' as never)).toThrow(/expected an OpenAI response/);
  });
});

describe('native stream assembler', () => {
  const parser = createParser({ tools: TOOLS });
  const chunk = (toolCalls: unknown[], finish: string | null = null) => ({
    choices: [{ index: 0, delta: { tool_calls: toolCalls }, finish_reason: finish }],
  });

  it('should release buffered calls only when the finish reason arrives', () => {
    const assembler = createNativeStreamAssembler();
    expect(
      assembler.push(
        chunk([
          {
            index: 0,
            id: 'c0',
            type: 'function',
            function: { name: 'get_weather', arguments: '' },
          },
        ]),
      ),
    ).toBeUndefined();
    expect(
      assembler.push(
        chunk([{ index: 1, id: 'c1', function: { name: 'get_weather', arguments: '{"ci' } }]),
      ),
    ).toBeUndefined();
    expect(
      assembler.push(chunk([{ index: 0, function: { arguments: '{"city":"A"}' } }])),
    ).toBeUndefined();
    expect(
      assembler.push(chunk([{ index: 1, function: { arguments: 'ty":"B"}' } }])),
    ).toBeUndefined();
    const batch = assembler.push(chunk([], 'tool_calls'));
    expect(batch?.finish_reason).toBe('tool_calls');
    const result = parser.fromNative(batch);
    expect(result.calls.map((call) => [call.id, call.arguments])).toEqual([
      ['c0', { city: 'A' }],
      ['c1', { city: 'B' }],
    ]);
  });

  it('should hand back a dropped stream as cut off, so its calls never run', () => {
    const assembler = createNativeStreamAssembler();
    assembler.push(
      chunk([{ index: 0, id: 'c0', function: { name: 'get_weather', arguments: '{"city":"A"}' } }]),
    );
    const batch = assembler.flush();
    expect(batch?.finish_reason).toBe('length');
    expect(parser.fromNative(batch).calls).toEqual([]);
  });

  it('should mark a batch cut off when a call outgrows the buffer limit', () => {
    const assembler = createNativeStreamAssembler({ maxArgumentsSize: 8 });
    assembler.push(
      chunk([
        { index: 0, id: 'c0', function: { name: 'get_weather', arguments: '{"city":"Antwerp"}' } },
      ]),
    );
    expect(assembler.push(chunk([], 'tool_calls'))?.finish_reason).toBe('length');
  });

  it('should ignore other choices and throw a TypeError for a chunk that is not an object', () => {
    const assembler = createNativeStreamAssembler();
    expect(
      assembler.push({ choices: [{ index: 1, delta: {}, finish_reason: 'stop' }] }),
    ).toBeUndefined();
    expect(() => assembler.push('data: {}')).toThrow(TypeError);
  });
});
