/**
 * `Format.readTextHead` is a promise a stream sends a section's text on, as it is written: once
 * it answers a head, the section the format reads at that marker, whatever text follows, has no
 * call and no issue, and its `content` (or `reasoning`) is the text from the head's start to the
 * first of its stops, the other one absent. Checked for every registered format that reads text
 * heads, at every prefix of random texts built from its tokens, prose and pieces of real outputs
 * of its syntax, and of the corpus outputs: the answer never changes once it is not `'wait'`, and
 * a head agrees with the whole text's section.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Format, FormatContext, Section, TextHead } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { HEAD_LIMIT } from '../../src/stream/call-head.js';
import { corpusPieces, readCorpus } from '../fuzz/corpus.js';

const reading: Format[] = Object.values(formats).filter(
  (format) => format.readTextHead !== undefined,
);

function read(format: Format, text: string, start: number): Section | undefined {
  const context: FormatContext = { text, tools: undefined, limits: DEFAULT_LIMITS };
  return format.parseAt(context, start);
}

/** The text a head promises: from its start to the first of its stops, or to the end. */
function promised(text: string, head: TextHead): string {
  let end = text.length;
  for (const stop of head.stops) {
    const at = text.indexOf(stop, head.start);
    if (at !== -1 && at < end) end = at;
  }
  return text.slice(head.start, end);
}

/** Checks the promise at every marker of the format in `text`; returns how many heads were read. */
function checkTextHeads(format: Format, text: string): number {
  const readHead = format.readTextHead as NonNullable<Format['readTextHead']>;
  let heads = 0;
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      const where = `${format.id} at ${at} of ${JSON.stringify(text)}`;
      let settled: TextHead | 'wait' | undefined = 'wait';
      const last = Math.min(text.length, at + marker.length + HEAD_LIMIT + 8);
      for (let end = at + marker.length; end <= last; end += 1) {
        const answer = readHead(text.slice(0, end), at);
        if (settled === 'wait') settled = answer;
        else expect(answer, `${where}, prefix ${end}`).toEqual(settled);
      }
      if (settled === 'wait') continue;
      expect(readHead(text, at), `${where}, whole text`).toEqual(settled);
      if (settled === undefined) continue;
      heads += 1;
      const section = read(format, text, at);
      const body = promised(text, settled);
      const other = settled.kind === 'content' ? 'reasoning' : 'content';
      expect(
        {
          calls: section?.calls,
          issues: section?.issues,
          [settled.kind]: section?.[settled.kind] ?? '',
          [other]: section?.[other],
        },
        where,
      ).toEqual({ calls: [], issues: [], [settled.kind]: body, [other]: undefined });
    }
  }
  return heads;
}

/** The syntaxes' tokens and what models write around and inside them. */
const PIECES = [
  ...['<|start|>', '<|channel|>', '<|constrain|>', '<|message|>', '<|end|>', '<|call|>'],
  ...['<|return|>', '<|', '|>', '<', 'assistant', 'user', 'functions.f', 'analysis', 'final'],
  ...['commentary', ' to=functions.f', ' to=assistant', ' to=', ' json', ' ', '\n', 'x'],
  ...['{"a": 1}', '{"a": "<|end|>"}', 'Let me think.', 'The answer is 4.', '<|start|>assistant'],
  ...['<|START_THINKING|>', '<|END_THINKING|>', '<|START_RESPONSE|>', '<|END_RESPONSE|>'],
  ...['<|START_TEXT|>', '<|END_TEXT|>', '<|START_ACTION|>', '<|END_ACTION|>', '<|END_'],
  ...['think<|sep|>', 'response<|sep|>', 'tools<|sep|>', ' think ', '<|sep|>', '<|open|>'],
  ...['<|close|>', '<|close|>think<|sep|>', '<|close|>response<|sep|>', 'thin', '<|end_of_msg|>'],
  ...['<|open|>think<|sep|>', '<|open|>response<|sep|>', '<|open|> think <|sep|>'],
  ...['<|inner_prefix|>', '<|inner_suffix|>', '<|tools_prefix|>', '<|tools_suffix|>', '<|inner'],
  ...['[{"f": {"a": 1}}]', '<|tools_prefix|>[{"f": {}}]<|tools_suffix|>'],
  ...['<|message_model|>', '<|content_thinking|>', '<|content_text|>', '<|end_message|>', 'f'],
  ...['<|content_invoke_tool_json|>', '<|content_model_end_sampling|>', '<|content_tool_error|>'],
  ...['<|content_invoke_tool_text|>', '<|content_', '<|end_mess', '{"name": "f", "args": {}}'],
  ...['<ifm|think>', '</ifm|think>', '<ifm|think_fast>', '</ifm|think_fast>', '<ifm|think_faster>'],
  ...['</ifm|think_faster>', '<ifm|tool_calls>', '</ifm|tool_calls>', '<ifm|think'],
  ...['<|think:start|>', '<|think:end|>', '<|tool_call:start|>', '<|think:', '<|tool_call:end|>'],
  ...[
    '<|plamo:begin_think:plamo|>',
    '<|plamo:end_think:plamo|>',
    '<|plamo:begin_tool_requests:plamo|>',
    '<|plamo:end_tool_requests:plamo|>',
    '<|plamo:end_think',
    '<|plamo:',
  ],
];

describe('Format.readTextHead', () => {
  it('should be read by the syntaxes whose sections stream their text', () => {
    expect(reading.map((format) => format.id).sort()).toEqual([
      'apertus',
      'command_r7b',
      'harmony',
      'inkling',
      'k2_horizon',
      'kimi_k3',
      'minimax_m3',
      'plamo3',
      'solar_open2',
    ]);
  });

  for (const format of reading) {
    it(`${format.id}: should keep its answer and agree with the whole section (random texts)`, () => {
      let heads = 0;
      const piece = fc.constantFrom(...format.markers, ...PIECES, ...corpusPieces(format));
      fc.assert(
        fc.property(
          fc.constantFrom(...format.markers),
          fc.array(piece, { maxLength: 12 }),
          fc.array(piece, { maxLength: 3 }),
          (marker, inside, before) => {
            heads += checkTextHeads(format, `${before.join('')}${marker}${inside.join('')}`);
          },
        ),
        { numRuns: 400 },
      );
      // Random pieces write a readable header now and then: the promise is exercised.
      expect(heads).toBeGreaterThan(50);
    });

    it(`${format.id}: should keep its answer and agree with the whole section (corpus)`, () => {
      for (const entry of readCorpus()) {
        if (entry.input.length <= 4096) checkTextHeads(format, entry.input);
      }
    });
  }
});
