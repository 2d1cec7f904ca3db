/**
 * Syntaxes that no end marker closes but whose lowering says when their section is closed
 * (`Section.open`) end its calls in the push that closes it, and stream the prose after it as it
 * comes, instead of holding both until a margin of text, grown by half again, confirms the section
 * (or until `end()`). The fold of every chunking is still `parse`.
 */
import { describe, expect, it } from 'vitest';
import { createParser, type ParserOptions, type StreamEvent } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { expectEquivalent } from './equivalence.js';

const CALL = '{"name": "get_weather", "arguments": {"city": "Ghent"}}';
const AFTER = ' That is all for now, thanks for waiting while I look it up.';

/**
 * `closing` ends with the unit after which nothing can change the section: its own close (a
 * `]`, an end token), or, where a trailer may follow after blanks, the first unit that is neither.
 * (A trailer that does follow, `</s>`, settles the section on the retry schedule: it ends the
 * model's turn, so the output ends there.)
 */
const CASES: { format: FormatId; closing: string }[] = [
  { format: 'granite', closing: `Looking.\n<|tool_call|> [${CALL}]` },
  { format: 'granite', closing: `Looking.\n<|tool_call|>${CALL}` },
  { format: 'granite_20b_fc', closing: `Looking. <function_call> ${CALL}\nT` },
  { format: 'granite_20b_fc', closing: `<function_call>\n${CALL}\n\n  T` },
  { format: 'phi4_mini', closing: `Looking. functools[${CALL}]` },
  { format: 'lfm2', closing: '<|tool_call_start|>[get_weather(city="Ghent")]<|tool_call_end|>' },
  { format: 'lfm2', closing: `<|tool_call_start|>[${CALL}]<|tool_call_end|>` },
  { format: 'olmo3', closing: '<function_calls>\nget_weather(city="Ghent")\n</function_calls>' },
  {
    format: 'gemma4',
    closing: '<|tool_call>call:get_weather{city:<|"|>Ghent<|"|>}<tool_call|>',
  },
  {
    format: 'functiongemma',
    closing: '<start_function_call>call:get_weather{city:<escape>Ghent<escape>}<end_function_call>',
  },
  {
    format: 'marker_json',
    closing: 'Looking.\nTOOL_CALL {"tool_name": "get_weather", "parameters": {"city": "Ghent"}}',
  },
  { format: 'gigachat3', closing: `<|message_sep|>\n\nfunction call<|role_sep|>\n${CALL}\nT` },
  { format: 'gigachat31', closing: `<|function_call|>${CALL} T` },
];

describe('stream: sections that say they are closed', () => {
  for (const { format, closing } of CASES) {
    const text = `${closing}${AFTER.slice(closing.endsWith('T') ? 2 : 0)}`;
    const modes: [string, ParserOptions][] = [
      ['forced', { formats: [format], reasoning: { startsInside: false } }],
      // Where other syntaxes share the marker, the first unit after it rules them out.
      ['auto', { reasoning: { startsInside: false } }],
    ];

    it.each(modes)(
      `${format}: should end the call where the section closes, %s (${closing.slice(-16)})`,
      (_mode, options) => {
        const stream = createParser({ ...options, ids: 'sequential' }).stream();
        const pushed: { at: number; event: StreamEvent }[] = [];
        for (let index = 0; index < text.length; index += 1) {
          for (const event of stream.push(text.charAt(index))) {
            pushed.push({ at: index + 1, event });
          }
        }
        const end = pushed.find(({ event }) => event.type === 'tool-call-end');
        expect(end).toMatchObject({
          at: closing.length,
          event: { call: { name: 'get_weather', format } },
        });
        // The prose after the section went out before end(), save what may start a marker.
        const sent = pushed
          .flatMap(({ event }) => (event.type === 'text-delta' ? [event.delta] : []))
          .join('');
        expect(sent).toContain('thanks for waiting while I look it');
        expect(stream.end().some((event) => event.type === 'tool-call-end')).toBe(false);
        expectEquivalent(options, [...text]);
        expectEquivalent(options, [text]);
      },
    );
  }
});

/**
 * Syntaxes whose model ends its turn after the calls (`Section.dropsTextUntil`): the text after
 * the section is dropped up to the next section, as the reference parsers do. Their
 * calls end in the push that closes the section all the same, the dropped text is not held, and
 * a later section is read.
 */
const TURN_ENDING: { format: FormatId; section: string }[] = [
  {
    format: 'deepseek_v3',
    section:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Ghent"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  },
  {
    format: 'deepseek_v31',
    section:
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Ghent"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  },
  { format: 'hunyuan_a13b', section: `<tool_calls>[${CALL}]</tool_calls>` },
  // mistral's three generations: the list, NAME{..} and NAME[ARGS]{..}.
  { format: 'mistral', section: `[TOOL_CALLS][${CALL}]` },
  { format: 'mistral', section: '[TOOL_CALLS]get_weather{"city": "Ghent"}' },
  { format: 'mistral', section: '[TOOL_CALLS]get_weather[ARGS]{"city": "Ghent"}' },
];

describe('stream: sections after which the turn ends', () => {
  for (const { format, section } of TURN_ENDING) {
    const closing = `Looking it up. ${section}`;
    // The second section's close ends the text: the text between the two is dropped.
    const text = `${closing}${AFTER} <tool_call> ${section}`;
    const dropped = { from: closing.length, to: text.length - section.length };
    const marker = section.slice(0, section.search(/[>\]]/) + 1);
    const modes: [string, ParserOptions][] = [
      ['forced', { formats: [format], reasoning: { startsInside: false } }],
      ['auto', { reasoning: { startsInside: false } }],
    ];

    it.each(modes)(`${format}: should end each call where its section closes, %s`, (_, options) => {
      const stream = createParser({ ...options, ids: 'sequential' }).stream();
      const ends: number[] = [];
      let sent = '';
      let mostHeldAfter = 0;
      for (let index = 0; index < text.length; index += 1) {
        for (const event of stream.push(text.charAt(index))) {
          if (event.type === 'tool-call-end') {
            expect(event).toMatchObject({ call: { name: 'get_weather', format } });
            ends.push(index + 1);
          }
          if (event.type === 'text-delta') sent += event.delta;
        }
        if (index >= dropped.from && index < dropped.to) {
          mostHeldAfter = Math.max(mostHeldAfter, stream.held);
        }
      }
      expect(ends).toEqual([closing.length, text.length]);
      expect(sent).toBe('Looking it up. ');
      // Only a split opening token is held while the text after the section is dropped.
      expect(mostHeldAfter).toBeLessThan(marker.length);
      expect(stream.end()).toEqual([]);
      expectEquivalent(options, [...text]);
      expectEquivalent(options, [text]);
    });
  }
});

/**
 * Sections no head is read for (the bare syntaxes, in forced mode) run their grammar on the
 * stream's retry schedule only; one that says it is closed settles at the first run after its
 * close, rather than after a margin of text and a second run that confirms it.
 */
const HEADLESS: { format: FormatId; section: string }[] = [
  { format: 'pythonic', section: "[get_weather(city='Ghent')]" },
  { format: 'pythonic', section: "<|python_start|>[get_weather(city='Ghent')]<|python_end|>" },
  { format: 'xlam', section: `[${CALL}]` },
  { format: 'xlam', section: `<tool_call>[${CALL}]</tool_call>` },
];

describe('stream: closed sections that no head starts', () => {
  it.each(HEADLESS)('$format: should end the call before the output ends ($section)', (entry) => {
    const options: ParserOptions = { formats: [entry.format], reasoning: { startsInside: false } };
    const text = `${entry.section}${AFTER}`;
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const pushed = [...text].flatMap((unit) => stream.push(unit));
    expect(pushed.filter((event) => event.type === 'tool-call-end')).toMatchObject([
      { call: { name: 'get_weather', format: entry.format } },
    ]);
    expect(stream.end().some((event) => event.type === 'tool-call-end')).toBe(false);
    expectEquivalent(options, [...text]);
  });
});

describe('stream: a Llama 4 python block (forced pythonic)', () => {
  const options: ParserOptions = { formats: ['pythonic'], reasoning: { startsInside: false } };

  it.each([
    ['closed by its end token', "<|python_start|>[get_weather(city='Ghent')]<|python_end|>"],
    ['calls one a line', "<|python_start|>get_weather(city='Ghent')\n<|python_end|>"],
  ])('should start the first call at its ( and end it as the block closes (%s)', (_, block) => {
    const text = `${block}${AFTER}`;
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const pushed: { at: number; event: StreamEvent }[] = [];
    for (let index = 0; index < text.length; index += 1) {
      for (const event of stream.push(text.charAt(index))) pushed.push({ at: index + 1, event });
    }
    const start = pushed.find(({ event }) => event.type === 'tool-call-start');
    expect(start).toMatchObject({ at: block.indexOf('(') + 1, event: { name: 'get_weather' } });
    const end = pushed.find(({ event }) => event.type === 'tool-call-end');
    expect(end).toMatchObject({ at: block.length, event: { call: { name: 'get_weather' } } });
    expectEquivalent(options, [...text]);
  });

  it('should refuse a started call whose block turns out to hold no calls', () => {
    const text = "<|python_start|>[get_weather(city='Ghent'), 42]<|python_end|> Done.";
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const events = [...text].flatMap((unit) => stream.push(unit)).concat(stream.end());
    expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
    expect(events.find((event) => event.type === 'tool-call-end')).toMatchObject({
      rejection: { reason: 'malformed' },
    });
    expectEquivalent(options, [...text]);
    expectEquivalent(options, [text]);
  });
});
