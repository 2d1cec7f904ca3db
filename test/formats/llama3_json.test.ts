import { describe, expect, it } from 'vitest';
import { braceMayOpenCall } from '../../src/formats/llama3_json/index.js';
import { parse } from '../../src/generated/llama3_json.js';
import { createParser } from '../../src/index.js';
import { expectLookSound } from '../helpers/quick-look.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['llama3_json'], ids: 'sequential' });

describe('llama3_json', () => {
  it('should read a call object written as the whole output', () => {
    const result = parser.parse('{"name": "flight_status", "parameters": {"flight": "KL1001"}}');
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'flight_status',
        arguments: { flight: 'KL1001' },
        format: 'llama3_json',
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should read calls separated by semicolons after <|python_tag|>', () => {
    const result = parser.parse(
      '<|python_tag|>{"name": "a", "parameters": {"x": 1}} ; {"name": "b", "parameters": {}}',
    );
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'a', args: { x: 1 } },
      { name: 'b', args: {} },
    ]);
    expect(result.content).toBe('');
  });

  it('should read a call written as a Python dict after <|python_tag|>, in parse and stream', () => {
    const text =
      "<|python_tag|>{'name': 'track_parcel', 'parameters': {'id': '1Z', 'signed': True}}";
    const result = createParser({ formats: ['llama3_json'], ids: 'sequential' }).parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['track_parcel', { id: '1Z', signed: true }],
    ]);
    expect(new Set(result.calls[0]?.repairs.map((repair) => repair.kind))).toEqual(
      new Set(['single-quoted-string', 'python-literal']),
    );
    const options = { formats: ['llama3_json' as const], reasoning: { startsInside: false } };
    expectEveryChunking(options, text);
    // Without the tag nothing says it is a call: a Python dict in prose stays text.
    const bare = "{'name': 'track_parcel', 'parameters': {'id': '1Z'}}";
    expect(parser.parse(bare).content).toBe(bare);
  });

  it('should accept arguments as an alias of parameters', () => {
    const result = parser.parse('{"name": "a", "arguments": {"x": 2}}');
    expect(result.calls[0]?.arguments).toEqual({ x: 2 });
  });

  it('should keep prose around a call as content', () => {
    const result = parser.parse(
      'Checking: {"name": "flight_status", "parameters": {"flight": "U2"}} hold on.',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['flight_status']);
    expect(result.content).toBe('Checking:  hold on.');
  });

  it('should read the name key however it is spelled, and leave an object without one as content', () => {
    // An untagged object that cannot have a "name" key is declined unread: each of these can.
    for (const key of ['"name"', '"n\\u0061me"']) {
      const result = parser.parse(`{${key}: "f", "parameters": {"q": 1}}`);
      expect([key, result.calls.map((call) => call.name)]).toEqual([key, ['f']]);
    }
    const text = '{"tool": "f", "parameters": {"q": 1}}';
    expect(parser.parse(text)).toMatchObject({
      calls: [],
      rejected: [],
      issues: [],
      content: text,
    });
    // After a call, a run of objects stops at one that cannot name a tool.
    const run = '{"name": "a", "parameters": {}}; {"tool": "b", "parameters": {}}';
    const read = parser.parse(run);
    expect([read.calls.map((call) => call.name), read.content]).toEqual([
      ['a'],
      '; {"tool": "b", "parameters": {}}',
    ]);
  });

  it('should leave JSON that is not a call object as content', () => {
    const text = 'The config is {"name": "prod", "replicas": 3} as before.';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should not read a call object nested inside other JSON as a call', () => {
    const text = '{"log": {"name": "flight_status", "parameters": {"flight": "U2"}}, "ok": true}';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
  });

  it('should stay fast on deeply nested JSON that is not a call', () => {
    const text = '{"a": '.repeat(5000) + '1' + '}'.repeat(5000);
    const started = performance.now();
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('should leave a bare object cut off by the end of the output as content, and refuse it', () => {
    const text = '{"name": "flight_status", "parameters": {"flight": "KL';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
    expect(result.issues.map((issue) => issue.code)).toEqual(['incomplete-tool-call']);
  });

  it('should refuse a tagged call cut off by the end of the output', () => {
    const result = parser.parse(
      '<|python_tag|>{"name": "flight_status", "parameters": {"flight": "KL',
    );
    expect(result.calls).toEqual([]);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read a list closed by "}" as hermes does, not as a call cut off', () => {
    // A closer of the other kind ends the list and its object; the extent ended nowhere before,
    // and a complete output was refused as cut off, with no rejection to send back.
    const repaired = parser.parse('<|python_tag|>{"name": "tag", "parameters": {"ids": [1, 2}}');
    expect(repaired.calls.map((call) => [call.arguments, call.repairs.map((r) => r.kind)])).toEqual(
      [[{ ids: [1, 2] }, ['missing-closing-bracket']]],
    );
    const broken = parser.parse('<|python_tag|>{"name": "tag", "parameters": [}');
    expect(broken.rejected.map((rejection) => rejection.reason)).toEqual(['malformed']);
    expect(broken.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should report a tagged object that is not a call', () => {
    const result = parser.parse('<|python_tag|>{"parameters": {"flight": "KL1"}}');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should leave an object with an empty name as content', () => {
    const result = parser.parse('{"name": "", "parameters": {}}');
    expect(result.calls).toEqual([]);
    expect(result.content).toBe('{"name": "", "parameters": {}}');
  });

  it('should read a tagged call in auto mode, where the tag shows tool intent', () => {
    const result = createParser().parse(
      'Let me check. <|python_tag|>{"name": "flight_status", "parameters": {"flight": "AF7"}}',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({ format: 'llama3_json', arguments: { flight: 'AF7' } }),
    ]);
  });

  it('should not trust an untagged object inside prose in auto mode', () => {
    const result = createParser().parse(
      'An example: {"name": "flight_status", "parameters": {"flight": "AF7"}} is what I would send.',
    );
    expect(result.calls).toEqual([]);
  });
});

describe('the quick look at a brace', () => {
  const pieces = ['{', '}', '"', '"name"', ':', ' ', '\n', '\t', '\f', '<|python_tag|>', 'x', ';'];
  const call = '{"name": "f", "parameters": {}}';

  it('should turn a brace down only where the grammar cannot match', () => {
    const markers = ['{', '<|python_tag|>'];
    expectLookSound({ look: braceMayOpenCall, parse, markers, pieces: [...pieces, call] });
  });

  it('should still read a call whose key follows the brace after blanks, and a tagged one', () => {
    for (const text of [
      '{ \t\r\n"name": "f", "parameters": {}}',
      '<|python_tag|> {"name": "f", "parameters": {}}',
    ]) {
      expect(parser.parse(text).calls.map((call) => call.name)).toEqual(['f']);
    }
  });
});
