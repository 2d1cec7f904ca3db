import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['react'], ids: 'sequential' });

describe('react', () => {
  it('should read the action and its JSON input, with the thought as reasoning', () => {
    const result = parser.parse(
      'Thought: I need the order first.\nAction: get_order\nAction Input: {"order_id": 77}',
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_order', { order_id: 77 }],
    ]);
    expect(result.reasoning).toBe('I need the order first.');
    expect(result.content.trim()).toBe('');
  });

  it('should read an action without a thought', () => {
    expect(parser.parse('Action: ping\nAction Input: {}').calls.map((call) => call.name)).toEqual([
      'ping',
    ]);
  });

  it('should not guess arguments from a plain-text input', () => {
    const result = parser.parse('Action: search\nAction Input: cheap flights to Lisbon');
    expect(result.calls).toEqual([]);
    expect(result.issues[0]?.code).toBe('malformed-tool-call');
  });

  it('should be found in auto mode when the whole output is the ReAct step', () => {
    const auto = createParser();
    const result = auto.parse(
      'Thought: look it up\nAction: get_order\nAction Input: {"order_id": 1}\n',
    );
    expect(result.calls.map((call) => call.format)).toEqual(['react']);
  });
});
