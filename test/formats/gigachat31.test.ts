import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['gigachat31'], ids: 'sequential' });

describe('gigachat31', () => {
  it('should read the JSON call object after the function call token', () => {
    const result = parser.parse(
      '<|function_call|>{"name": "translate", "arguments": {"text": "hallo", "to": "en"}}',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'translate',
        arguments: { text: 'hallo', to: 'en' },
        format: 'gigachat31',
        repairs: [],
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should keep the text before the token as content and drop the end token', () => {
    const result = parser.parse(
      'One moment.<|function_call|>{"name": "translate", "arguments": {}} </s>',
    );
    expect(result.calls.map((each) => each.name)).toEqual(['translate']);
    expect(result.content).toBe('One moment.');
  });

  it('should refuse a call cut off inside its JSON', () => {
    const result = parser.parse('<|function_call|>{"name": "translate", "arguments": {"text": "ha');
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => each.reason)).toEqual(['incomplete']);
  });

  it('should report a call object without arguments, and text that is no JSON object', () => {
    const missing = parser.parse('<|function_call|>{"name": "translate"}');
    expect(missing.calls).toEqual([]);
    expect(missing.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    const text = parser.parse('<|function_call|>translate("hallo")');
    expect(text.calls).toEqual([]);
    expect(text.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should be found in auto mode', () => {
    const result = createParser({ formats: 'auto' }).parse(
      '<|function_call|>{"name": "f", "arguments": {}}',
    );
    expect(result.calls.map((each) => [each.name, each.format])).toEqual([['f', 'gigachat31']]);
  });
});
