import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['mistral'], ids: 'sequential' });

describe('mistral', () => {
  it('should read a pre-v11 list of calls after [TOOL_CALLS]', () => {
    const result = parser.parse(
      '[TOOL_CALLS] [{"name": "convert", "arguments": {"amount": 12, "to": "EUR"}}, {"arguments": {}, "name": "rates"}]',
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'convert', args: { amount: 12, to: 'EUR' } },
      { name: 'rates', args: {} },
    ]);
    expect(result.content).toBe('');
  });

  it('should read v11 calls, one per [TOOL_CALLS] token, with or without [ARGS]', () => {
    const result = parser.parse(
      '[TOOL_CALLS]open_door{"room": "B2"}[TOOL_CALLS]close_door[ARGS]{"room": "B3", "lock": true}',
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'open_door', args: { room: 'B2' } },
      { name: 'close_door', args: { room: 'B3', lock: true } },
    ]);
  });

  it('should keep the [CALL_ID] of the v13 form as the call id', () => {
    const result = parser.parse('[TOOL_CALLS]ping[CALL_ID]Zx81kQa9b[ARGS]{"host": "example.org"}');
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'Zx81kQa9b',
        name: 'ping',
        arguments: { host: 'example.org' },
      }),
    ]);
  });

  it('should keep text before the token as content and drop what trails the calls', () => {
    const result = parser.parse(
      'Let me look that up.[TOOL_CALLS][{"name": "lookup", "arguments": {"isbn": "978-0"}}]\n</s> stray',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['lookup']);
    expect(result.content).toBe('Let me look that up.');
  });

  it('should not be confused by braces and brackets inside argument strings', () => {
    const result = parser.parse('[TOOL_CALLS]echo{"text": "a } b ] c {[", "n": 1}');
    expect(result.calls[0]?.arguments).toEqual({ text: 'a } b ] c {[', n: 1 });
  });

  it('should split [THINK] reasoning out and never read calls inside it', () => {
    const result = parser.parse(
      '[THINK]maybe [TOOL_CALLS]wipe{"all": true} is wrong[/THINK][TOOL_CALLS]list_files{"dir": "/tmp"}',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['list_files']);
    expect(result.reasoning).toBe('maybe [TOOL_CALLS]wipe{"all": true} is wrong');
    expect(result.content).toBe('');
  });

  it('should read an unclosed [THINK] as reasoning up to the end of the output', () => {
    const result = parser.parse('[THINK]still weighing the options');
    expect(result.reasoning).toBe('still weighing the options');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('');
  });

  it('should refuse a call whose arguments were cut off by the end of the output', () => {
    const result = parser.parse('[TOOL_CALLS]resize[ARGS]{"width": 640, "height": ');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'resize', reason: 'incomplete' }),
    ]);
  });

  it('should refuse a call cut off right after its name', () => {
    const result = parser.parse('[TOOL_CALLS]resize[ARGS]');
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['incomplete']);
  });

  it('should accept the complete calls of a list the output cut off, and refuse the cut one', () => {
    const result = parser.parse(
      '[TOOL_CALLS][{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": ',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['a']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['incomplete']);
  });

  it('should report a name with no arguments followed by another call', () => {
    const result = parser.parse('[TOOL_CALLS]get_time [TOOL_CALLS]get_date{}');
    expect(result.calls.map((call) => call.name)).toEqual(['get_date']);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should report prose after [TOOL_CALLS] as a malformed call and find none', () => {
    const result = parser.parse('[TOOL_CALLS] sure, I can do that!');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should report arguments that are not a JSON object', () => {
    const result = parser.parse('[TOOL_CALLS]tag[ARGS]["x", "y"]');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should report a call object without a name', () => {
    const result = parser.parse('[TOOL_CALLS][{"name": "", "arguments": {}}]');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should see no tool syntax in plain text', () => {
    const result = parser.parse('The [TOOL] token is not here.');
    expect(result.syntaxSeen).toBe(false);
    expect(result.content).toBe('The [TOOL] token is not here.');
  });

  it('should be found in auto mode', () => {
    const result = createParser({ ids: 'sequential' }).parse(
      'One moment.[TOOL_CALLS]get_time{"zone": "UTC"}',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ format: 'mistral', name: 'get_time', arguments: { zone: 'UTC' } }),
    ]);
  });
});
