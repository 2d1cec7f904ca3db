import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['text_kv'], ids: 'sequential' });

describe('text_kv', () => {
  it('should read the name and arguments lines', () => {
    const result = parser.parse(
      'function.name: send_sms\nfunction.arguments: {"to": "+3212", "body": "hi"}',
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['send_sms', { to: '+3212', body: 'hi' }],
    ]);
  });

  it('should read a call inside the history wrapper and consume the wrapper', () => {
    const text =
      '[TOOL_CALL_HISTORY]\nfunction.name: send_sms\nfunction.id: 9\nfunction.arguments: {"to": "1"}\n[/TOOL_CALL_HISTORY]';
    const result = parser.parse(text);
    expect(result.calls.map((call) => call.name)).toEqual(['send_sms']);
    expect(result.content.trim()).toBe('');
  });

  it('should report arguments that are not a JSON object', () => {
    const result = parser.parse('function.name: f\nfunction.arguments: {"to": 1,,}');
    expect(result.calls.length + result.issues.length).toBeGreaterThan(0);
    const strict = parser.parse('function.name: \nfunction.arguments: {}');
    expect(strict.calls).toEqual([]);
    expect(strict.issues[0]?.message).toContain('no tool name');
  });

  it('should read no field line that holds another function.name: key', () => {
    // The line belongs to no call: the first name is left without arguments, the second is read.
    const result = parser.parse(
      'function.name: first\nfunction.note: function.name: second\nfunction.arguments: {}',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['second']);
  });

  it('should only be found in auto mode when the output is the call', () => {
    const auto = createParser();
    expect(
      auto.parse('function.name: f\nfunction.arguments: {}').calls.map((call) => call.name),
    ).toEqual(['f']);
    expect(auto.parse('As logged:\nfunction.name: f\nfunction.arguments: {}').calls).toEqual([]);
  });
});
