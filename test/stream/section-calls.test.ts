/**
 * A section holding several calls starts each one as the model writes it, not only the first:
 * once a call's arguments are written whole (its `</function>`, `</invoke>` or JSON object's
 * `}`), the next call's head is read from there, and its start goes out at its tag's `>` (or its
 * arguments' `{`). Every call of the section
 * still ends when the section does (junk later in it refuses them all, by name), and the fold
 * of any chunking is `parse`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { everyTwoWaySplit, split, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent, streamAll } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'move_piece',
    parameters: {
      type: 'object',
      properties: { from: { type: 'string' }, to: { type: 'string' }, turn: { type: 'integer' } },
    },
  },
  {
    name: 'offer_draw',
    parameters: { type: 'object', properties: { note: { type: 'string' } } },
  },
];

/** The namespace token MiniMax-M3 writes before every tag of its call blocks. */
const NS = ']<]minimax[>[';

/** One call as a syntax writes it: its name and `[key, value]` parameters. */
type Call = readonly [string, readonly (readonly [string, string])[]];

/** How a syntax writes a section of calls, and what may sit between them. */
interface Syntax {
  format: FormatId;
  section: (calls: readonly string[]) => string;
  call: (call: Call) => string;
  /** The id the section's `index`-th call of tool `name` gets (default: generated). */
  idOf?: (name: string, index: number) => string;
  /** Where a call's head ends in its text (default: after its tag's `>`). */
  headEnd?: (call: string) => number;
}

const invokeCall =
  (prefix: string) =>
  ([name, parameters]: Call): string =>
    `<${prefix}invoke name="${name}">\n${parameters
      .map(([key, value]) => `<${prefix}parameter name="${key}">${value}</${prefix}parameter>\n`)
      .join('')}</${prefix}invoke>`;

/** A `<function=NAME>` call, values on their own lines (qwen3_coder) or inline (seed_oss). */
const functionCall =
  (line: string) =>
  ([name, parameters]: Call): string =>
    `<function=${name}>\n${parameters
      .map(([key, value]) => `<parameter=${key}>${line}${value}${line}</parameter>\n`)
      .join('')}</function>`;

/** Calls whose arguments are a JSON object after special tokens (kimi_k2, deepseek_v31). */
const tokenCall =
  (begin: string, separator: string, end: string, own: boolean) =>
  ([name, parameters]: Call): string =>
    `${begin}${own ? kimiId(name) : name}${separator}${JSON.stringify(Object.fromEntries(parameters))}${end}`;

/** kimi_k2 writes `functions.NAME:INDEX`; the index here is the tool's, so that ids differ. */
const kimiId = (name: string): string => `functions.${name}:${name === 'offer_draw' ? 1 : 0}`;

const jsonHeadEnd = (call: string): number => call.indexOf('{') + 1;

/** The id a Command R7B call object writes first: one per tool here, so that ids differ. */
const actionId = (name: string): string => String(['move_piece', 'offer_draw'].indexOf(name) + 1);

/** A call object of a JSON list: `{"name": NAME, "arguments": {...}}`. */
const listCall = ([name, parameters]: Call): string =>
  `{"name": ${JSON.stringify(name)}, "arguments": ${JSON.stringify(Object.fromEntries(parameters))}}`;

/** A Python call with keyword arguments, its values written as JSON strings are. */
const pythonCall = ([name, parameters]: Call): string =>
  `${name}(${parameters.map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(', ')})`;

/** A list call's head ends at its arguments' `{`, the second one in it. */
const listHeadEnd = (call: string): number => call.indexOf('{', 1) + 1;

const SYNTAXES: Syntax[] = [
  {
    format: 'qwen3_coder',
    section: (calls) => `<tool_call>\n${calls.join('\n')}\n</tool_call>`,
    call: functionCall('\n'),
  },
  {
    format: 'seed_oss',
    section: (calls) => `<seed:tool_call>\n${calls.join('\n')}\n</seed:tool_call>`,
    call: functionCall(''),
  },
  {
    format: 'minimax_m2',
    section: (calls) => `<minimax:tool_call>\n${calls.join('\n')}\n</minimax:tool_call>`,
    call: invokeCall(''),
  },
  {
    format: 'minimax_m3',
    section: (calls) => `${NS}<tool_call>\n${calls.join('\n')}\n${NS}</tool_call>`,
    call: ([name, parameters]) =>
      `${NS}<invoke name="${name}">\n${parameters
        .map(([key, value]) => `${NS}<${key}>${value}${NS}</${key}>\n`)
        .join('')}${NS}</invoke>`,
    // The namespace token holds a `>`: the head ends at the invoke tag's.
    headEnd: (call) => call.indexOf('">') + 2,
  },
  {
    format: 'kimi_k3',
    section: (calls) => `<|open|>tools<|sep|>${calls.join('')}<|close|>tools<|sep|>`,
    call: ([name, parameters]) =>
      `<|open|>call tool="${name}" index="1"<|sep|>${parameters
        .map(
          ([key, value]) =>
            `<|open|>argument key="${key}" type="string"<|sep|>${value}<|close|>argument<|sep|>`,
        )
        .join('')}<|close|>call<|sep|>`,
    // The head ends at the call tag's `<|sep|>`.
    headEnd: (call) => call.indexOf('<|sep|>') + '<|sep|>'.length,
  },
  {
    format: 'hy_v3',
    section: (calls) => `<tool_calls>\n${calls.join('\n')}\n</tool_calls>`,
    call: ([name, parameters]) =>
      `<tool_call>${name}<tool_sep>\n${parameters
        .map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`)
        .join('')}</tool_call>`,
    // The head ends at <tool_sep>, where the name is known.
    headEnd: (call) => call.indexOf('<tool_sep>') + '<tool_sep>'.length,
  },
  {
    // A checkpoint whose tokenizer suffixes every tag.
    format: 'hy_v3',
    section: (calls) => `<tool_calls:opensource>${calls.join('')}</tool_calls:opensource>`,
    call: ([name, parameters]) =>
      `<tool_call:opensource>${name}<tool_sep:opensource>${parameters
        .map(
          ([key, value]) =>
            `<arg_key:opensource>${key}</arg_key:opensource><arg_value:opensource>${value}</arg_value:opensource>`,
        )
        .join('')}</tool_call:opensource>`,
    headEnd: (call) => call.indexOf('<tool_sep:opensource>') + '<tool_sep:opensource>'.length,
  },
  {
    format: 'k2_horizon',
    section: (calls) => `<ifm|tool_calls>${calls.join('\n')}</ifm|tool_calls>`,
    call: ([name, parameters]) =>
      `<ifm|tool_call>${name}${parameters
        .map(
          ([key, value]) =>
            `<ifm|arg_key>${key}</ifm|arg_key><ifm|arg_value>${value}</ifm|arg_value>`,
        )
        .join('')}</ifm|tool_call>`,
    // The head ends at the first <ifm|arg_key> (or the close tag), where the name has ended.
    headEnd: (call) => call.indexOf('<ifm|arg_key>') + '<ifm|arg_key>'.length,
  },
  {
    format: 'deepseek_v32_dsml',
    section: (calls) => `<｜DSML｜function_calls>\n${calls.join('\n')}\n</｜DSML｜function_calls>`,
    call: invokeCall('｜DSML｜'),
  },
  {
    format: 'deepseek_v4_dsml',
    section: (calls) => `<｜DSML｜tool_calls>${calls.join('')}</｜DSML｜tool_calls>`,
    call: invokeCall('｜DSML｜'),
  },
  {
    format: 'dots',
    section: (calls) => `<dots_function_call>\n${calls.join('\n')}\n</dots_function_call>`,
    call: invokeCall(''),
  },
  {
    format: 'gigachat35',
    section: (calls) => `<｜GCML｜tool_calls>\n${calls.join('\n')}\n</｜GCML｜tool_calls>`,
    call: invokeCall('｜GCML｜'),
  },
  {
    format: 'step3',
    section: (calls) =>
      `<｜tool_calls_begin｜>${calls
        .map((call) => `<｜tool_call_begin｜>function<｜tool_sep｜>${call}<｜tool_call_end｜>`)
        .join('<｜tool_sep｜>\n')}<｜tool_calls_end｜>`,
    call: invokeCall('steptml:'),
  },
  {
    format: 'kimi_k2',
    section: (calls) => `<|tool_calls_section_begin|>${calls.join('')}<|tool_calls_section_end|>`,
    call: tokenCall(
      '<|tool_call_begin|>',
      '<|tool_call_argument_begin|>',
      '<|tool_call_end|>',
      true,
    ),
    idOf: (name) => kimiId(name),
    headEnd: jsonHeadEnd,
  },
  {
    format: 'plamo3',
    section: (calls) =>
      `<|plamo:begin_tool_requests:plamo|>${calls.join('\n')}<|plamo:end_tool_requests:plamo|>`,
    call: tokenCall(
      '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>',
      '<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>',
      '<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
      false,
    ),
    headEnd: jsonHeadEnd,
  },
  {
    format: 'deepseek_v3',
    section: (calls) => `<｜tool▁calls▁begin｜>${calls.join('\n')}<｜tool▁calls▁end｜>`,
    call: ([name, parameters]) =>
      `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${JSON.stringify(Object.fromEntries(parameters))}\n\`\`\`<｜tool▁call▁end｜>`,
    headEnd: jsonHeadEnd,
  },
  {
    format: 'deepseek_v31',
    section: (calls) => `<｜tool▁calls▁begin｜>${calls.join('')}<｜tool▁calls▁end｜>`,
    call: tokenCall('<｜tool▁call▁begin｜>', '<｜tool▁sep｜>', '<｜tool▁call▁end｜>', false),
    headEnd: jsonHeadEnd,
  },
  {
    format: 'hermes',
    section: (calls) => `<tool_call>\n${calls.join(', ')}\n</tool_call>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'longcat',
    section: (calls) => `<longcat_tool_call>${calls.join(',\n')}</longcat_tool_call>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'jamba',
    section: (calls) => `<tool_calls>[${calls.join(', ')}]</tool_calls>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'hunyuan_a13b',
    section: (calls) => `<tool_calls>\n[${calls.join(',\n')}]\n</tool_calls>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'nemotron_json',
    section: (calls) => `<TOOLCALL>[${calls.join(', ')}]</TOOLCALL>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    // The list's brackets left out: the same calls, each started from its head.
    format: 'nemotron_json',
    section: (calls) => `<TOOLCALL>${calls.join(', ')}</TOOLCALL>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'command_r7b',
    section: (calls) => `<|START_ACTION|>[\n    ${calls.join(',\n    ')}\n]<|END_ACTION|>`,
    call: ([name, parameters]) =>
      `{"tool_call_id": "${actionId(name)}", "tool_name": ${JSON.stringify(name)}, "parameters": ${JSON.stringify(Object.fromEntries(parameters))}}`,
    idOf: (name) => actionId(name),
    headEnd: (call) => call.indexOf('{', 1) + 1,
  },
  {
    format: 'minimax',
    section: (calls) => `<tool_calls>\n${calls.join('\n')}\n</tool_calls>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'granite',
    section: (calls) => `<tool_call>[${calls.join(', ')}]</tool_call>`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'granite',
    section: (calls) => `<|tool_call|> [${calls.join(', ')}]`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'mistral',
    section: (calls) => `[TOOL_CALLS][${calls.join(', ')}]`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'lfm2',
    section: (calls) => `<|tool_call_start|>[${calls.join(', ')}]<|tool_call_end|>`,
    call: pythonCall,
    headEnd: (call) => call.indexOf('(') + 1,
  },
  {
    format: 'olmo3',
    section: (calls) => `<function_calls>\n${calls.join('\n')}\n</function_calls>`,
    call: pythonCall,
    headEnd: (call) => call.indexOf('(') + 1,
  },
  {
    format: 'gemma4',
    section: (calls) => `<|tool_call>${calls.join('')}<tool_call|>`,
    call: ([name, parameters]) =>
      `call:${name}{${parameters.map(([key, value]) => `${key}:<|"|>${value}<|"|>`).join(',')}}`,
    headEnd: (call) => call.indexOf('{') + 1,
  },
  {
    format: 'functiongemma',
    section: (calls) => `<start_function_call>${calls.join('')}<end_function_call>`,
    call: ([name, parameters]) =>
      `call:${name}{${parameters.map(([key, value]) => `${key}:<escape>${value}<escape>`).join(',')}}`,
    headEnd: (call) => call.indexOf('{') + 1,
  },
  {
    format: 'phi4_mini',
    section: (calls) => `functools[${calls.join(', ')}]`,
    call: listCall,
    headEnd: listHeadEnd,
  },
  {
    format: 'apertus',
    section: (calls) => `<|tools_prefix|>[${calls.join(', ')}]<|tools_suffix|>`,
    // Each call an object keyed by its tool's name.
    call: ([name, parameters]) =>
      `{${JSON.stringify(name)}: ${JSON.stringify(Object.fromEntries(parameters))}}`,
    headEnd: listHeadEnd,
  },
];

/** The id of a section's `index`-th call, of tool `name`, in `syntax`. */
const idIn = (syntax: Syntax, name: string, index: number): string =>
  syntax.idOf?.(name, index) ?? `call_${index}`;

const MOVE: Call = [
  'move_piece',
  [
    ['from', 'e2'],
    ['to', 'e4'],
  ],
];
const TYPED: Call = ['move_piece', [['turn', '12']]];
const DRAW: Call = ['offer_draw', [['note', 'a fair\nposition']]];
const EMPTY: Call = ['offer_draw', []];

/** Sections as models write them, right and wrong, for one syntax. */
function cases(syntax: Syntax): { label: string; text: string }[] {
  const { call, section } = syntax;
  return [
    { label: 'two calls', text: `Playing.\n${section([call(MOVE), call(DRAW)])}` },
    {
      label: 'three calls, one typed, one with no parameters',
      text: section([call(MOVE), call(TYPED), call(EMPTY)]),
    },
    {
      label: 'junk after the second call',
      text: section([call(MOVE), `${call(DRAW)}\nnot a call`]),
    },
    {
      label: 'a second call with no name',
      text: section([call(MOVE), call(['', [['note', 'x']]]), call(DRAW)]),
    },
    {
      label: 'cut off inside the second call',
      text: section([call(MOVE), call(DRAW)]).slice(0, -40),
    },
  ];
}

const settings = (format: FormatId): { label: string; options: ParserOptions }[] => [
  { label: 'forced', options: { formats: [format], reasoning: { startsInside: false } } },
  { label: 'auto', options: { reasoning: { startsInside: false } } },
  {
    label: 'forced, with tools',
    options: { formats: [format], reasoning: { startsInside: false }, tools: TOOLS },
  },
];

/** The `tool-call-start` events among `events`, as `[id, index, name]`. */
function starts(events: readonly StreamEvent[]): [string, number, string][] {
  return events.flatMap((event) =>
    event.type === 'tool-call-start' ? [[event.id, event.index, event.name]] : [],
  ) as [string, number, string][];
}

describe.each(SYNTAXES)('stream: every call of a $format section', (syntax) => {
  for (const { label: setting, options } of settings(syntax.format)) {
    for (const { label, text } of cases(syntax)) {
      it(`should fold to parse for ${label} (${setting})`, () => {
        const chunkers =
          setting === 'forced' ? [whole, unitByUnit, everyTwoWaySplit()] : [whole, unitByUnit];
        for (const chunker of chunkers) {
          for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
        }
      });
    }
  }

  it("should start the second call at its tag's >, before the section ends", () => {
    const options: ParserOptions = { formats: [syntax.format], reasoning: { startsInside: false } };
    const second = syntax.call(DRAW);
    const text = syntax.section([syntax.call(MOVE), second]);
    const headEnd = text.indexOf(second) + (syntax.headEnd?.(second) ?? second.indexOf('>') + 1);
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const early = [...text.slice(0, headEnd)].flatMap((unit) => stream.push(unit));
    const [first, next] = [idIn(syntax, 'move_piece', 0), idIn(syntax, 'offer_draw', 1)];
    expect(starts(early)).toEqual([
      [first, 0, 'move_piece'],
      [next, 1, 'offer_draw'],
    ]);
    // The first call's arguments were all sent; neither call ended: the section may still refuse them.
    const firstDeltas = early.flatMap((event) =>
      event.type === 'tool-call-delta' && event.id === first ? [event.argumentsDelta] : [],
    );
    expect(firstDeltas.join('')).toBe('{"from":"e2","to":"e4"}');
    expect(early.some((event) => event.type === 'tool-call-end')).toBe(false);
    // Ended with their section (the DeepSeek syntaxes read the text after it too: at the end).
    const rest = [
      ...[...text.slice(headEnd)].flatMap((unit) => stream.push(unit)),
      ...stream.end(),
    ];
    expect(rest.filter((event) => event.type === 'tool-call-end').map((event) => event.id)).toEqual(
      [first, next],
    );
  });

  it('should refuse both started calls by name when junk follows them', () => {
    const options: ParserOptions = { formats: [syntax.format], reasoning: { startsInside: false } };
    const text = syntax.section([syntax.call(MOVE), `${syntax.call(DRAW)}\nnot a call`]);
    const events = streamAll(options, [...text]);
    expect(starts(events).map(([, , name]) => name)).toEqual(['move_piece', 'offer_draw']);
    const parsed = createParser({ ...options, ids: 'sequential' }).parse(text);
    const ends = events.flatMap((event) => (event.type === 'tool-call-end' ? [event] : []));
    // What parse gives: the function syntaxes refuse the whole section, the invoke ones keep their
    // calls and refuse the stray text alone.
    expect(ends.map((event) => ('call' in event ? event.call : event.rejection))).toEqual([
      ...parsed.calls,
      ...parsed.rejected,
    ]);
  });

  it('should end every started call when the output outgrows maxOutputSize', () => {
    const second = syntax.call(DRAW);
    const text = syntax.section([syntax.call(MOVE), second, syntax.call(MOVE)]);
    const limit = text.indexOf(second) + second.length - 4;
    const options: ParserOptions = {
      formats: [syntax.format],
      reasoning: { startsInside: false },
      limits: { maxOutputSize: limit },
    };
    const events = streamAll(options, [...text]);
    const ends = events.flatMap((event) =>
      event.type === 'tool-call-end' && 'rejection' in event
        ? [[event.id, event.rejection.name, event.rejection.reason]]
        : [],
    );
    expect(ends).toEqual([
      [idIn(syntax, 'move_piece', 0), 'move_piece', 'too-large'],
      [idIn(syntax, 'offer_draw', 1), 'offer_draw', 'too-large'],
    ]);
  });

  it('should start no call past maxCalls', () => {
    const options: ParserOptions = {
      formats: [syntax.format],
      reasoning: { startsInside: false },
      limits: { maxCalls: 1 },
    };
    const text = syntax.section([syntax.call(MOVE), syntax.call(DRAW)]);
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const beforeClose = [...text.slice(0, -4)].flatMap((unit) => stream.push(unit));
    expect(starts(beforeClose)).toEqual([[idIn(syntax, 'move_piece', 0), 0, 'move_piece']]);
    expectEquivalent(options, [...text]);
  });
});

describe('stream: sections of several calls, built at random', () => {
  it('should fold to parse in every syntax, unit by unit and in random pieces', () => {
    const value = fc.constantFrom('e2', ' x ', '\nline\n', '12', '{"a": 1}', 'a < b', '', '\ud83d');
    const name = fc.constantFrom('move_piece', 'offer_draw', '', ' move_piece ');
    const call = fc.tuple(
      name,
      fc.array(fc.tuple(fc.constantFrom('from', 'turn', ''), value), { maxLength: 2 }),
    );
    const between = fc.constantFrom('', '\n', ' ', 'oops', '<b>');
    fc.assert(
      fc.property(
        fc.constantFrom(...SYNTAXES),
        fc.array(fc.tuple(call, between), { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 4 }),
        (syntax, calls, cut, tools, cuts) => {
          const full = syntax.section(calls.map(([each, after]) => syntax.call(each) + after));
          const text = cut % 4 === 0 ? full.slice(0, cut % full.length) : full;
          const options: ParserOptions = {
            formats: [syntax.format],
            reasoning: { startsInside: false },
            ...(tools ? { tools: TOOLS } : {}),
          };
          expectEquivalent(options, [...text]);
          expectEquivalent(
            options,
            split(
              text,
              cuts.map((point) => point % (text.length + 1)),
            ),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('stream: the later calls of a JSON list whose closing tag may come inside them', () => {
  const options: ParserOptions = { formats: ['lfm2'], reasoning: { startsInside: false } };
  const move = '{"name": "move_piece", "arguments": {"from": "e2"}}';
  const draw = '{"name": "offer_draw", "arguments": {"note": "even"}}';

  it('should start an lfm2 JSON list call by call, and fold to parse however it is cut', () => {
    const text = `<|tool_call_start|>[${move}, ${draw}]<|tool_call_end|>`;
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const headEnd = text.indexOf('{"note"') + 1;
    const early = [...text.slice(0, headEnd)].flatMap((unit) => stream.push(unit));
    expect(starts(early).map(([, , name]) => name)).toEqual(['move_piece', 'offer_draw']);
    for (const deltas of everyTwoWaySplit().chunkings(text)) expectEquivalent(options, deltas);
  });

  it('should start no call after one whose string holds the closing tag, which ends the block', () => {
    // The grammar may read the string whole, or end the block at the tag inside it: the calls
    // after it are not known to be the block's until its end.
    const held = '{"name": "move_piece", "arguments": {"from": "<|tool_call_end|>"}}';
    const text = `<|tool_call_start|>[${held}, ${draw}]<|tool_call_end|>`;
    const stream = createParser({ ...options, ids: 'sequential' }).stream();
    const pushed = [...text.slice(0, text.indexOf('{"note"') + 1)].flatMap((unit) =>
      stream.push(unit),
    );
    expect(starts(pushed).map(([, , name]) => name)).toEqual(['move_piece']);
    expectEquivalent(options, [...text]);
    expectEquivalent({ formats: ['jamba'] }, [
      ...`<tool_calls>[${held.replace('<|tool_call_end|>', '</tool_calls>')}, ${draw}]</tool_calls>`,
    ]);
  });

  it('should start no mistral call past a [TOOL_CALLS] inside the list, where it may end', () => {
    const text = `[TOOL_CALLS][{"name": "g[TOOL_CALLS]", "arguments": {}}, ${draw}, [1]]`;
    const mistral: ParserOptions = { formats: ['mistral'], reasoning: { startsInside: false } };
    const stream = createParser({ ...mistral, ids: 'sequential' }).stream();
    const pushed = [...text.slice(0, text.indexOf('{"note"') + 1)].flatMap((unit) =>
      stream.push(unit),
    );
    expect(starts(pushed)).toEqual([]);
    expectEquivalent(mistral, [...text]);
  });

  it('should read no second head after a lone call object', () => {
    const text = `<|tool_call_start|>${move}, ${draw}<|tool_call_end|>`;
    const events = streamAll(options, [...text]);
    const parsed = createParser({ ...options, ids: 'sequential' }).parse(text);
    expect(starts(events).map(([, , name]) => name)).toEqual(
      [...parsed.calls, ...parsed.rejected].map((call) => call.name),
    );
    expectEquivalent(options, [...text]);
  });

  it('should read no second granite head after a lone call object, which ends the section', () => {
    const granite: ParserOptions = { formats: ['granite'], reasoning: { startsInside: false } };
    // After <|tool_call|> one object is the whole section: what follows it is content.
    const text = `<|tool_call|> ${move}, ${draw}`;
    const events = streamAll(granite, [...text]);
    expect(starts(events).map(([, , name]) => name)).toEqual(['move_piece']);
    expect(createParser(granite).parse(text).content).toBe(`, ${draw}`);
    expectEquivalent(granite, [...text]);
  });
});

describe('stream: minimax call objects one a line', () => {
  const options: ParserOptions = { formats: ['minimax'], reasoning: { startsInside: false } };
  const move = '{"name": "move_piece", "arguments": {"from": "e2"}}';
  const draw = '{"name": "offer_draw", "arguments": {"note": "even"}}';

  it.each([
    ['a line break', '\n', ['move_piece', 'offer_draw']],
    ['a comma', ',', ['move_piece', 'offer_draw']],
    ['blanks and commas', ' ,\n\t', ['move_piece', 'offer_draw']],
    // The grammar reads no second line there: the second object is the payload's stray text.
    ['nothing', '', ['move_piece']],
  ])(
    'should start the next object at its head after %s only as the grammar reads it',
    (_, between, early) => {
      const text = `<tool_calls>\n${move}${between}${draw}\n</tool_calls>`;
      const stream = createParser({ ...options, ids: 'sequential' }).stream();
      const pushed = [...text.slice(0, text.indexOf('{"note"') + 1)].flatMap((unit) =>
        stream.push(unit),
      );
      expect(starts(pushed).map(([, , name]) => name)).toEqual(early);
      const parsed = createParser({ ...options, ids: 'sequential' }).parse(text);
      expect(parsed.calls.map((call) => call.name)).toEqual(early);
      for (const deltas of everyTwoWaySplit().chunkings(text)) expectEquivalent(options, deltas);
      expectEquivalent({ reasoning: { startsInside: false } }, [...text]);
    },
  );
});

describe('stream: special-token calls whose string arguments hold a section token', () => {
  // Each syntax's payload stops at these wherever they are, strings included: one inside a
  // string begins a call, or ends the section, where the stream's writer reads the string on.
  const KIMI = {
    format: 'kimi_k2',
    open: '<|tool_calls_section_begin|>',
    call: (name: string, args: string) =>
      `<|tool_call_begin|>functions.${name}:0<|tool_call_argument_begin|>${args}<|tool_call_end|>`,
    tokens: ['<|tool_calls_section_end|>', '<|tool_call_begin|>functions.g:1'],
    close: '<|tool_calls_section_end|>',
  } as const;
  const V31 = {
    format: 'deepseek_v31',
    open: '<｜tool▁calls▁begin｜>',
    call: (name: string, args: string) =>
      `<｜tool▁call▁begin｜>${name}<｜tool▁sep｜>${args}<｜tool▁call▁end｜>`,
    tokens: ['<｜tool▁calls▁end｜>', '<｜tool▁call▁begin｜>g<｜tool▁sep｜>'],
    close: '<｜tool▁calls▁end｜>',
  } as const;
  const V3 = {
    format: 'deepseek_v3',
    open: '<｜tool▁calls▁begin｜>',
    call: (name: string, args: string) =>
      `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`,
    tokens: ['<｜tool▁calls▁end｜>', '<｜tool▁call▁begin｜>function<｜tool▁sep｜>g\n'],
    close: '<｜tool▁calls▁end｜>',
  } as const;
  const PLAMO3 = {
    format: 'plamo3',
    open: '<|plamo:begin_tool_requests:plamo|>',
    call: (name: string, args: string) =>
      `<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>${name}<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>${args}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>`,
    tokens: [
      '<|plamo:end_tool_requests:plamo|>',
      '<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
      '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>g<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>',
    ],
    close: '<|plamo:end_tool_requests:plamo|>',
  } as const;
  const cases = [KIMI, V31, V3, PLAMO3].flatMap((syntax) =>
    syntax.tokens.map((token) => ({ syntax, token })),
  );

  it.each(cases)(
    '$syntax.format: should start only the calls parse reads, with $token in a string',
    ({ syntax, token }) => {
      const options: ParserOptions = {
        formats: [syntax.format],
        reasoning: { startsInside: false },
      };
      const held = syntax.call('move_piece', `{"from": "${token}{}"}`);
      const next = syntax.call('offer_draw', '{"note": "even"}');
      const text = `${syntax.open}${held}${next}${syntax.close}`;
      const result = createParser(options).parse(text);
      const read = [...result.calls, ...result.rejected].map((call) => call.name);
      // Whole, the head chain once read on past an end token inside the string and started
      // offer_draw, which the grammar never reads there (the section ended in move_piece).
      const expected = token === syntax.close ? ['move_piece'] : undefined;
      for (const deltas of [[text], [...text]]) {
        const names = starts(streamAll(options, deltas)).map(([, , name]) => name);
        if (expected !== undefined) expect(names).toEqual(expected);
        for (const name of names) expect(read).toContain(name);
        expectEquivalent(options, deltas);
      }
    },
  );
});
