import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qwen3_coder } from '../../src/formats/qwen3_coder/index.js';
import { createParser } from '../../src/index.js';
import { withTagRefusals } from '../../src/pipeline/tag-refusal.js';
import { readSection } from '../formats/read-section.js';
import { expectEveryChunking } from '../stream/equivalence.js';

/** A call written as hermes JSON, which a parser of another `<tool_call>` syntax cannot read. */
const HERMES_CALL = '<tool_call>{"name": "book_room", "arguments": {"room": "B2"}}</tool_call>';

describe('a <tool_call> none of the formats reads', () => {
  it('should be refused in the name of the syntax the parser reads, keeping the text around it', () => {
    const parser = createParser({ formats: ['qwen3_coder'] });
    const result = parser.parse(`Booking it.\n${HERMES_CALL}\nDone.`);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ reason: 'malformed', format: 'qwen3_coder' }),
    ]);
    expect(result.rejected[0]?.envelope.expected).toContain('qwen3_coder');
    expect(result.issues).toEqual([
      expect.objectContaining({
        code: 'malformed-tool-call',
        message: '<tool_call> does not hold a call written as qwen3_coder',
      }),
    ]);
    expect(result.content).toBe('Booking it.\n\nDone.');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should name every selected syntax that reads the tag', () => {
    const parser = createParser({ formats: ['glm45', 'qwen3_coder'] });
    expect(parser.parse(HERMES_CALL).issues.map((issue) => issue.message)).toEqual([
      '<tool_call> does not hold a call written as qwen3_coder or glm45',
    ]);
  });

  it('should leave the refusal to hermes when hermes is among the formats, and read its call', () => {
    for (const formats of [['qwen3_coder', 'hermes'] as const, 'auto' as const]) {
      const result = createParser({ formats }).parse(HERMES_CALL);
      expect(result.calls.map((call) => [call.name, call.format])).toEqual([
        ['book_room', 'hermes'],
      ]);
    }
  });

  it('should still read the call in the next <tool_call> when the refused one is never closed', () => {
    const parser = createParser({ formats: ['qwen3_coder'] });
    const result = parser.parse(
      '<tool_call>let me think\n<tool_call>\n<function=book_room>\n<parameter=room>\nB2\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ room: 'B2' }]);
    expect(result.rejected).toHaveLength(1);
  });

  it('should refuse the rest of the output after a tag that is never closed, as hermes does', () => {
    const text = 'Wrap calls in a <tool_call> tag, then continue.';
    expect(createParser({ formats: ['glm45'] }).parse(text).content).toBe('Wrap calls in a ');
    expect(createParser({ formats: ['hermes'] }).parse(text).content).toBe('Wrap calls in a ');
  });

  it('should refuse the other shared tags the same way: <tool_calls>, <function_calls>', () => {
    const jamba = createParser({ formats: ['jamba', 'hunyuan_a13b'] });
    expect(jamba.parse('<tool_calls>{"name": "f"}</tool_calls> ok').issues).toEqual([
      expect.objectContaining({
        message: '<tool_calls> does not hold a call written as hunyuan_a13b or jamba',
      }),
    ]);
    const olmo = createParser({ formats: ['olmo3'] });
    expect(olmo.parse('<function_calls>{"name": "f"}</function_calls>').rejected).toEqual([
      expect.objectContaining({ reason: 'malformed', format: 'olmo3' }),
    ]);
    // With the syntax that refuses among the formats, that syntax's own refusal stands.
    const withMinimax = createParser({ formats: ['jamba', 'minimax'] });
    expect(withMinimax.parse('<tool_calls>hello</tool_calls>').issues).toEqual([
      expect.objectContaining({ message: expect.not.stringContaining('does not hold') }),
    ]);
  });

  it('should not touch a parser whose formats do not read the tag', () => {
    const result = createParser({ formats: ['mistral'] }).parse(HERMES_CALL);
    expect(result.content).toBe(HERMES_CALL);
    expect(result.issues).toEqual([]);
  });

  it('should keep the promise of its end markers: nothing after the first one changes the section', () => {
    const [refusal] = withTagRefusals([qwen3_coder]).refusals;
    if (refusal === undefined) throw new Error('qwen3_coder alone gets a refusal');
    const piece = fc.constantFrom('<tool_call>', '</tool_call>', 'x', '\n', '<', '{"a": 1}');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 6 }),
        fc.constantFrom('</tool_call>', '<tool_call>'),
        fc.array(piece, { maxLength: 4 }),
        (inside, end, after) => {
          const head = `<tool_call>${inside.join('')}${end}`;
          // Where the first end marker after the tag ends.
          const ends = ['</tool_call>', '<tool_call>']
            .map((marker) => ({ marker, at: head.indexOf(marker, '<tool_call>'.length) }))
            .filter((found) => found.at !== -1)
            .map((found) => found.at + found.marker.length);
          const cut = Math.min(...ends);
          const whole = readSection(refusal, head + after.join(''), 0);
          expect(readSection(refusal, head.slice(0, cut), 0)).toEqual(whole);
          expect(readSection(refusal, head.slice(0, cut) + ' and more', 0)).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  describe('streams the same result as parse, for every chunking', () => {
    const texts = [
      `Booking it.\n${HERMES_CALL}\nDone.`,
      '<tool_call>oops<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call> ok',
      'Use <tool_call> tags.',
      '<tool_call>\nbook_room\n<arg_key>room</arg_key>\n<arg_value>B2</arg_value>\n</tool_call><tool_call>[1]</tool_call>',
    ];
    it.each(texts)('%j', (text) => {
      expectEveryChunking({ formats: ['qwen3_coder'] }, text);
      expectEveryChunking({ formats: ['glm45', 'granite'] }, text);
    });
    it.each([
      '<tool_calls>[{"name": "f", "arguments": {}}]</tool_calls><tool_calls>oops</tool_calls> ok',
      'x <function_calls>{}<function_calls>f(a=1)</function_calls>',
    ])('%j', (text) => {
      expectEveryChunking({ formats: ['jamba'] }, text);
      expectEveryChunking({ formats: ['olmo3'] }, text);
    });
  });
});
