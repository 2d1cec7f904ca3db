import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qwen3_coder } from '../../src/formats/qwen3_coder/index.js';
import { lowerQwen3Coder } from '../../src/formats/qwen3_coder/lower.js';
import { runGrammar } from '../../src/formats/shared/run-grammar.js';
import type { Qwen3CoderNode } from '../../src/formats/qwen3_coder/ast.js';
import { parse } from '../../src/generated/qwen3_coder.js';
import { createParser } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { expectEveryChunking, streamAll } from '../stream/equivalence.js';

const parser = createParser({ formats: ['qwen3_coder'], ids: 'sequential' });

const tools = [
  {
    name: 'resize_image',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        width: { type: 'integer' },
        keep_ratio: { type: 'boolean' },
        crop: { type: 'object' },
        label: { type: ['string', 'null'] },
      },
    },
  },
];
const typedParser = createParser({ formats: ['qwen3_coder'], ids: 'sequential', tools });
const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxCallSize: DEFAULT_LIMITS.maxCallSize };

describe('qwen3_coder', () => {
  it('should read one call with values on their own lines', () => {
    const result = parser.parse(
      '<tool_call>\n<function=open_ticket>\n<parameter=title>\nPrinter jam on floor 3\n</parameter>\n<parameter=team>\nfacilities\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'open_ticket',
        arguments: { title: 'Printer jam on floor 3', team: 'facilities' },
        format: 'qwen3_coder',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read names written in quotes without them, recording the repair, in parse and stream', () => {
    const text =
      '<tool_call>\n<function="resize_image">\n<parameter="path">\n/tmp/a.png\n</parameter>\n' +
      "<parameter='width'>\n640\n</parameter>\n</function>\n</tool_call>";
    const result = createParser({ formats: ['qwen3_coder'], ids: 'sequential', tools }).parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['resize_image', { path: '/tmp/a.png', width: 640 }],
    ]);
    expect(result.calls[0]?.repairs).toEqual([
      {
        kind: 'other',
        offset: text.indexOf('"resize_image"'),
        detail: 'quotes around the function name "resize_image" dropped',
      },
      {
        kind: 'other',
        offset: text.indexOf('"path"'),
        detail: 'quotes around the parameter name "path" dropped',
      },
      {
        kind: 'other',
        offset: text.indexOf("'width'"),
        detail: 'quotes around the parameter name "width" dropped',
      },
      // The number read by the schema's type, as for any parameter.
      { kind: 'schema-typed-value', offset: text.indexOf('\n640'), detail: 'width' },
    ]);
    // The stream starts the call by the name without quotes and sends the same arguments.
    const options = {
      formats: ['qwen3_coder' as const],
      tools,
      reasoning: { startsInside: false },
    };
    expectEveryChunking(options, text);
    const events = streamAll(options, [...text]);
    expect(events.find((event) => event.type === 'tool-call-start')).toMatchObject({
      name: 'resize_image',
    });
  });

  it('should keep a name whose quotes hold nothing, or more than one name, as written', () => {
    for (const written of ['""', '"a" "b"']) {
      const result = parser.parse(`<tool_call>\n<function=${written}>\n</function>\n</tool_call>`);
      expect(result.calls.map((call) => [call.name, call.repairs])).toEqual([[written, []]]);
    }
  });

  it('should read values written inline between the tags', () => {
    const result = parser.parse(
      '<tool_call><function=lookup><parameter=sku>B-12</parameter></function></tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ sku: 'B-12' }]);
  });

  it('should strip only the structural newlines and keep indentation and a trailing newline', () => {
    const result = parser.parse(
      '<tool_call>\n<function=write_file>\n<parameter=body>\n  indented()\n\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ body: '  indented()\n' });
  });

  it('should read several calls and keep the prose around them as content', () => {
    const result = parser.parse(
      'Let me look at both.\n<tool_call>\n<function=a>\n</function>\n</tool_call>\n<tool_call>\n<function=b>\n<parameter=n>\n2\n</parameter>\n</function>\n</tool_call>\nDone.',
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', {}],
      ['b', { n: '2' }],
    ]);
    expect(result.content).toBe('Let me look at both.\n\n\nDone.');
  });

  it('should take the reading an enum or const lists, the text itself included', () => {
    const listing = createParser({
      formats: ['qwen3_coder'],
      tools: [
        {
          name: 'set',
          effect: 'read',
          parameters: {
            type: 'object',
            properties: {
              level: { enum: ['1', 2, 'high'] },
              mode: { const: 3 },
              unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
            },
          },
        },
      ],
    });
    const call = (parameters: string) =>
      listing.parse(`<tool_call>\n<function=set>\n${parameters}</function>\n</tool_call>`);
    const value = (name: string, text: string) =>
      call(`<parameter=${name}>\n${text}\n</parameter>\n`).calls[0]?.arguments[name];
    // "1" is listed as text, 2 as a number: each is read as the enum lists it.
    expect(value('level', '1')).toBe('1');
    expect(value('level', '2')).toBe(2);
    expect(value('mode', '3')).toBe(3);
    // Blanks around a listed word are layout, and trimming them is a recorded repair.
    const spaced = call('<parameter=unit> celsius </parameter>\n').calls[0];
    expect(spaced?.arguments).toEqual({ unit: 'celsius' });
    expect(spaced?.repairs.map((repair) => repair.kind)).toEqual(['schema-typed-value']);
    // Nothing listed matches: the text goes to validation as written, which refuses it.
    expect(call('<parameter=level>\n3\n</parameter>\n').rejected[0]?.reason).toBe(
      'schema-violation',
    );
  });

  it('should type values by the tool schema and record the repair', () => {
    const result = typedParser.parse(
      '<tool_call>\n<function=resize_image>\n<parameter=path>\n/tmp/a.png\n</parameter>\n<parameter=width>\n640\n</parameter>\n<parameter=keep_ratio>\nTrue\n</parameter>\n<parameter=crop>\n{"top": 4}\n</parameter>\n<parameter=label>\nnull\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([
      { path: '/tmp/a.png', width: 640, keep_ratio: true, crop: { top: 4 }, label: null },
    ]);
    expect(result.calls[0]?.repairs.filter((r) => r.kind === 'schema-typed-value')).toHaveLength(4);
  });

  it('should keep as text a number a double cannot hold where the schema takes text', () => {
    const ids = createParser({
      formats: ['qwen3_coder'],
      tools: [
        {
          name: 'find_order',
          effect: 'read',
          parameters: {
            type: 'object',
            properties: {
              order: { type: ['string', 'integer'] },
              ref: { anyOf: [{ type: 'string' }, { type: 'number' }] },
              count: { type: 'integer' },
            },
          },
        },
      ],
    });
    const call = (name: string, value: string) =>
      ids.parse(
        `<tool_call>\n<function=find_order>\n<parameter=${name}>\n${value}\n</parameter>\n</function>\n</tool_call>`,
      );
    // Read as numbers, these were 98765432109876543000 and 2: an order that is not the model's.
    expect(call('order', '98765432109876543210').calls[0]?.arguments).toEqual({
      order: '98765432109876543210',
    });
    expect(call('ref', '2.000000000000000000001').calls[0]?.arguments).toEqual({
      ref: '2.000000000000000000001',
    });
    // Numbers a double holds are still numbers.
    expect(call('order', '9007199254740991').calls[0]?.arguments).toEqual({
      order: 9007199254740991,
    });
    expect(call('ref', '0.25').calls[0]?.arguments).toEqual({ ref: 0.25 });
    // An integer field does not take a decimal whose fraction was lost on reading.
    expect(call('count', '3.0000000000000000001').rejected[0]?.reason).toBe('schema-violation');
  });

  it('should keep values as strings when no schema is known', () => {
    const result = parser.parse(
      '<tool_call>\n<function=resize_image>\n<parameter=width>\n640\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ width: '640' });
  });

  it('should read a function whose <tool_call> was left out, recording the repair', () => {
    const result = parser.parse(
      'Running it.\n<function=lookup>\n<parameter=sku>\nC-3\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ sku: 'C-3' }]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-start-marker']);
    expect(result.content).toBe('Running it.\n');
  });

  it('should leave prose mentioning <function= as text when it is not clean syntax', () => {
    const text = 'Write <function=name> followed by the parameters.';
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBe(text);
    expect(result.syntaxSeen).toBe(false);
  });

  it('should close a parameter implied by the next tag, recording the repair', () => {
    const result = parser.parse(
      '<tool_call><function=move><parameter=x>3\n<parameter=y>4\n</function></tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([{ x: '3', y: '4' }]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'implicit-close-tag',
      'implicit-close-tag',
    ]);
  });

  it('should accept a finished function whose </tool_call> never came', () => {
    const result = parser.parse('<tool_call>\n<function=stop>\n</function>\n');
    expect(result.calls.map((call) => call.name)).toEqual(['stop']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['missing-end-marker']);
  });

  it('should refuse a call cut off inside a value', () => {
    const result = parser.parse('<tool_call>\n<function=deploy>\n<parameter=env>\nprod');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'deploy', reason: 'incomplete' }),
    ]);
    expect(result.content).toBe('');
  });

  it('should refuse a call cut off before </function>', () => {
    const result = parser.parse(
      '<tool_call>\n<function=deploy>\n<parameter=env>\nprod\n</parameter>\n',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => call.reason)).toEqual(['incomplete']);
  });

  it('should report a function without a name as malformed', () => {
    const result = parser.parse('<tool_call>\n<function=>\n</function>\n</tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report a parameter without a name as malformed', () => {
    const result = parser.parse(
      '<tool_call>\n<function=f>\n<parameter=>\n1\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should refuse a section with junk text between the tags', () => {
    const result = parser.parse(
      '<tool_call>\n<function=f>\nnot a parameter\n</function>\n</tool_call>',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should refuse every function of a section with junk between them, each by its name', () => {
    const result = createParser({ formats: ['qwen3_coder'], ids: 'sequential' }).parse(
      '<tool_call>\n<function=f>\n</function>\nstray words\n<function=g>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls).toEqual([]);
    // One refusal per function, as a stream that announced both ends them; the junk's own issue
    // is what they carry, not a third rejection.
    expect(
      result.rejected.map((rejection) => [rejection.name, rejection.reason, rejection.id]),
    ).toEqual([
      ['f', 'malformed', 'call_0'],
      ['g', 'malformed', 'call_1'],
    ]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should read a function tag written as <parameter=NAME>, in a section or bare, in parse and stream', () => {
    // The slip: the function's own tag spelled as a parameter's, its parameters and </function>
    // after it. Left as text, the call never ran and nothing said why.
    const options = {
      formats: ['qwen3_coder' as const],
      tools,
      ids: 'sequential' as const,
      reasoning: { startsInside: false },
    };
    const wrapped =
      '<tool_call>\n<parameter=resize_image>\n<parameter=path>\n/tmp/a.png\n</parameter>\n' +
      '<parameter=width>\n640\n</parameter>\n</function>\n</tool_call>';
    const bare =
      'Resizing both.\n<parameter=resize_image>\n<parameter=path>\n/tmp/a.png\n</parameter>\n</function>\n' +
      '<parameter=resize_image>\n<parameter=path>\n/tmp/b.png\n</parameter>\n</function>';
    const named = createParser(options);
    const one = named.parse(wrapped);
    expect(one.calls.map((call) => [call.name, call.arguments, call.validated])).toEqual([
      ['resize_image', { path: '/tmp/a.png', width: 640 }, true],
    ]);
    expect(one.calls[0]?.repairs[0]).toEqual({
      kind: 'other',
      offset: wrapped.indexOf('<parameter=resize_image>'),
      detail: "the function's tag written <parameter=resize_image> read as <function=resize_image>",
    });
    const two = named.parse(bare);
    expect(two.calls.map((call) => call.arguments)).toEqual([
      { path: '/tmp/a.png' },
      { path: '/tmp/b.png' },
    ]);
    expect(two.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'missing-start-marker',
      'other',
    ]);
    expect(two.content).toBe('Resizing both.\n\n');
    for (const text of [wrapped, bare]) {
      expectEveryChunking(options, text);
    }
  });

  it('should keep <parameter=...> as text outside a function unless a </function> makes it a call', () => {
    for (const text of [
      // Prose naming parameters: nothing follows the tag as a function's parameters would.
      'Set <parameter=width> to the new size.',
      // The shape of the slip, but bare and cut off before its </function>.
      '<parameter=resize_image>\n<parameter=path>\n/tmp/a.png',
    ]) {
      const result = parser.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toEqual([]);
      expect(result.content).toBe(text);
    }
    // Inside a function a parameter with nothing in it is still a parameter, not a new function.
    const inside = parser.parse(
      '<tool_call>\n<function=f>\n<parameter=a>\n<parameter=b>\n1\n</parameter>\n</function>\n</tool_call>',
    );
    expect(inside.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['f', { a: '', b: '1' }],
    ]);
  });

  it('should leave a <tool_call> holding JSON to other syntaxes', () => {
    const text = '<tool_call>{"name": "f", "arguments": {}}</tool_call>';
    const withHermes = createParser({ formats: ['qwen3_coder', 'hermes'] });
    expect(withHermes.parse(text).calls.map((call) => call.format)).toEqual(['hermes']);
    // Alone, qwen3_coder refuses it rather than leave it in the content.
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.message)).toEqual([
      '<tool_call> does not hold a call written as qwen3_coder',
    ]);
  });

  it('should refuse before the grammar only what the grammar refuses', () => {
    // The reference: parseAt without its look at the first non-blank unit after <tool_call>.
    const grammarOnly = (text: string) => {
      const misnamed = text.startsWith('<parameter=');
      const rule = misnamed || text.startsWith('<function=') ? 'BareFunction' : 'Section';
      const options = misnamed ? { misnamedBound: true } : {};
      const matched = runGrammar<Qwen3CoderNode>(parse, text, 0, rule, options);
      return matched && lowerQwen3Coder(matched.node, { text, tools: undefined, limits });
    };
    const piece = fc.constantFrom(
      ...[' ', '\n', '\t', '\r', '\f', '{', '[', '"', '<', '>', 'f', '<function=f>'],
      ...['</function>', '<parameter=k>', 'v', '</parameter>', '</tool_call>', '{"name": "f"}'],
    );
    fc.assert(
      fc.property(
        // Its markers, broken ones, and text that is neither (the look must not rely on a marker).
        fc.oneof(
          fc.constantFrom(...qwen3_coder.markers, '<function', '<tool_call', '<f>'),
          fc.string({ unit: fc.constantFrom('<', 'f', 't', '=', '>', ' '), maxLength: 12 }),
        ),
        fc.array(piece, { maxLength: 10 }),
        (marker, parts) => {
          const text = marker + parts.join('');
          expect(qwen3_coder.parseAt({ text, tools: undefined, limits }, 0)).toEqual(
            grammarOnly(text),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('should be found in auto mode before the other <tool_call> syntaxes', () => {
    const auto = createParser({ formats: 'auto', ids: 'sequential' });
    const result = auto.parse('<tool_call>\n<function=ping>\n</function>\n</tool_call>');
    expect(result.calls.map((call) => [call.name, call.format])).toEqual([['ping', 'qwen3_coder']]);
  });
});
