/**
 * A section whose syntax has no end marker is trusted once enough text follows it. Grammars may
 * end such a section with an optional trailer after any run of blanks (gigachat3's `</s>`), and
 * a whole-output syntax (json_block) is one only while nothing but blanks follows: the margin
 * counts from the end of the blanks, so a long run of them never decides the section early.
 */
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents, type ParserOptions } from '../../src/index.js';

const GIGACHAT_CALL = '<|message_sep|>function call<|role_sep|>\n{"name": "f", "arguments": {}}';

const CASES: { label: string; options: ParserOptions; text: string }[] = [
  {
    label: 'gigachat3, </s> after 300 blank lines',
    options: { formats: ['gigachat3'] },
    text: `Hi${GIGACHAT_CALL}${'\n'.repeat(300)}</s>and more`,
  },
  {
    label: 'gigachat3 in auto mode, </s> after 200 spaces and newlines',
    options: {},
    text: `Hi${GIGACHAT_CALL}${' \n'.repeat(100)}</s>`,
  },
  {
    label: 'json_block, prose after 120 blank lines',
    options: { formats: ['json_block'] },
    text: `{"tool": "f", "arguments": {"a": 1}}${'\n \n'.repeat(40)}then prose`,
  },
];

/** The fold of a stream of `text` in deltas of `size` units, with the parse to compare. */
function foldAndParse(options: ParserOptions, text: string, size: number) {
  const settings = { ...options, ids: 'sequential', reasoning: { startsInside: false } } as const;
  const stream = createParser(settings).stream();
  const events = [];
  for (let index = 0; index < text.length; index += size) {
    events.push(...stream.push(text.slice(index, index + size)));
  }
  events.push(...stream.end());
  const folded = foldEvents(events);
  const parsed = createParser(settings).parse(text);
  return {
    folded: { content: folded.content, calls: folded.calls, rejected: folded.rejected },
    parsed: { content: parsed.content, calls: parsed.calls, rejected: parsed.rejected },
  };
}

describe('a section followed by a long run of blanks', () => {
  it.each(CASES)('$label: should fold to parse in any delta size', ({ options, text }) => {
    for (const size of [1, 3, 16, text.length]) {
      const { folded, parsed } = foldAndParse(options, text, size);
      expect(folded, `deltas of ${size}`).toEqual(parsed);
    }
  });

  it('should keep the trailer out of the content, as parse does', () => {
    const { folded } = foldAndParse(CASES[0]?.options ?? {}, CASES[0]?.text ?? '', 1);
    expect(folded.content).toBe('Hiand more');
    expect(folded.calls).toHaveLength(1);
  });
});
