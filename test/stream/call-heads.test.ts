/**
 * Syntaxes beyond hermes start a section's first call from its head (`Format.readCallHead`): the
 * `tool-call-start` comes in the push that writes the arguments' `{`, and the arguments stream as
 * canonical JSON while the model writes them, not all at once when the section ends. A first
 * call whose arguments turn out unreadable ends as the one rejection `parse` gives, under the id
 * its start was sent with (the model's own call id where the syntax writes one).
 */
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents, type StreamEvent } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { expectEquivalent } from './equivalence.js';

/** One call in each syntax, text around it; `head` is what precedes the arguments' `{`. */
const CASES: {
  format: FormatId;
  head: string;
  tail: string;
  id?: string;
  unnamedRefusal?: true;
  /** Broken arguments end the call object early: the text after it is refused apart. */
  strayRefusal?: true;
}[] = [
  {
    format: 'kimi_k2',
    head: 'Let me look.<|tool_calls_section_begin|>\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>',
    tail: '<|tool_call_end|><|tool_calls_section_end|>',
    id: 'functions.get_weather:0',
  },
  {
    format: 'deepseek_v3',
    head: 'Let me look.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n',
    tail: '\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  },
  {
    format: 'deepseek_v31',
    head: 'Let me look.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>',
    tail: '<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  },
  {
    format: 'mistral',
    head: 'Let me look.[TOOL_CALLS]get_weather[CALL_ID]k3Rz9[ARGS]',
    tail: '',
    id: 'k3Rz9',
  },
  { format: 'mistral', head: '[TOOL_CALLS]get_weather[ARGS]', tail: '' },
  {
    format: 'mistral',
    head: 'Let me look.[TOOL_CALLS] [{"name": "get_weather", "arguments": ',
    tail: '}]',
    // Text in the list that is not a call object leaves the section no call: it is refused whole.
    unnamedRefusal: true,
  },
  {
    format: 'internlm',
    head: 'Let me look.<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": ',
    tail: '}<|action_end|>',
  },
  {
    format: 'jamba',
    head: 'Let me look.<tool_calls>[{"name": "get_weather", "arguments": ',
    tail: '}]</tool_calls>',
  },
  {
    format: 'phi4_mini',
    head: 'Let me look. functools[{"name": "get_weather", "arguments": ',
    tail: '}]',
    // Text in the list that is not a call object leaves the section no call: it is refused whole.
    unnamedRefusal: true,
  },
  {
    format: 'hunyuan_a13b',
    head: 'Let me look.<tool_calls>[{"name": "get_weather", "arguments": ',
    tail: '}]</tool_calls>',
  },
  {
    format: 'command_r7b',
    head: 'Let me look.<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": ',
    tail: '}\n]<|END_ACTION|>',
    id: '0',
  },
  {
    format: 'granite_20b_fc',
    head: 'Let me look. <function_call> {"name": "get_weather", "arguments": ',
    tail: '}',
  },
  {
    format: 'marker_json',
    head: 'I\'ll search for that.\nTOOL_CALL {"tool_name": "get_weather", "parameters": ',
    tail: '}\nDone searching.',
  },
  {
    format: 'marker_json',
    head: 'TOOL_CALL\n\n```json\n{"tool_name": "get_weather", "parameters": ',
    tail: '}\n```',
  },
  {
    format: 'minimax',
    head: 'Let me look.<tool_calls>\n{"name": "get_weather", "arguments": ',
    tail: '}\n</tool_calls>',
    strayRefusal: true,
  },
  {
    format: 'granite',
    head: 'Let me look.<tool_call>[{"name": "get_weather", "arguments": ',
    tail: '}]</tool_call>',
  },
  {
    format: 'granite',
    head: 'Let me look.\n<|tool_call|> [{"name": "get_weather", "arguments": ',
    tail: '}]',
  },
  {
    format: 'granite',
    head: 'Let me look.\n<|tool_call|>{"name": "get_weather", "arguments": ',
    tail: '}',
  },
  {
    format: 'longcat',
    head: 'Let me look.<longcat_tool_call>{"name": "get_weather", "arguments": ',
    tail: '}</longcat_tool_call>',
    // The name is read inside the call object: an object that cannot be read names no tool.
    unnamedRefusal: true,
  },
];

const ARGUMENTS = '{"city": "Ghent", "days": [1, 2], "units": {"temperature": "celsius"}}';
const OPTIONS = { reasoning: { startsInside: false } } as const;

/** Streams one unit at a time; each event with the unit count after which it came. */
function unitByUnit(format: FormatId, text: string): { at: number; event: StreamEvent }[] {
  const stream = createParser({ ...OPTIONS, formats: [format], ids: 'sequential' }).stream();
  const events: { at: number; event: StreamEvent }[] = [];
  for (let index = 0; index < text.length; index += 1) {
    for (const event of stream.push(text.charAt(index))) events.push({ at: index + 1, event });
  }
  for (const event of stream.end()) events.push({ at: text.length, event });
  return events;
}

describe('stream: calls started from their head', () => {
  for (const { format, head, tail, id, unnamedRefusal, strayRefusal } of CASES) {
    const text = `${head}${ARGUMENTS}${tail}\nDone.`;

    it(`${format}: should start at the arguments' brace and stream them (${head.slice(-12)})`, () => {
      const events = unitByUnit(format, text);
      const start = events.find(({ event }) => event.type === 'tool-call-start');
      expect(start).toMatchObject({
        at: head.length + 1,
        event: { name: 'get_weather', ...(id === undefined ? {} : { id }) },
      });
      const deltas = events.filter(({ event }) => event.type === 'tool-call-delta');
      // Written as the model writes them: one delta per certain piece, the last at its `}`.
      expect(deltas.length).toBeGreaterThan(10);
      expect(deltas.at(-1)?.at).toBeLessThanOrEqual(head.length + ARGUMENTS.length + 1);
      const joined = deltas
        .map(({ event }) => (event.type === 'tool-call-delta' ? event.argumentsDelta : ''))
        .join('');
      expect(joined).toBe(JSON.stringify(JSON.parse(ARGUMENTS)));
      const folded = foldEvents(events.map(({ event }) => event));
      expect(folded.calls).toMatchObject([
        { name: 'get_weather', arguments: JSON.parse(ARGUMENTS) },
      ]);
      expectEquivalent({ ...OPTIONS, formats: [format] }, [...text]);
      expectEquivalent({ ...OPTIONS, formats: [format] }, [text]);
    });

    it(`${format}: should end a started call whose arguments cannot be read as parse rejects it (${head.slice(-12)})`, () => {
      const broken = `${head}{"city": ]}${tail}\nDone.`;
      const parsed = createParser({ ...OPTIONS, formats: [format], ids: 'sequential' }).parse(
        broken,
      );
      expect(parsed.calls).toEqual([]);
      expect(parsed.rejected).toMatchObject([
        unnamedRefusal === true
          ? { reason: 'malformed' }
          : { reason: 'malformed', name: 'get_weather', envelope: { tool: 'get_weather' } },
        ...(strayRefusal === true ? [{ reason: 'malformed' }] : []),
      ]);
      const events = unitByUnit(format, broken).map(({ event }) => event);
      const starts = events.filter((event) => event.type === 'tool-call-start');
      const ends = events.filter((event) => event.type === 'tool-call-end');
      expect(starts).toHaveLength(1);
      expect(ends).toHaveLength(parsed.rejected.length);
      const started = starts[0] as Extract<StreamEvent, { type: 'tool-call-start' }>;
      expect(ends[0]).toMatchObject({ id: started.id, rejection: { id: started.id } });
      if (id !== undefined) expect(started.id).toBe(id);
      expectEquivalent({ ...OPTIONS, formats: [format] }, [...broken]);
    });
  }

  it('should end a refused first call, then the call after it in the section, each under its own id', () => {
    const call = (id: string, args: string): string =>
      `<|tool_call_begin|>functions.${id}<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
    const text = `<|tool_calls_section_begin|>${call('lookup:0', '{"q": ]}')}${call('get_weather:1', '{"city": "Ghent"}')}<|tool_calls_section_end|>`;
    const options = { ...OPTIONS, formats: ['kimi_k2' as const] };
    const parsed = createParser({ ...options, ids: 'sequential' }).parse(text);
    expect(parsed.rejected).toMatchObject([{ id: 'functions.lookup:0', name: 'lookup' }]);
    expect(parsed.calls).toMatchObject([{ id: 'functions.get_weather:1', name: 'get_weather' }]);
    const events = unitByUnit('kimi_k2', text).map(({ event }) => event);
    expect(events.filter((event) => event.type !== 'tool-call-delta')).toMatchObject([
      { type: 'tool-call-start', id: 'functions.lookup:0', name: 'lookup' },
      { type: 'tool-call-end', id: 'functions.lookup:0', rejection: { reason: 'malformed' } },
      { type: 'tool-call-start', id: 'functions.get_weather:1', name: 'get_weather' },
      { type: 'tool-call-end', id: 'functions.get_weather:1', call: { name: 'get_weather' } },
    ]);
    expectEquivalent(options, [...text]);
  });

  it.each([
    'deepseek_v3',
    'deepseek_v31',
    'minimax',
    'command_r7b',
    'granite_20b_fc',
    'marker_json',
  ])('should start a %s call early in auto mode too', (id) => {
    // deepseek_v3 and deepseek_v31 share their opening token: v31's head counts once v3 declines.
    // minimax shares <tool_calls> with jamba and hunyuan_a13b, which cannot open without a list;
    // granite_20b_fc shares <function_call> with markup, which cannot open at a `{`.
    const { head, tail, format } = CASES.find(
      (each) => each.format === id,
    ) as (typeof CASES)[number];
    const text = `${head}${ARGUMENTS}${tail}\nDone.`;
    const stream = createParser({ ...OPTIONS, ids: 'sequential' }).stream();
    const events: { at: number; event: StreamEvent }[] = [];
    for (let index = 0; index < text.length; index += 1) {
      for (const event of stream.push(text.charAt(index))) events.push({ at: index + 1, event });
    }
    const start = events.find(({ event }) => event.type === 'tool-call-start');
    expect(start).toMatchObject({ at: head.length + 1, event: { name: 'get_weather' } });
    const folded = foldEvents([...events.map(({ event }) => event), ...stream.end()]);
    expect(folded.calls).toMatchObject([{ name: 'get_weather', format }]);
    expectEquivalent(OPTIONS, [...text]);
  });
});
