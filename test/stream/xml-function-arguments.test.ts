/**
 * qwen3_coder's first call streams from its `<function=NAME>` tag: the start goes out at the
 * tag's `>`, and the arguments as canonical JSON while the parameters are written, text values
 * unit by unit, typed ones when their parameter closes. What was sent must be what `parse` reads:
 * layout newlines dropped, tags ending a value never sent as text, values typed by the schema.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking, streamAll } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'write_file',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        mode: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
        kind: { enum: ['text', 'binary'] },
      },
    },
  },
];

const call = (parameters: string, after = '\n</function>\n</tool_call>'): string =>
  `Writing it now.\n<tool_call>\n<function=write_file>\n${parameters}${after}`;

/** Calls as models write them, right and wrong, each streamed from its tag. */
const CASES: { label: string; text: string }[] = [
  {
    label: 'text values on their own lines',
    text: call(
      '<parameter=path>\nnotes.md\n</parameter>\n<parameter=content>\n# Title\n\nBody\n</parameter>',
    ),
  },
  {
    label: 'a value holding tags that end nothing',
    text: call('<parameter=content>\nif a < b: print("<b>x</b>") </param\n</parameter>'),
  },
  {
    label: 'CRLF layout and a blank last line',
    text: call('<parameter=content>\r\nline\r\n\r\n</parameter>'),
  },
  {
    label: 'a value of a lone CR, and an empty one',
    text: call('<parameter=content>\r</parameter>\n<parameter=path></parameter>'),
  },
  {
    label: 'values written inline, quotes and backslashes',
    text: call('<parameter=content>say "hi" \\ \t done</parameter>'),
  },
  {
    label: 'a surrogate pair and a lone surrogate',
    text: call('<parameter=content>\n\ud83d\ude00 and \ud83d alone\n</parameter>'),
  },
  {
    label: 'typed values: an integer, a list, an enum word with blanks',
    text: call(
      '<parameter=mode>\n644\n</parameter>\n<parameter=tags>\n["a", "b"]\n</parameter>\n<parameter=kind> text </parameter>',
    ),
  },
  {
    label: 'a parameter written twice',
    text: call(
      '<parameter=path>\na\n</parameter>\n<parameter=content>\nx\n</parameter>\n<parameter=path>\nb\n</parameter>',
    ),
  },
  {
    label: 'an array-index key after another',
    text: call('<parameter=path>\na\n</parameter>\n<parameter=0>\nzero\n</parameter>'),
  },
  {
    label: 'closing tags left out',
    text: call('<parameter=path>\na\n<parameter=content>\nb\n', '</tool_call>'),
  },
  { label: 'no parameters', text: call('', '</function>\n</tool_call>') },
  {
    label: 'junk between parameters',
    text: call('<parameter=path>\na\n</parameter>\noops\n<parameter=content>\nb\n</parameter>'),
  },
  { label: 'a parameter with no name', text: call('<parameter=>\na\n</parameter>') },
  { label: 'an open tag cut by a newline', text: call('<parameter=path\n>a</parameter>') },
  { label: 'cut off inside a value', text: call('<parameter=content>\nhalf a li', '') },
  {
    label: 'a second function in the section',
    text: call(
      '<parameter=path>\na\n</parameter>\n</function>\n<function=write_file>\n<parameter=path>\nb\n</parameter>',
    ),
  },
];

const SETTINGS: { label: string; options: ParserOptions }[] = [
  { label: 'forced', options: { formats: ['qwen3_coder'], reasoning: { startsInside: false } } },
  { label: 'auto', options: { reasoning: { startsInside: false } } },
  {
    label: 'forced, with tools',
    options: { formats: ['qwen3_coder'], reasoning: { startsInside: false }, tools: TOOLS },
  },
];

/** The argument deltas sent before the push that holds `</function>`, joined. */
function sentBeforeEnd(events: readonly StreamEvent[]): string {
  return events
    .filter((event) => event.type === 'tool-call-delta')
    .map((event) => (event.type === 'tool-call-delta' ? event.argumentsDelta : ''))
    .join('');
}

describe('stream: qwen3_coder arguments from the <function=...> tag', () => {
  for (const { label: setting, options } of SETTINGS) {
    for (const { label, text } of CASES) {
      it(`should fold to parse for ${label} (${setting})`, () => {
        expectEveryChunking(options, text);
      });
    }
  }

  // seed_oss reads the same <function=...> piece, its values verbatim: every newline is text.
  const seed = (parameters: string): string =>
    `<seed:tool_call>\n<function=write_file>\n${parameters}\n</function>\n</seed:tool_call>`;
  it.each([
    ['values with their newlines', seed('<parameter=content>\nline\n\n</parameter>')],
    ['a typed value', seed('<parameter=mode>644</parameter><parameter=path>a</parameter>')],
    ['closing tags left out', seed('<parameter=path>a<parameter=content>\r\nb')],
  ])('should fold a seed_oss call to parse: %s', (_label, text) => {
    const seedOnly: ParserOptions = { formats: ['seed_oss'], reasoning: { startsInside: false } };
    for (const options of [seedOnly, { ...seedOnly, tools: TOOLS }]) {
      expectEveryChunking(options, text);
    }
    // Started at its tag, well before the section ends.
    const stream = createParser({
      formats: ['seed_oss'],
      reasoning: { startsInside: false },
    }).stream();
    const units = [...text.slice(0, text.indexOf('<parameter='))];
    expect(units.flatMap((unit) => stream.push(unit)).map((event) => event.type)).toContain(
      'tool-call-start',
    );
  });

  it('should start the call at the tag and stream a text value as it is written', () => {
    const options: ParserOptions = { formats: ['qwen3_coder'], reasoning: { startsInside: false } };
    const head = 'Writing it now.\n<tool_call>\n<function=write_file>';
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const early: StreamEvent[] = [];
    for (const unit of `${head}\n<parameter=content>\nline one\nline two\n`) {
      early.push(...stream.push(unit));
    }
    expect(early.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', id: 'call_0', index: 0, name: 'write_file' },
    ]);
    // The last newline may be layout: held until what follows shows it. Everything else is out.
    expect(sentBeforeEnd(early)).toBe('{"content":"line one\\nline two');
    const rest = [...'</parameter>\n</function>\n</tool_call>'].flatMap((unit) =>
      stream.push(unit),
    );
    expect(sentBeforeEnd(rest)).toBe('"}');
    const ended = rest.find((event) => event.type === 'tool-call-end');
    expect(ended).toMatchObject({
      id: 'call_0',
      call: { name: 'write_file', arguments: { content: 'line one\nline two' } },
    });
  });

  it('should write a typed value once its parameter closes', () => {
    const options: ParserOptions = {
      formats: ['qwen3_coder'],
      reasoning: { startsInside: false },
      tools: TOOLS,
    };
    const text = call('<parameter=mode>\n644\n</parameter>\n<parameter=path>\na', '');
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const pushed = [...text].flatMap((unit) => stream.push(unit));
    expect(sentBeforeEnd(pushed)).toBe('{"mode":644,"path":"a');
    // Cut off there, the call is not executable.
    expect(stream.end().find((event) => event.type === 'tool-call-end')).toMatchObject({
      rejection: { name: 'write_file', reason: 'incomplete' },
    });
  });

  it('should send nothing after junk between parameters, and reject the call by name', () => {
    const options: ParserOptions = { formats: ['qwen3_coder'], reasoning: { startsInside: false } };
    const text = call(
      '<parameter=path>\na\n</parameter>\noops\n<parameter=content>\nb\n</parameter>',
    );
    const events = streamAll(options, [...text]);
    expect(sentBeforeEnd(events)).toBe('{"path":"a"');
    const result = createParser(options).parse(text);
    expect(result.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['write_file', 'malformed'],
    ]);
  });
});
