import { describe, expect, it } from 'vitest';
import { createParser, defineFormat } from '../../src/index.js';
import { slashCommand } from '../../examples/custom-format/slash-command.js';
import { parse } from '../../examples/custom-format/generated/slash_command.js';

describe('defineFormat', () => {
  it('should read a custom syntax compiled from a user grammar', () => {
    const parser = createParser({ formats: [slashCommand], ids: 'sequential' });
    const result = parser.parse('Sure.\n/tool get_weather {"city": "Ghent"}\nDone.');
    expect(result.calls.map((call) => [call.name, call.arguments, call.format])).toEqual([
      ['get_weather', { city: 'Ghent' }, 'x-slash'],
    ]);
    expect(result.content).toBe('Sure.\n\nDone.');
  });

  it('should put a custom format beside built-in ones, the first one being primary', () => {
    const parser = createParser({ formats: [slashCommand, 'hermes'], ids: 'sequential' });
    const result = parser.parse(
      '/tool a {}\n<tool_call>{"name": "b", "arguments": {}}</tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
  });

  it('should pass the lenient JSON reader to the lowering', () => {
    const parser = createParser({ formats: [slashCommand] });
    const call = parser.parse("/tool note {'text': 'hi',}").calls[0];
    expect(call?.arguments).toEqual({ text: 'hi' });
    expect(call?.repairs.map((repair) => repair.kind)).toContain('trailing-comma');
  });

  it('should report a lowering issue and find no call', () => {
    const result = createParser({ formats: [slashCommand] }).parse('/tool note [1, 2]');
    expect(result.calls).toEqual([]);
    expect(result.issues[0]?.code).toBe('malformed-tool-call');
  });

  it('should refuse definitions that would clash or cannot work, saying how to fix them', () => {
    const base = { markers: ['/tool '], parse, startRule: 'Command', lower: () => undefined };
    expect(() => defineFormat({ ...base, id: 'hermes' as `x-${string}` })).toThrow(
      /must start with "x-"/,
    );
    expect(() => defineFormat({ ...base, id: 'x-a', markers: [] })).toThrow(/markers/);
    expect(() => defineFormat({ ...base, id: 'x-a', parse: 'nope' as never })).toThrow(
      /peggy-generated/,
    );
  });

  it('should read an async lowering as an unreadable section and leave no unhandled rejection', async () => {
    const seen: unknown[] = [];
    const listener = (reason: unknown): void => {
      seen.push(reason);
    };
    process.on('unhandledRejection', listener);
    try {
      const asyncLower = defineFormat({
        id: 'x-async',
        markers: ['/tool '],
        parse,
        startRule: 'Command',
        lower: (async () => {
          throw new Error('lowering down');
        }) as never,
      });
      const result = createParser({ formats: [asyncLower] }).parse('/tool note {}');
      expect(result.calls).toEqual([]);
      expect(result.issues[0]?.code).toBe('malformed-tool-call');
      // Node reports an unhandled rejection once the microtasks after it have run.
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(seen).toEqual([]);
  });
});
