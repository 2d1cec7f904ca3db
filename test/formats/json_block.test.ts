import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['json_block'], ids: 'sequential' });

describe('json_block', () => {
  it('should read a whole output that is one call object', () => {
    const result = parser.parse(
      '  {"tool": "convert", "arguments": {"amount": 12, "to": "EUR"}}\n',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'convert',
        arguments: { amount: 12, to: 'EUR' },
        format: 'json_block',
      }),
    ]);
    expect(result.content.trim()).toBe('');
  });

  it('should read the object inside one json fence', () => {
    const result = parser.parse('```json\n{"name": "convert", "parameters": {"amount": 1}}\n```');
    expect(result.calls.map((call) => call.arguments)).toEqual([{ amount: 1 }]);
  });

  it('should not read JSON that prose surrounds', () => {
    const result = parser.parse('The payload was {"tool": "convert", "arguments": {}} yesterday.');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should not read a JSON answer that names no tool', () => {
    const result = parser.parse('{"answer": 42}');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('{"answer": 42}');
  });
});
