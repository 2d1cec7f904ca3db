import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['olmo3'], ids: 'sequential' });

describe('olmo3', () => {
  it('should read one call in the block', () => {
    const result = parser.parse(
      "<function_calls>find_flight(origin='BRU', stops=0)</function_calls>",
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'find_flight',
        arguments: { origin: 'BRU', stops: 0 },
        format: 'olmo3',
        id: 'call_0',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read one call a line, JSON literals included', () => {
    const result = parser.parse(
      "<function_calls>\nfind_flight(origin='BRU', direct=true)\nfind_hotel(city='Lisbon', budget=null, tags=['quiet'])\n</function_calls>",
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['find_flight', { origin: 'BRU', direct: true }],
      ['find_hotel', { city: 'Lisbon', budget: null, tags: ['quiet'] }],
    ]);
  });

  it('should also read calls separated by commas or written as a list', () => {
    const commas = parser.parse('<function_calls>a(x=1), b(y=2)</function_calls>');
    expect(commas.calls.map((call) => call.name)).toEqual(['a', 'b']);
    const list = parser.parse('<function_calls>[a(x=1), b(y=2)]</function_calls>');
    expect(list.calls.map((call) => call.name)).toEqual(['a', 'b']);
  });

  it('should keep the prose around the block as content', () => {
    const result = parser.parse('Searching.\n<function_calls>now()</function_calls>\nOne moment.');
    expect(result.calls.map((call) => call.name)).toEqual(['now']);
    expect(result.content).toBe('Searching.\n\nOne moment.');
  });

  it('should accept a complete call whose close tag never came, recording the repair', () => {
    const result = parser.parse('<function_calls>now(tz="UTC")\n');
    expect(result.calls.map((call) => call.arguments)).toEqual([{ tz: 'UTC' }]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside its arguments', () => {
    const result = parser.parse('<function_calls>now(tz="UT');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'now', reason: 'incomplete' }),
    ]);
  });

  it('should report a block of broken calls as malformed and consume it', () => {
    const result = parser.parse('<function_calls>now(UTC)</function_calls>after');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('after');
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should leave a block that is not Python calls to other syntaxes', () => {
    const text = '<function_calls><invoke name="now"></invoke></function_calls>';
    const withMarkup = createParser({ formats: ['olmo3', 'markup'] });
    expect(withMarkup.parse(text).calls.map((call) => call.format)).toEqual(['markup']);
    // Alone, olmo3 refuses it rather than leave it in the content.
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.message)).toEqual([
      '<function_calls> does not hold a call written as olmo3',
    ]);
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ ids: 'sequential' });
    const result = auto.parse('Ok.<function_calls>now(tz="UTC")</function_calls>');
    expect(result.calls).toEqual([expect.objectContaining({ name: 'now', format: 'olmo3' })]);
  });
});
