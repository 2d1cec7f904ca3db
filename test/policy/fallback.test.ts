import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import { expectEquivalent } from '../stream/equivalence.js';
import { TOOLS } from './fixtures.js';

describe('fallback gates', () => {
  const parser = createParser({ formats: ['hermes', 'pythonic'], tools: TOOLS, ids: 'sequential' });

  it('should accept a fallback call that is the whole output', () => {
    const result = parser.parse('[get_weather(city="Antwerp")]');
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'get_weather',
        format: 'pythonic',
        arguments: { city: 'Antwerp' },
      }),
    ]);
    expect(result.telemetry[0]).toMatchObject({
      fallback_used: true,
      parse_mode: 'pythonic',
      candidate_count: 1,
    });
  });

  it('should refuse a fallback call inside prose without an intent marker', () => {
    const result = parser.parse('Sure, something like [get_weather(city="Antwerp")] would do.');
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]).toMatchObject({
      reason: 'fallback-without-intent',
      envelope: { error: 'fallback_not_allowed', expected: 'hermes (starting with <tool_call>)' },
    });
  });

  it.each(['need_tool: yes', 'CALL_TOOL', 'TOOL_CALL'])(
    'should accept a fallback call after the intent marker %s',
    (marker) => {
      const result = parser.parse(`Let me check.\n${marker}\n[get_weather(city="Antwerp")]`);
      expect(result.calls.map((call) => call.name)).toEqual(['get_weather']);
    },
  );

  it('should count the start token of a marked fallback syntax as tool intent, one candidate at a time', () => {
    const pythonicFirst = createParser({ formats: ['pythonic', 'hermes'], tools: TOOLS });
    const one = pythonicFirst.parse(
      'Checking. <tool_call>{"name": "get_weather", "arguments": {"city": "A"}}</tool_call>',
    );
    expect(one.calls).toEqual([expect.objectContaining({ format: 'hermes' })]);
    expect(one.telemetry[0]?.fallback_used).toBe(true);
    const two = pythonicFirst.parse(
      'A: <tool_call>{"name": "get_weather", "arguments": {"city": "A"}}</tool_call> or B: <tool_call>{"name": "get_weather", "arguments": {"city": "B"}}</tool_call>',
    );
    expect(two.rejected.map((rejection) => rejection.reason)).toEqual(['ambiguous', 'ambiguous']);
  });

  it('should read a bare syntax whose own wrapper token is the intent marker, wrapper removed', () => {
    const auto = createParser({ formats: 'auto', tools: TOOLS });
    const text = 'On it: <|python_start|>[get_weather(city="Mons")]<|python_end|> and done.';
    const result = auto.parse(text);
    expect(result.calls.map((call) => [call.format, call.arguments])).toEqual([
      ['pythonic', { city: 'Mons' }],
    ]);
    expect(result.content).toBe('On it:  and done.');
    for (let cut = 0; cut <= text.length; cut += 1) {
      expectEquivalent({ formats: 'auto', tools: TOOLS }, [text.slice(0, cut), text.slice(cut)]);
    }
  });

  it('should treat a list of parallel calls as one candidate', () => {
    const result = parser.parse('need_tool: yes\n[get_weather(city="A"), get_weather(city="B")]');
    expect(result.calls.map((call) => call.arguments)).toEqual([{ city: 'A' }, { city: 'B' }]);
  });

  it('should refuse every fallback candidate when there are several and ask for the primary syntax', () => {
    const result = parser.parse(
      'need_tool: yes\n[get_weather(city="A")] or perhaps [get_weather(city="B")]',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.envelope.error)).toEqual([
      'ambiguous_tool_calls',
      'ambiguous_tool_calls',
    ]);
    expect(result.rejected[0]?.envelope.hint).toContain(
      'primary syntax (hermes (starting with <tool_call>))',
    );
  });

  it('should refuse a fallback candidate over 2 KiB and honour a caller limit', () => {
    const big = `[get_weather(city="${'x'.repeat(2100)}")]`;
    expect(parser.parse(big).rejected[0]).toMatchObject({
      reason: 'too-large',
      envelope: { error: 'too_large' },
    });
    const roomy = createParser({
      formats: ['hermes', 'pythonic'],
      tools: TOOLS,
      limits: { maxFallbackCallSize: 4096 },
    });
    expect(roomy.parse(big).calls).toHaveLength(1);
  });

  it('should still allowlist and validate a fallback call', () => {
    expect(parser.parse('[rm_rf(path="/")]').rejected[0]?.reason).toBe('unknown-tool');
    expect(parser.parse('[get_weather(town="A")]').rejected[0]?.reason).toBe('schema-violation');
  });

  it('should let primary calls through whatever fallbacks are around', () => {
    const result = parser.parse(
      '<tool_call>{"name":"get_weather","arguments":{"city":"A"}}</tool_call>',
    );
    expect(result.calls[0]).toMatchObject({ format: 'hermes' });
    expect(result.telemetry[0]?.fallback_used).toBe(false);
  });

  it('should refuse a primary call over the maxCallSize limit', () => {
    const small = createParser({ formats: ['hermes'], tools: TOOLS, limits: { maxCallSize: 64 } });
    const result = small.parse(
      `<tool_call>{"name":"get_weather","arguments":{"city":"${'y'.repeat(80)}"}}</tool_call>`,
    );
    expect(result.rejected[0]?.envelope).toMatchObject({
      error: 'too_large',
      expected: 'a call of at most 64 characters',
    });
  });

  it('should apply the fallback gates without tools too, skipping only allowlist and schema', () => {
    const extractOnly = createParser({ formats: ['hermes', 'pythonic'] });
    expect(extractOnly.parse('[anything(x=1)]').calls).toEqual([
      expect.objectContaining({ name: 'anything', validated: false }),
    ]);
    expect(extractOnly.parse('[a(x=1)] and then [b(y=2)]').calls).toEqual([]);
    expect(extractOnly.parse('Try [a(x=1)] maybe').rejected[0]?.reason).toBe(
      'fallback-without-intent',
    );
  });

  it('should extract a whole-output bare JSON call in auto mode without tools', () => {
    const auto = createParser();
    const result = auto.parse('{"name": "get_weather", "arguments": {"city": "Ghent"}}');
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'get_weather',
        arguments: { city: 'Ghent' },
        validated: false,
      }),
    ]);
  });
});
