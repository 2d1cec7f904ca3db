import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['gigachat3'], ids: 'sequential' });

const HEADER = '<|message_sep|>\n\nfunction call<|role_sep|>\n';

describe('gigachat3', () => {
  it('should read the JSON call object after the function call header', () => {
    const result = parser.parse(
      `${HEADER}{"name": "add_reminder", "arguments": {"at": "09:00", "text": "standup"}}`,
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'add_reminder',
        arguments: { at: '09:00', text: 'standup' },
        format: 'gigachat3',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should keep the text before the header as content and drop the end token', () => {
    const result = parser.parse(
      `Setting it up.${HEADER}{"name": "add_reminder", "arguments": {}}</s>`,
    );
    expect(result.calls.map((each) => [each.name, each.arguments])).toEqual([['add_reminder', {}]]);
    expect(result.content).toBe('Setting it up.');
  });

  it('should stop the call at the end of its JSON object and keep later text as content', () => {
    const result = parser.parse(`${HEADER}{"name": "f", "arguments": {"s": "a } b"}}\nThanks.`);
    expect(result.calls.map((each) => each.arguments)).toEqual([{ s: 'a } b' }]);
    expect(result.content).toBe('\nThanks.');
  });

  it('should leave a message in another role to other syntaxes', () => {
    const text = '<|message_sep|>\n\nassistant<|role_sep|>\nHello.';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
    expect(result.content).toBe(text);
  });

  it('should refuse a call cut off inside its JSON', () => {
    const result = parser.parse(`${HEADER}{"name": "add_reminder", "arguments": {"at": "09`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => each.reason)).toEqual(['incomplete']);
  });

  it('should report a call object without a name, without arguments or with text arguments', () => {
    for (const body of [
      '{"arguments": {"at": "09:00"}}',
      '{"name": "add_reminder"}',
      '{"name": "add_reminder", "arguments": "at nine"}',
    ]) {
      const result = parser.parse(`${HEADER}${body}`);
      expect(result.calls).toEqual([]);
      expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    }
  });

  it('should report a header followed by no JSON object', () => {
    const result = parser.parse(`${HEADER}add_reminder at nine`);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ formats: 'auto' }).parse(
      `${HEADER}{"name": "f", "arguments": {"n": 1}}`,
    );
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([['f', 'gigachat3']]);
  });
});
