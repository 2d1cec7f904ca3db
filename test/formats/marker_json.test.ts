import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';

const parser = createParser({ formats: ['marker_json'], ids: 'sequential' });
const namesAndArguments = (text: string) =>
  parser.parse(text).calls.map((call) => ({ name: call.name, arguments: call.arguments }));

describe('marker_json', () => {
  it('should read the call object after the marker, with prose before and after', () => {
    const result = parser.parse(
      'Let me check.\nTOOL_CALL {"tool_name": "inventory", "parameters": {"sku": "B-12"}}\nOne moment.',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'inventory',
        arguments: { sku: 'B-12' },
        format: 'marker_json',
        id: 'call_0',
      }),
    ]);
    expect(result.content).toBe('Let me check.\n\nOne moment.');
  });

  it('should accept every alias of the name and parameters fields', () => {
    expect(namesAndArguments('TOOL_CALL {"tool": "a", "params": {"x": 1}}')).toEqual([
      { name: 'a', arguments: { x: 1 } },
    ]);
    expect(namesAndArguments('TOOL_CALL {"name": "b", "parameters": {"y": 2}}')).toEqual([
      { name: 'b', arguments: { y: 2 } },
    ]);
  });

  it('should strip a json fence after the marker', () => {
    expect(
      namesAndArguments('TOOL_CALL\n\n```json\n{"tool_name": "ping", "parameters": {}}\n```\n'),
    ).toEqual([{ name: 'ping', arguments: {} }]);
  });

  it('should read null or missing parameters as no arguments', () => {
    expect(namesAndArguments('TOOL_CALL {"tool_name": "clock", "parameters": null}')).toEqual([
      { name: 'clock', arguments: {} },
    ]);
    expect(namesAndArguments('TOOL_CALL {"tool_name": "clock"}')).toEqual([
      { name: 'clock', arguments: {} },
    ]);
  });

  it('should find no call for an empty name and say why', () => {
    const result = parser.parse('TOOL_CALL {"tool_name": "", "parameters": {}}');
    expect(result.calls).toEqual([]);
    expect(result.issues[0]?.code).toBe('malformed-tool-call');
  });

  it('should repair single quotes and raw newlines and record the repairs', () => {
    const result = parser.parse(
      "TOOL_CALL {'tool_name': 'note', 'parameters': {'text': 'line one\nline two'}}",
    );
    expect(result.calls[0]?.arguments).toEqual({ text: 'line one\nline two' });
    const kinds = result.calls[0]?.repairs.map((repair) => repair.kind);
    expect(kinds).toContain('single-quoted-string');
    expect(kinds).toContain('control-character');
  });

  it('should treat the marker word in prose, with no JSON after it, as text', () => {
    const result = parser.parse('Write TOOL_CALL when you need a tool.');
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(false);
    expect(result.content).toBe('Write TOOL_CALL when you need a tool.');
  });

  it('should refuse a call whose JSON was cut off', () => {
    const result = parser.parse('TOOL_CALL {"tool_name": "ship", "parameters": {"to": "Ghe');
    expect(result.calls).toEqual([]);
    expect(result.rejected[0]?.reason).toBe('incomplete');
  });
});
