import { describe, expect, it } from 'vitest';
import { createParser, defineFormat } from '../../src/index.js';
import { slashCommand } from '../../examples/custom-format/slash-command.js';
import { parse } from '../../examples/custom-format/generated/slash_command.js';
import { expectEquivalent } from '../stream/equivalence.js';

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
    expect(() => defineFormat({ ...base, id: 'x-a', endMarkers: [''] })).toThrow(/endMarkers/);
    expect(() => defineFormat({ ...base, id: 'x-a', endMarkers: '\n' as never })).toThrow(
      /"endMarkers" must be an array of non-empty strings/,
    );
  });

  it('should decide a streamed section when one of its end markers arrives', () => {
    const text = 'Sure.\n/tool get_weather {"city": "Ghent"}\nThen more prose, and /tool f {}\nbye';
    const lineEnd = text.indexOf('\n', 7);
    /** The push (the number of units written) after which each event came. */
    const arrivals = (format: typeof slashCommand): [number, string][] => {
      const stream = createParser({
        formats: [format],
        reasoning: { startsInside: false },
      }).stream();
      const events: [number, string][] = [];
      for (let index = 0; index < text.length; index += 1) {
        for (const event of stream.push(text.charAt(index))) events.push([index + 1, event.type]);
      }
      for (const event of stream.end()) events.push([text.length, event.type]);
      return events;
    };
    const ends = (events: [number, string][]): number[] =>
      events.filter(([, type]) => type === 'tool-call-end').map(([at]) => at);
    // The first command ends with its line; the second with the output's last line break.
    expect(ends(arrivals(slashCommand))).toEqual([lineEnd + 1, text.lastIndexOf('\n') + 1]);
    // Without the promise the same grammar is trusted only once more text (here, the next
    // marker) shows the section read from a growing buffer stands.
    const unpromised = defineFormat({
      id: 'x-slash-plain',
      markers: slashCommand.markers,
      parse,
      startRule: 'Command',
      lower: () => ({ calls: [{ name: 'f', arguments: {} }] }),
    });
    expect(ends(arrivals(unpromised))[0]).toBeGreaterThan(lineEnd + 1);
    for (const deltas of [[...text], [text]]) {
      expectEquivalent({ formats: [slashCommand], reasoning: { startsInside: false } }, deltas);
    }
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
