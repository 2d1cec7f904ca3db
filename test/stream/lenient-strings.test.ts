/**
 * Strings a model got wrong, which the parse reads leniently and ends elsewhere than strict JSON
 * would: a quote left unescaped inside the string, a closing quote left out before a `}` or
 * before the next member, an output cut off inside a string that holds `}`. A call started from
 * its head streams its arguments while they are written; it must not have sent text the parse
 * then reads otherwise, or the stream would end the call as malformed and send it again, and the
 * fold would hold one rejection more than `parse`. Before the writer held such text back, hermes
 * did so in the four cases of wrong strings below, and kimi_k2 and deepseek_v31 once their calls
 * started from their heads. A string left open whose end the parse guesses at a delimiter after
 * text the stream already sent refuses its call (`guessed-string-end`): so the two agree.
 */
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents, type StreamEvent } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { expectEquivalent } from './equivalence.js';

/** How each syntax wraps a call to `note` with the given arguments text. */
const SYNTAXES: { format: FormatId; wrap: (args: string) => string; auto?: true }[] = [
  {
    format: 'hermes',
    wrap: (args) => `<tool_call>{"name": "note", "arguments": ${args}}</tool_call>`,
  },
  {
    format: 'kimi_k2',
    wrap: (args) =>
      `<|tool_calls_section_begin|><|tool_call_begin|>functions.note:0<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`,
  },
  {
    format: 'deepseek_v31',
    wrap: (args) =>
      `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>note<｜tool▁sep｜>${args}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
    auto: true,
  },
];

/** Arguments written wrong, each as the model wrote them. */
const ARGUMENTS: { label: string; args: string }[] = [
  { label: 'an unescaped quote inside a string', args: '{"text": "she said "hi" twice", "n": 1}' },
  { label: 'a closing quote left out before the last brace', args: '{"text": "done}' },
  { label: 'a closing quote left out before the next member', args: '{"text": "a, "n": 2}' },
  { label: 'a closing quote left out before a bracket', args: '{"tags": ["x, "y"]}' },
  { label: 'delimiters inside well-formed strings', args: '{"text": "a, b} c]", "n": [1]}' },
  // A number or literal run into letters: the parse reads an unquoted string (`"4zz"`).
  { label: 'a number run into letters', args: '{"n": 4zz, "m": 1}' },
  { label: 'a literal run into letters', args: '{"flag": truex}' },
  // The parse ends these at their first delimiter, a guess (`Hello`), and refuses the call; the
  // stream had sent `Hello, world` as written.
  { label: 'a closing quote left out after a comma', args: '{"text": "Hello, world}' },
  { label: 'a closing quote left out after a line break', args: '{"text": "one\ntwo\n}' },
];

const OPTIONS = { reasoning: { startsInside: false } } as const;

function streamUnits(options: object, text: string): StreamEvent[] {
  const stream = createParser({ ...options, ids: 'sequential' }).stream();
  const events: StreamEvent[] = [];
  for (const unit of text) events.push(...stream.push(unit));
  events.push(...stream.end());
  return events;
}

describe('stream: strings read leniently', () => {
  for (const { format, wrap, auto } of SYNTAXES) {
    for (const { label, args } of ARGUMENTS) {
      it(`${format}: should fold to parse for ${label}`, () => {
        const text = `Let me write it down. ${wrap(args)} Done.`;
        const modes = auto === true ? [{ formats: [format] }, {}] : [{ formats: [format] }];
        for (const mode of modes) {
          const options = { ...OPTIONS, ...mode };
          const events = streamUnits(options, text);
          // One start (from the head) and one end: the call is not ended and sent again.
          expect(events.filter((event) => event.type === 'tool-call-start')).toHaveLength(1);
          expect(events.filter((event) => event.type === 'tool-call-end')).toHaveLength(1);
          const folded = foldEvents(events);
          const parsed = createParser({ ...options, ids: 'sequential' }).parse(text);
          expect(folded.calls).toEqual(parsed.calls);
          expect(folded.rejected).toEqual(parsed.rejected);
          expectEquivalent(options, [...text]);
          expectEquivalent(options, [text]);
        }
      });
    }

    it(`${format}: should fold to parse for an output cut off inside a string that holds a brace`, () => {
      const whole = wrap('{"city": "Toky}');
      const text = whole.slice(0, whole.indexOf('}') + 1);
      expectEquivalent({ ...OPTIONS, formats: [format] }, [...text]);
      expectEquivalent({ ...OPTIONS, formats: [format] }, [text]);
    });
  }
});
