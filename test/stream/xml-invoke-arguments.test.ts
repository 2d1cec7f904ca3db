/**
 * The invoke syntaxes (minimax_m2, step3, deepseek_v32_dsml, deepseek_v4_dsml, gigachat35, dots) stream their first
 * call from its `<invoke name="...">` tag: the start goes out at the tag's `>`, the arguments as
 * canonical JSON while the parameters are written, text values unit by unit (trimmed where the
 * syntax trims), the others once their parameter closes. A value ends at `</parameter>` only when
 * a tag follows it, so a close tag followed by text is value text and must be sent as such.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { parse as parseMinimaxM2 } from '../../src/generated/minimax_m2.js';
import type { MinimaxM2Section } from '../../src/formats/minimax_m2/ast.js';
import { OPENED, XmlTagReader } from '../../src/stream/xml-tag.js';
import { TAG_GOES_ON } from '../../src/stream/tag-text.js';
import { everyTwoWaySplit, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent, streamAll } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'book_table',
    parameters: {
      type: 'object',
      properties: {
        venue: { type: 'string' },
        note: { type: 'string' },
        guests: { type: 'integer' },
        dishes: { type: 'array', items: { type: 'string' } },
        seating: { enum: ['inside', 'terrace'] },
      },
    },
  },
];

/** How each syntax wraps one invoke element, with `P` standing for its tag prefix. */
const SYNTAXES: { format: FormatId; prefix: string; open: string; close: string; stop: string }[] =
  [
    {
      format: 'minimax_m2',
      prefix: '',
      open: '<minimax:tool_call>\n',
      close: '\n</minimax:tool_call>',
      stop: '</minimax:tool_call>',
    },
    {
      format: 'step3',
      prefix: 'steptml:',
      open: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜>',
      close: '<｜tool_call_end｜><｜tool_calls_end｜>',
      stop: '<｜tool_call_end｜>',
    },
    {
      format: 'deepseek_v32_dsml',
      prefix: '｜DSML｜',
      open: '<｜DSML｜function_calls>\n',
      close: '\n</｜DSML｜function_calls>',
      stop: '</｜DSML｜function_calls>',
    },
    {
      format: 'deepseek_v4_dsml',
      prefix: '｜DSML｜',
      open: '<｜DSML｜tool_calls>\n',
      close: '\n</｜DSML｜tool_calls>',
      stop: '</｜DSML｜tool_calls>',
    },
    {
      format: 'dots',
      prefix: '',
      open: '<dots_function_call>\n',
      close: '\n</dots_function_call>',
      stop: '</dots_function_call>',
    },
    {
      format: 'gigachat35',
      prefix: '｜GCML｜',
      open: '<｜GCML｜tool_calls>',
      close: '</｜GCML｜tool_calls>',
      stop: '</｜GCML｜tool_calls>',
    },
  ];

/** Invoke bodies as models write them, right and wrong; `P` is replaced by the tag prefix. */
const BODIES: { label: string; body: string; closed?: false }[] = [
  {
    label: 'text values on their own lines',
    body: '<Pparameter name="venue">\nLe Petit Jardin\n</Pparameter>\n<Pparameter name="note">Window seat, please.</Pparameter>',
  },
  {
    label: 'a close tag followed by text, and tags that end nothing',
    body: '<Pparameter name="note">a </Pparameter> b <i>x</i> </Pparam</Pparameter>',
  },
  {
    label: 'quotes, backslashes, a surrogate pair and a lone surrogate',
    body: '<Pparameter name="note"> say "hi" \\ \t \ud83d\ude00 and \ud83d alone </Pparameter>',
  },
  {
    label: 'typed values: an integer, a list, an enum word',
    body: '<Pparameter name="guests"> 4 </Pparameter><Pparameter name="dishes">["soup", "tart"]</Pparameter><Pparameter name="seating">terrace</Pparameter>',
  },
  {
    label: 'DSML string attributes, true and false',
    body: '<Pparameter name="note" string="true"> 12 </Pparameter><Pparameter name="guests" string="false">[1, {"a": 2}]</Pparameter><Pparameter name="venue" string="false">not json</Pparameter>',
  },
  {
    label: 'attributes in any order, quoted either way or bare',
    body: "<Pparameter string='true' name = 'venue' >Oslo</Pparameter >\n<Pparameter name=note>x</Pparameter>",
  },
  { label: 'no parameters', body: '' },
  {
    label: "the syntax's end token inside a value",
    body: '<Pparameter name="note">before <STOP> after</Pparameter>',
  },
  {
    label: "the syntax's end token where the invoke's close tag belongs",
    body: '<Pparameter name="note">x</Pparameter>\n<STOP>',
  },
  { label: 'a JSON body', body: '{"venue": "Oslo", "guests": 2}' },
  {
    label: 'a parameter written twice',
    body: '<Pparameter name="venue">a</Pparameter><Pparameter name="note">x</Pparameter><Pparameter name="venue">b</Pparameter>',
  },
  {
    label: 'an array-index key after another',
    body: '<Pparameter name="venue">a</Pparameter><Pparameter name="0">zero</Pparameter>',
  },
  {
    label: 'a value without its close tag',
    body: '<Pparameter name="venue">a<Pparameter name="note">b</Pparameter>',
  },
  {
    label: 'stray tags between parameters',
    body: '<Pparameter name="venue">a</Pparameter>\n<b>oops</b>\n<Pparameter name="note">b</Pparameter>',
  },
  { label: 'a parameter with no name', body: '<Pparameter>a</Pparameter>' },
  {
    label: 'an attribute written twice',
    body: '<Pparameter name="venue" name="note">a</Pparameter>',
  },
  {
    label: 'an open tag that is no tag',
    body: '<Pparameter name="venue" junk>a</Pparameter>',
  },
  {
    label: 'cut off inside a value',
    body: '<Pparameter name="note">half a sen',
    closed: false,
  },
  {
    label: 'cut off after a close tag',
    body: '<Pparameter name="note">done</Pparameter> ',
    closed: false,
  },
];

function textOf(syntax: (typeof SYNTAXES)[number], body: string, closed = true): string {
  const invoke = `<${syntax.prefix}invoke name="book_table">${body.replaceAll('<P', `<${syntax.prefix}`).replaceAll('</P', `</${syntax.prefix}`).replaceAll('<STOP>', syntax.stop)}`;
  return closed
    ? `Booking it.\n${syntax.open}${invoke}</${syntax.prefix}invoke>${syntax.close}\nDone.`
    : `Booking it.\n${syntax.open}${invoke}`;
}

/** The argument deltas among `events`, joined. */
function sent(events: readonly StreamEvent[]): string {
  return events
    .map((event) => (event.type === 'tool-call-delta' ? event.argumentsDelta : ''))
    .join('');
}

describe('stream: invoke arguments from the <invoke name="..."> tag', () => {
  for (const syntax of SYNTAXES) {
    const forced: ParserOptions = { formats: [syntax.format], reasoning: { startsInside: false } };
    const settings: [string, ParserOptions][] = [
      ['forced', forced],
      ['auto', { reasoning: { startsInside: false } }],
      ['forced, with tools', { ...forced, tools: TOOLS }],
    ];
    for (const { label, body, closed } of BODIES) {
      it(`${syntax.format}: should fold to parse for ${label}`, () => {
        const text = textOf(syntax, body, closed);
        for (const [setting, options] of settings) {
          // Every two-way split once per syntax and body: the other settings change which values
          // stream, not where a push may cut the text.
          const chunkers =
            setting === 'forced' ? [whole, unitByUnit, everyTwoWaySplit()] : [whole, unitByUnit];
          for (const chunker of chunkers) {
            for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
          }
        }
      });
    }
  }

  it('should start at the tag and stream a trimmed text value as it is written (minimax_m2)', () => {
    const syntax = SYNTAXES[0] as (typeof SYNTAXES)[number];
    const options: ParserOptions = { formats: ['minimax_m2'], reasoning: { startsInside: false } };
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const head = `Booking it.\n${syntax.open}<invoke name="book_table">`;
    const atHead = [...head].flatMap((unit) => stream.push(unit));
    expect(atHead.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', id: 'call_0', index: 0, name: 'book_table' },
    ]);
    const early = [...'\n<parameter name="note">\n  Window seat, </parameter> near'].flatMap(
      (unit) => stream.push(unit),
    );
    // Leading blanks are trimmed; the close tag and the text after it are value text; the blank
    // before the close tag waited for the text after it.
    expect(sent(early)).toBe('{"note":"Window seat, </parameter> near');
    const closing = [...' </parameter>\n'].flatMap((unit) => stream.push(unit));
    // A close tag followed by blanks may still be text: nothing is sent until a tag follows.
    expect(sent(closing)).toBe('');
    const rest = [...'</invoke>\n</minimax:tool_call>'].flatMap((unit) => stream.push(unit));
    expect(sent(rest)).toBe('"}');
    expect(rest.find((event) => event.type === 'tool-call-end')).toMatchObject({
      id: 'call_0',
      call: { arguments: { note: 'Window seat, </parameter> near' } },
    });
  });

  it('should write a typed value once its parameter closes, and keep DSML text as written', () => {
    const syntax = SYNTAXES[2] as (typeof SYNTAXES)[number];
    const options: ParserOptions = {
      formats: ['deepseek_v32_dsml'],
      reasoning: { startsInside: false },
      tools: TOOLS,
    };
    const text = textOf(
      syntax,
      '<Pparameter name="guests">4</Pparameter><Pparameter name="note" string="true"> 4 ',
      false,
    );
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const pushed = [...text].flatMap((unit) => stream.push(unit));
    expect(sent(pushed)).toBe('{"guests":4,"note":" 4 ');
    // Cut off there, the call is not executable.
    expect(stream.end().find((event) => event.type === 'tool-call-end')).toMatchObject({
      rejection: { name: 'book_table', reason: 'incomplete' },
    });
  });

  it('should send nothing after stray text, and reject the call by name (step3)', () => {
    // Text right after a close tag would be value text: the stray text here is a tag.
    const syntax = SYNTAXES[1] as (typeof SYNTAXES)[number];
    const options: ParserOptions = { formats: ['step3'], reasoning: { startsInside: false } };
    const text = textOf(
      syntax,
      '<Pparameter name="venue">a</Pparameter>\n<b>oops</b>\n<Pparameter name="note">b</Pparameter>',
    );
    expect(sent(streamAll(options, [...text]))).toBe('{"venue":"a"');
    expect(
      createParser(options)
        .parse(text)
        .rejected.map((rejection) => [rejection.name, rejection.reason]),
    ).toEqual([['book_table', 'malformed']]);
  });

  it('should start no call where the invoke names none, or names two', () => {
    for (const open of ['<invoke name="">', '<invoke name="a" name="b">', '<invoke>']) {
      const text = `<minimax:tool_call>${open}<parameter name="x">1</parameter></invoke></minimax:tool_call>`;
      const options: ParserOptions = { formats: ['minimax_m2'] };
      const events = streamAll(options, [...text]);
      expect(events.filter((event) => event.type === 'tool-call-start')).toEqual([]);
      expectEquivalent(options, [...text]);
    }
  });
});

describe('XmlTagReader', () => {
  // What models write inside a parameter's open tag, well formed or not.
  const piece = fc.constantFrom(
    ...[' ', '\t', '\n', 'name', 'string', '=', '"', "'", 'city', 'true', 'a b', 'x=y', '==', '/'],
    ...['<', '>', '"city"', "'city'", ' name="city"', " string='false'", '\r', '｜', ':'],
  );

  it('should read a parameter open tag exactly where the grammar reads one', () => {
    let opened = 0;
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const tag = `<parameter${pieces.join('')}>`;
        const text = `<minimax:tool_call><invoke name="f">${tag}v</parameter></invoke></minimax:tool_call>`;
        const section = parseMinimaxM2(text, {
          startRule: 'Section',
          tagPrefix: '',
          stops: ['</minimax:tool_call>'],
        }) as MinimaxM2Section;
        const parameter = section.invokes[0]?.parameters[0];
        const reader = new XmlTagReader(['parameter'], ['parameter', 'invoke'], []);
        reader.start();
        let read = TAG_GOES_ON;
        for (let index = 1; index < tag.length && read === TAG_GOES_ON; index += 1) {
          read = reader.read(tag.charCodeAt(index), tag[index] as string);
        }
        if (read !== OPENED) {
          expect(parameter).toBeUndefined();
          return;
        }
        opened += 1;
        expect(parameter?.attributes.map((attribute) => [attribute.key, attribute.value])).toEqual(
          reader.attributes.map((attribute) => [attribute.key, attribute.value]),
        );
      }),
      { numRuns: 2000 },
    );
    // Both answers occur: the comparison is exercised on either side.
    expect(opened).toBeGreaterThan(100);
  });
});
