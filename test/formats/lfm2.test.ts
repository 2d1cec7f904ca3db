import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['lfm2'], ids: 'sequential' });

describe('lfm2', () => {
  it('should read a Python call list between the tool-call tokens', () => {
    const result = parser.parse(
      '<|tool_call_start|>[book_room(room="B2", hours=2, projector=True)]<|tool_call_end|>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'book_room',
        arguments: { room: 'B2', hours: 2, projector: true },
        format: 'lfm2',
        id: 'call_0',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read several calls and several blocks, keeping the prose between them', () => {
    const result = parser.parse(
      'First <|tool_call_start|>[a(x=1), b(y=[2, 3])]<|tool_call_end|> and then ' +
        "<|tool_call_start|>[c(z={'k': 'v'})]<|tool_call_end|> done",
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', { x: 1 }],
      ['b', { y: [2, 3] }],
      ['c', { z: { k: 'v' } }],
    ]);
    expect(result.content).toBe('First  and then  done');
  });

  it('should read JSON call objects between the tokens, as a list or alone', () => {
    const list = parser.parse(
      '<|tool_call_start|>[{"name": "a", "arguments": {"x": 1}}, {"name": "b", "parameters": {}}]<|tool_call_end|>',
    );
    expect(list.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', { x: 1 }],
      ['b', {}],
    ]);
    const single = parser.parse(
      '<|tool_call_start|>{"name": "a", "arguments": {"x": 2}}<|tool_call_end|>',
    );
    expect(single.calls.map((call) => call.arguments)).toEqual([{ x: 2 }]);
  });

  it('should accept a complete call whose end token never came, recording the repair', () => {
    const result = parser.parse('<|tool_call_start|>[stop_timer(id="t1")]');
    expect(result.calls.map((call) => call.name)).toEqual(['stop_timer']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should read a list whose calls are one a line without commas, recording each repair', () => {
    const result = parser.parse(
      '<|tool_call_start|>[stop_timer(id="t1")\nstart_timer(id="t2")]<|tool_call_end|>',
    );
    expect(
      result.calls.map((call) => [call.name, call.repairs.map((repair) => repair.kind)]),
    ).toEqual([
      ['stop_timer', []],
      ['start_timer', ['missing-comma']],
    ]);
  });

  it('should refuse a call cut off inside its arguments', () => {
    const result = parser.parse('<|tool_call_start|>[stop_timer(id="t');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'stop_timer', reason: 'incomplete' }),
    ]);
  });

  it('should report an empty or unreadable block as malformed and consume it', () => {
    for (const text of [
      '<|tool_call_start|><|tool_call_end|>',
      '<|tool_call_start|>stop the timer<|tool_call_end|>',
      '<|tool_call_start|>[stop_timer("t1")]<|tool_call_end|>',
    ]) {
      const result = parser.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.content).toBe('');
      expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
      expect(result.syntaxSeen).toBe(true);
    }
  });

  it('should refuse a call list followed by stray text inside the block', () => {
    const result = parser.parse('<|tool_call_start|>[a(x=1)] oops<|tool_call_end|>');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('');
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should refuse a Python list it cannot read by its first call, not read it as JSON', () => {
    // Read as JSON, the repair would find the object inside and call `get_weather`.
    const result = createParser({ formats: ['lfm2'], ids: 'sequential' }).parse(
      '<|tool_call_start|>[toggle(on=<|tool_call_start|>{"name": "get_weather", "arguments": {}}',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['toggle', 'malformed'],
    ]);
  });

  it('should leave bracketed prose without tokens alone', () => {
    const text = 'Write it as [label](link), e.g. [docs](https://example.com).';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ ids: 'sequential' });
    const result = auto.parse('One moment. <|tool_call_start|>[now()]<|tool_call_end|>');
    expect(result.calls).toEqual([expect.objectContaining({ name: 'now', format: 'lfm2' })]);
  });
});
