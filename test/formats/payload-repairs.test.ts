/**
 * A payload that holds several calls (values in one `<tool_call>`, a list after `[TOOL_CALLS]`,
 * an OpenAI message's `tool_calls`, a command_r7b action list) gives each call the repairs made in
 * its own text, not every repair of the payload: otherwise a payload of n repaired calls made n²
 * repair records, and a value invented in one call refused the intact calls beside it. Likewise
 * an output that stops inside the payload's last call refuses that call, not the whole ones
 * before it.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParseResult } from '../../src/index.js';
import { unitByUnit } from '../helpers/chunkers.js';
import { expectEquivalent } from '../stream/equivalence.js';

/** A call object with one bare key and a Python `True`, both repaired. */
const repaired = (name: string): string => `{name: "${name}", "arguments": {"dry": True}}`;
/** A call object JSON reads as it is. */
const intact = (name: string): string => `{"name": "${name}", "arguments": {"n": 1}}`;

const cases = [
  {
    format: 'hermes',
    wrap: (calls: string[]) => `<tool_call>\n${calls.join(',\n')}\n</tool_call>`,
  },
  { format: 'mistral', wrap: (calls: string[]) => `[TOOL_CALLS][${calls.join(', ')}]` },
  {
    format: 'openai_json',
    wrap: (calls: string[]) =>
      `{"role": "assistant", "tool_calls": [${calls
        .map((call) => `{"type": "function", "function": ${call}}`)
        .join(', ')}]}`,
  },
  {
    format: 'command_r7b',
    wrap: (calls: string[]) =>
      `<|START_ACTION|>[${calls
        .map((call) => call.replace('"arguments"', '"parameters"').replace('name:', 'tool_name:'))
        .join(', ')}]<|END_ACTION|>`,
  },
] as const;

/** Each call's repairs, as kinds, by name (accepted and refused calls alike). */
function repairsByName(result: ParseResult): Record<string, string[]> {
  const byName: Record<string, string[]> = {};
  for (const call of result.calls) byName[call.name] = call.repairs.map((repair) => repair.kind);
  return byName;
}

describe.each(cases)('$format payload of several calls', ({ format, wrap }) => {
  const parser = createParser({ formats: [format], ids: 'sequential' });

  it('should give each call the repairs made in its own text', () => {
    const result = parser.parse(wrap([intact('first'), repaired('second'), intact('third')]));
    expect(result.calls.map((call) => call.name)).toEqual(['first', 'second', 'third']);
    const byName = repairsByName(result);
    expect(byName['first']).toEqual([]);
    expect(byName['second']).toEqual(['unquoted-key', 'python-literal']);
    expect(byName['third']).toEqual([]);
    // Each repair is the one made at its place in the text (the only bare key, the only `True`).
    const text = wrap([intact('first'), repaired('second'), intact('third')]);
    expect(result.calls[1]?.repairs.map((repair) => repair.offset)).toEqual([
      text.search(/(tool_)?name:/),
      text.indexOf('True'),
    ]);
  });

  it('should make as many repair records as the payload made, however many calls', () => {
    for (const count of [2, 8, 32]) {
      const names = Array.from({ length: count }, (_, index) => `call_${index}`);
      const result = parser.parse(wrap(names.map(repaired)));
      expect(result.calls).toHaveLength(count);
      // Two repairs per call object: n calls, 2n records (all of them, 2n², before the split).
      const records = result.calls.reduce((sum, call) => sum + call.repairs.length, 0);
      expect(records).toBe(2 * count);
    }
  });

  it('should stream to the same calls and repairs', () => {
    const text = wrap([intact('first'), repaired('second'), intact('third')]);
    for (const deltas of unitByUnit.chunkings(text)) {
      expectEquivalent({ formats: [format] }, deltas);
    }
  });
});

describe('a value invented in one call of a payload', () => {
  it('should refuse that call, and run the intact one beside it', () => {
    const parser = createParser({ formats: ['hermes'], ids: 'sequential' });
    const result = parser.parse(
      `<tool_call>\n${intact('first')},\n{"name": "second", "arguments": {"dry": }}\n</tool_call>`,
    );
    expect(result.calls.map((call) => call.name)).toEqual(['first']);
    expect(result.calls[0]?.repairs).toEqual([]);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['second', 'malformed'],
    ]);
  });
});

describe('a payload of several calls that the output stops inside', () => {
  // The output ends inside the last call: the calls before it are whole, as the calls before a
  // cut-off one are in the syntaxes read call by call.
  const cut = [
    {
      format: 'hermes',
      text: `<tool_call>\n${intact('first')},\n${intact('second')},\n{"name": "third", "arguments": {"n": `,
    },
    {
      format: 'hermes',
      text: `<tool_call>\n[${intact('first')}, ${intact('second')}, {"name": "third", "arguments": {"n": "tw`,
    },
    {
      format: 'jamba',
      text: `<tool_calls>[${intact('first')}, ${intact('second')}, {"name": "third", "arguments": {`,
    },
    {
      format: 'command_r7b',
      text: `<|START_ACTION|>[${[intact('first'), intact('second')].map((call) => call.replace('"arguments"', '"parameters"').replace('"name"', '"tool_name"')).join(', ')}, {"tool_name": "third", "parameters": {"n": 1`,
    },
  ] as const;

  it.each(cut)(
    'should run the whole calls and refuse the cut one ($format)',
    ({ format, text }) => {
      const result = createParser({ formats: [format], ids: 'sequential' }).parse(text);
      expect(result.calls.map((call) => call.name)).toEqual(['first', 'second']);
      expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
        ['third', 'incomplete'],
      ]);
    },
  );

  it.each(cut)(
    'should stream to the same calls however it is cut ($format)',
    ({ format, text }) => {
      for (const deltas of unitByUnit.chunkings(text)) {
        expectEquivalent({ formats: [format], reasoning: { startsInside: false } }, deltas);
      }
    },
  );

  it('should still refuse a lone call the output stops inside', () => {
    const parser = createParser({ formats: ['hermes'] });
    const result = parser.parse('<tool_call>\n{"name": "only", "arguments": {"n": 1}');
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual(['incomplete']);
  });
});

describe('a call object left open before its section ends', () => {
  const parser = createParser({ formats: ['hermes'], ids: 'sequential' });
  // Its arguments closed as written: only the object's own last brace is missing.
  const lastBraceMissing = '<tool_call>{"name": "f", "arguments": {"a": {"b": 1}}</tool_call>';

  it('should run a call missing only its own last brace, recording the repair', () => {
    const result = parser.parse(lastBraceMissing);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['f', { a: { b: 1 } }],
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'missing-closing-brace',
    ]);
  });

  it('should run the calls of a list missing only its closing bracket', () => {
    const result = parser.parse(`<tool_call>[${intact('first')}, ${intact('second')}</tool_call>`);
    expect(result.calls.map((call) => call.name)).toEqual(['first', 'second']);
  });

  it.each([
    // The arguments left open: `"c"` may belong to them or to `"a"`.
    [
      'its arguments left open',
      '<tool_call>{"name": "f", "arguments": {"a": {"b": 1}, "c": 2</tool_call>',
      'incomplete',
    ],
    // No end marker: the output stopped, maybe before `, "id": ...` or more.
    ['no end marker', '<tool_call>{"name": "f", "arguments": {"a": {"b": 1}}', 'incomplete'],
    // Where the string ends can only be guessed.
    [
      'a string left open',
      '<tool_call>{"name": "f", "arguments": {"memo": "rent}}</tool_call>',
      'malformed',
    ],
  ])('should refuse a call with %s', (_, text, reason) => {
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((rejection) => rejection.reason)).toEqual([reason]);
  });

  it.each([
    [
      'kimi_k2',
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": {"b": 1}<|tool_call_end|><|tool_calls_section_end|>',
    ],
    [
      'deepseek_v31',
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": {"b": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    ],
  ] as const)(
    'should run %s arguments missing only their own last brace before the end token',
    (format, text) => {
      const result = createParser({ formats: [format] }).parse(text);
      expect(result.calls.map((call) => call.arguments)).toEqual([{ a: { b: 1 } }]);
      for (const deltas of unitByUnit.chunkings(text)) {
        expectEquivalent({ formats: [format], reasoning: { startsInside: false } }, deltas);
      }
    },
  );

  it('should stream to the same calls however it is cut', () => {
    for (const deltas of unitByUnit.chunkings(lastBraceMissing)) {
      expectEquivalent({ formats: ['hermes'], reasoning: { startsInside: false } }, deltas);
    }
  });
});
