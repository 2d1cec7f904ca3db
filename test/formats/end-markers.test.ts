/**
 * `Format.endMarkers` is a promise a stream relies on to trust a section as soon as one of them
 * arrives: whether `parseAt` reads a section at a marker, and the whole section it reads, depend
 * only on the text up to the first end marker after the marker (or, where the section read up to
 * it says it is open, up to the first after which it does not). Checked for every registered
 * format that declares end markers by cutting the text just after that end marker and writing
 * something else after it: the answer must not change. Random texts are built from the format's
 * markers and end markers, pieces of real outputs of its syntax, tags, JSON and prose; the corpus
 * is checked at every marker of every output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endMarkersAt, type Format } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { corpusPieces, readCorpus } from '../fuzz/corpus.js';
import { readSection } from './read-section.js';
import { slashCommand } from '../../examples/custom-format/slash-command.js';

// The example custom format (examples/custom-format/) makes the same promise through defineFormat.
const declaring: Format[] = [...Object.values(formats), slashCommand].filter(
  (format) => format.endMarkers !== undefined,
);

/** Text written after the cut: nothing, more of the same syntax, other syntaxes, prose. */
const SUFFIXES = [
  '',
  ' ',
  '\n',
  '<',
  '"',
  '}',
  ']',
  ' and then some prose.',
  '{"name": "g", "arguments": {"b": 2}}',
  '</tool_call>',
  '<tool_call>',
  '</function>',
  '</parameter>',
  '<|tool_call_end|>',
  '<|tool_calls_section_end|>',
];

/** Where the first end marker (of those `marker` promises) after `from` ends, or -1. */
function firstEnd(format: Format, marker: string, text: string, from: number): number {
  let end = -1;
  for (const endMarker of endMarkersAt(format, marker) ?? []) {
    const at = text.indexOf(endMarker, from);
    if (at !== -1 && (end === -1 || at + endMarker.length < end)) end = at + endMarker.length;
  }
  return end;
}

/**
 * Where the first end marker after `from` at which the section read is not open ends, or -1: a
 * section read up to an end marker may say it is open (hermes, cut at a close tag inside one of
 * its payload's strings), and a stream then waits for the next one.
 */
function settledEnd(format: Format, marker: string, text: string, at: number): number {
  let end = firstEnd(format, marker, text, at + marker.length);
  while (end !== -1) {
    const read = readSection(format, text.slice(0, end), at);
    if (read === undefined || read === 'threw' || read.open !== true) return end;
    end = firstEnd(format, marker, text, end);
  }
  return -1;
}

/**
 * Checks the promise at every marker of the format in `text`, with the given texts written after
 * the cut. Returns how many markers had an end marker after them (the cases the promise covers).
 */
function checkCuts(format: Format, text: string, suffixes: readonly string[]): number {
  let covered = 0;
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      const end = settledEnd(format, marker, text, at);
      if (end === -1) continue;
      covered += 1;
      const whole = readSection(format, text, at);
      if (whole !== undefined && whole !== 'threw') {
        expect(whole.end, `${format.id} read past its end marker in ${JSON.stringify(text)}`).toBe(
          Math.min(whole.end, end),
        );
      }
      for (const suffix of suffixes) {
        const cut = text.slice(0, end) + suffix;
        expect(
          readSection(format, cut, at),
          `${format.id} at ${at}: ${JSON.stringify(text)} cut to ${JSON.stringify(cut)}`,
        ).toEqual(whole);
      }
    }
  }
  return covered;
}

/** Every registered format's markers and end markers: the tokens other syntaxes end on. */
const TOKENS = [
  ...new Set(
    Object.values(formats).flatMap((format) => [
      ...format.markers,
      ...format.markers.flatMap((marker) => endMarkersAt(format, marker) ?? []),
    ]),
  ),
];

const FILLERS = [
  ...[' ', '\n', '<', '>', '/', '"', "'", '{', '}', '[', ']', '(', ')', ':', ',', '=', 'f', '1'],
  ...['{"name": "f", "arguments": {"a": 1}}', '[{"name": "f", "arguments": {}}]', '{"a": "'],
  ...['<function=f>', '<parameter=a>', '</parameter>', '</function>', '</tool_call>', 'f(a="'],
  ...[
    '<arg_key>a</arg_key>',
    '<arg_value>1</arg_value>',
    'Sure, let me check.',
    ' name="',
    '">',
    "'>",
  ],
  ...['<invoke name="f">', '<parameter name="a">', '</invoke>', '<|"|>', '<|tool_call_end|>'],
  ...['<|close|>tools<|sep|>', '<|close|>think<|sep|>', '<|open|>call tool="f"<|sep|>', 'think'],
  ...['<tool_call>f<tool_sep>', '<tool_sep>', '</arg_value>', '<tool_call>f</tool_call>'],
  ...['<ifm|tool_call>f', '</ifm|tool_call>', '<ifm|arg_key>a</ifm|arg_key>', '</ifm|tool_calls>'],
  ...['<ifm|arg_value>1</ifm|arg_value>', '<ifm|arg_type>', '<ifm|think>', '</ifm|think_fast>'],
  ...['<ifm|tool_calls>', '{"name": "f"}', '<ifm|arg_value>', '</ifm|arg_value>', '</ifm|arg_key>'],
  ...['<|tool_call:start|>f\n', '<|tool_call:end|>', '<|tool_arg:start|>a', '<|tool_arg:value|>'],
  ...['<|tool_arg:end|>', '<|think:start|>', '<|think:end|>', '<|tool_call:start|>'],
  ...['[{"f": {"a": 1}}]', '{"f": {"a": "', '[{"f": {}}, ', ']'],
  ...['{"name": "f", "args": {"a": 1}}', 'get_weather', '{"name": "f", "args": {"a": "'],
  ...['<TOOLCALL>', '</TOOLCALL>', '{"name": "f", "arguments": {"a": "', '<TOOLCALL>[]'],
  ...[
    '<|plamo:begin_tool_request:plamo|>',
    '<|plamo:end_tool_request:plamo|>',
    '<|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|>',
    '<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>',
    '<|plamo:end_tool_arguments:plamo|>',
    '<|plamo:end_tool_requests:plamo|>',
    '<|plamo:begin_tool_requests:plamo|>',
    '<|plamo:begin_think:plamo|>',
    '<|plamo:end_think:plamo|>',
    '<|plamo:msg|>',
  ],
  ...TOKENS,
];

describe('Format.endMarkers', () => {
  for (const format of declaring) {
    // The markers that promise end markers, and all the end markers they promise.
    const promising = format.markers.filter((marker) => endMarkersAt(format, marker) !== undefined);
    const ends = [...new Set(promising.flatMap((marker) => endMarkersAt(format, marker) ?? []))];

    it(`${format.id}: should read the same section whatever follows its end marker (random texts)`, () => {
      let covered = 0;
      const piece = fc.constantFrom(
        ...format.markers,
        ...ends,
        ...FILLERS,
        ...corpusPieces(format),
      );
      fc.assert(
        fc.property(
          // A marker and one of the end markers it promises (another marker's may end nothing).
          fc
            .constantFrom(...promising)
            .chain((marker) =>
              fc.tuple(
                fc.constant(marker),
                fc.constantFrom(...(endMarkersAt(format, marker) ?? [])),
              ),
            ),
          fc.array(piece, { maxLength: 8 }),
          fc.array(piece, { maxLength: 4 }),
          fc.array(piece, { maxLength: 4 }),
          ([marker, end], inside, after, suffix) => {
            const text = `${marker}${inside.join('')}${end}${after.join('')}`;
            covered += checkCuts(format, text, ['', suffix.join('')]);
          },
        ),
        { numRuns: 1500 },
      );
      // Every text holds a marker and one of its end markers after it.
      expect(covered).toBeGreaterThanOrEqual(1500);
    });

    it(`${format.id}: should read the same section whatever follows its end marker (corpus)`, () => {
      for (const entry of readCorpus()) checkCuts(format, entry.input, SUFFIXES);
    });
  }
});
