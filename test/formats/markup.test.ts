import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarkupSection } from '../../src/formats/markup/ast.js';
import { markup } from '../../src/formats/markup/index.js';
import { lowerMarkup } from '../../src/formats/markup/lower.js';
import { runGrammar } from '../../src/formats/shared/run-grammar.js';
import { parse } from '../../src/generated/markup.js';
import { createParser } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['markup'], ids: 'sequential' });
const calls = (text: string) => parser.parse(text).calls.map((call) => [call.name, call.arguments]);

describe('markup', () => {
  it('should read invoke elements with named parameters', () => {
    expect(
      calls('<invoke name="open_ticket"><parameter name="title">Printer jam</parameter></invoke>'),
    ).toEqual([['open_ticket', { title: 'Printer jam' }]]);
  });

  it('should read every invoke of a function_calls block', () => {
    const text =
      'On it.\n<function_calls>\n<invoke name="a"><parameter name="x">1</parameter></invoke>\n<invoke name="b"></invoke>\n</function_calls>';
    const result = parser.parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', { x: '1' }],
      ['b', {}],
    ]);
    expect(result.content.trim()).toBe('On it.');
  });

  it('should take the name from an attribute and nested fields as the arguments', () => {
    expect(
      calls(
        '<tool_call name="book"><arguments><room>4B</room><guests><item>Ana</item><item>Bo</item></guests></arguments></tool_call>',
      ),
    ).toEqual([['book', { room: '4B', guests: ['Ana', 'Bo'] }]]);
  });

  it('should take the name from a child element and JSON text as the arguments', () => {
    expect(
      calls(
        '<function_call><name>book</name><arguments>{"room": "4B"}</arguments></function_call>',
      ),
    ).toEqual([['book', { room: '4B' }]]);
  });

  it('should type top-level values by the tool schema', () => {
    const typed = createParser({
      formats: ['markup'],
      tools: [
        {
          name: 'book',
          parameters: {
            type: 'object',
            properties: { nights: { type: 'integer' }, late: { type: 'boolean' } },
          },
        },
      ],
    });
    const result = typed.parse(
      '<tool_call name="book"><arguments><nights>3</nights><late>true</late></arguments></tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ nights: 3, late: true });
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should keep element names such as __proto__ as plain keys', () => {
    const result = parser.parse(
      '<tool_call name="f"><arguments><__proto__><polluted>1</polluted></__proto__></arguments></tool_call>',
    );
    const args = result.calls[0]?.arguments as Record<string, unknown>;
    expect(Object.keys(args)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('should leave a tool_call holding JSON to the hermes format', () => {
    const text = '<tool_call>{"name": "f", "arguments": {}}</tool_call>';
    const withHermes = createParser({ formats: ['markup', 'hermes'] });
    expect(withHermes.parse(text).calls.map((call) => call.format)).toEqual(['hermes']);
    // Alone, markup refuses it rather than leave it in the content.
    const result = parser.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.message)).toEqual([
      '<tool_call> does not hold a call written as markup',
    ]);
  });

  it('should run the grammar exactly where its quick look says the text may be markup', () => {
    const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxCallSize: DEFAULT_LIMITS.maxCallSize };
    // The look, spelled out with strings: a tag name then a space; `<function_calls>`; or a tag
    // closed by `>` whose first non-blank text is one of the child tags that name a tool.
    const mayBeMarkup = (text: string) => {
      const name = /^<[a-z_]*/.exec(text)?.[0] ?? '<';
      const after = text.charAt(name.length);
      if (after === ' ') return true;
      if (after !== '>') return false;
      if (name === '<function_calls') return true;
      const rest = text.slice(name.length + 1).replace(/^[ \t\r\n]*/, '');
      const children = ['<name>', '<tool_name>', '<tool>', '<function_name>', '<function>'];
      return [...children, '<function ', '<invoke '].some((child) => rest.startsWith(child));
    };
    const reference = (text: string) => {
      if (!mayBeMarkup(text)) return undefined;
      const matched = runGrammar<MarkupSection>(parse, text, 0, 'Section', { tagPrefix: '' });
      return matched && lowerMarkup(matched.node, matched.end, { text, tools: undefined, limits });
    };
    const piece = fc.constantFrom(
      ...[
        ' ',
        '\n',
        '\t',
        '\r',
        '\f',
        '{',
        '[',
        '<',
        '>',
        '/',
        'f',
        ' name="f">',
        '<name>f</name>',
      ],
      ...['<tool>f</tool>', '<function>f</function>', '<tool_name>f</tool_name>', '</tool_call>'],
      ...['<function_name>f</function_name>', '<invoke name="f">', '</invoke>', '<arguments>'],
      ...['</arguments>', '<parameter name="k">v</parameter>', '{"name": "f", "arguments": {}}'],
      ...['<function name="f">', '</function>', '<param name="k">', '<![CDATA[', ']]>'],
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...markup.markers),
        fc.array(piece, { maxLength: 10 }),
        (marker, parts) => {
          const text = marker + parts.join('');
          expect(markup.parseAt({ text, tools: undefined, limits }, 0)).toEqual(reference(text));
        },
      ),
      { numRuns: 4000 },
    );
  });

  describe('MiniCPM5 function elements', () => {
    const tools = [
      {
        name: 'write_file',
        parameters: {
          type: 'object',
          properties: {
            path: { type: 'string' },
            content: { type: 'string' },
            mode: { type: 'integer' },
          },
        },
      },
    ];
    const options = { formats: ['markup' as const], tools, reasoning: { startsInside: false } };
    const cases = [
      // Bare, a CDATA value holding markup and a trailing newline, a value typed by the schema.
      [
        '<function name="write_file"><param name="path">a.html</param>' +
          '<param name="content"><![CDATA[<b>Fish & chips</b>\n]]></param><param name="mode">644</param></function>',
        { path: 'a.html', content: '<b>Fish & chips</b>\n', mode: 644 },
        '',
      ],
      // Inside <tool_call>, with <parameter> children, prose around it.
      [
        'Saving.\n<tool_call>\n<function name="write_file">\n<parameter name="path">b.txt</parameter>\n' +
          '<parameter name="content"> <![CDATA[ two spaces ]]> </parameter>\n</function>\n</tool_call>\nSaved.',
        { path: 'b.txt', content: ' two spaces ' },
        'Saving.\n\nSaved.',
      ],
    ] as const;

    it.each(cases)('should read %j in parse and stream', (text, args, content) => {
      const result = createParser(options).parse(text);
      expect(result.calls.map((call) => [call.name, call.arguments, call.validated])).toEqual([
        ['write_file', args, true],
      ]);
      expect(result.content).toBe(content);
      expectEveryChunking(options, text);
    });

    it('should run a call whose </tool_call> never came, recording it, and never one cut off', () => {
      const parsed = createParser(options).parse(
        '<tool_call><function name="write_file"><param name="path">c</param></function>',
      );
      expect(parsed.calls.map((call) => call.repairs.map((repair) => repair.kind))).toEqual([
        ['missing-end-marker'],
      ]);
      const cut = createParser(options).parse(
        '<function name="write_file"><param name="content"><![CDATA[half of it',
      );
      expect(cut.calls).toEqual([]);
      expect(cut.rejected.map((call) => call.reason)).toEqual(['incomplete']);
    });

    it('should leave a function tag in prose as text', () => {
      const text = 'In that language, <function main> is how a block opens.';
      expect(parser.parse(text).content).toBe(text);
    });
  });

  it('should never execute an element cut off by the end of the output', () => {
    const result = parser.parse('<tool_call name="f"><arguments><q>half');
    expect(result.calls).toEqual([]);
  });

  describe('tags that name the tool or a parameter twice', () => {
    const tools = ['list_files', 'delete_files'].map((name) => ({
      name,
      parameters: { type: 'object', properties: { path: { type: 'string' } } },
    }));
    const gated = createParser({ formats: ['markup'], tools });

    it.each([
      '<invoke name="delete_files" name="list_files"><parameter name="path">/tmp</parameter></invoke>',
      '<function_calls><invoke name="list_files" name="delete_files"></invoke></function_calls>',
      '<tool_call name="list_files" name="delete_files"><arguments><path>/</path></arguments></tool_call>',
      '<tool_call name="list_files" tool="delete_files"><path>/</path></tool_call>',
      '<tool_call name="list_files"><name>delete_files</name><path>/</path></tool_call>',
      '<function_call><name>list_files</name><name>delete_files</name><arguments>{}</arguments></function_call>',
    ])('should refuse %s as malformed', (text) => {
      const result = gated.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((call) => call.reason)).toEqual(['malformed']);
    });

    it.each([
      '<invoke name="list_files"><parameter name="path" name="mode">/tmp</parameter></invoke>',
      '<tool_call name="list_files"><arguments><param name="path" name="mode">/</param></arguments></tool_call>',
    ])('should refuse %s, naming the tool', (text) => {
      const result = gated.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
        ['list_files', 'malformed'],
      ]);
      expect(result.rejected[0]?.envelope.received).toContain('"name" twice');
    });
  });

  describe('calls that are not properly closed', () => {
    const tools = [
      {
        name: 'transfer',
        effect: 'destructive' as const,
        parameters: {
          type: 'object',
          properties: {
            to: { type: 'string' },
            amount: { type: 'integer' },
            memo: { type: 'string' },
            dry_run: { type: 'boolean' },
          },
          required: ['to', 'amount'],
        },
      },
    ];
    const forced = createParser({ tools, formats: ['markup'], ids: 'sequential' });
    const auto = createParser({ tools, ids: 'sequential' });
    const fullCalls = [
      '<tool_call name="transfer"><arguments><to>bob</to><amount>25</amount><memo>rent</memo><dry_run>false</dry_run></arguments></tool_call>',
      '<function_call><name>transfer</name><arguments>{"to": "bob", "amount": 25, "dry_run": false}</arguments></function_call>',
      '<tool_use><tool_name>transfer</tool_name><to>bob</to><amount>25</amount><memo>a b</memo></tool_use>',
      '<invoke name="transfer"><parameter name="to">bob</parameter><parameter name="amount">25</parameter><parameter name="dry_run">false</parameter></invoke>',
    ];

    it.each(fullCalls)('should run no prefix of %s shorter than the whole call', (full) => {
      expect(forced.parse(full).calls).toHaveLength(1);
      const executable: string[] = [];
      for (let cut = 1; cut < full.length; cut += 1) {
        const prefix = full.slice(0, cut);
        for (const candidate of [forced, auto]) {
          if (candidate.parse(prefix).calls.length > 0) executable.push(prefix);
          const stream = candidate.stream();
          const events = [...stream.push(prefix), ...stream.end()];
          if (events.some((event) => event.type === 'tool-call-end' && 'call' in event)) {
            executable.push(`stream: ${prefix}`);
          }
        }
      }
      expect(executable).toEqual([]);
    });

    it('should refuse a call whose fields hold a mistyped close tag, and keep the rest out of the content', () => {
      const result = auto.parse(
        'Sending.\n<tool_call name="transfer"><arguments><to>alice</to><amount>100</amt><dry_run>true</dry_run></arguments></tool_call>\nDone.',
      );
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
        ['transfer', 'malformed'],
      ]);
      expect(result.rejected[0]?.envelope.error).toBe('malformed_tool_call');
      expect(JSON.stringify(result.rejected[0]?.envelope)).toContain('</amt>');
      expect(result.content).toBe('Sending.\n\nDone.');
    });

    it('should refuse a call cut off inside a close tag as incomplete', () => {
      for (const text of [
        '<tool_call name="transfer"><arguments><to>alice</to><amount>100</',
        '<function_call><name>transfer</name><arguments>{"to": "alice", "amount": 100}</arguments></',
        '<tool_call name="transfer"><arguments><to>alice</to><amount>100</amount></argu',
      ]) {
        const result = auto.parse(text);
        expect(result.calls).toEqual([]);
        expect(result.rejected.map((call) => call.reason)).toEqual(['incomplete']);
      }
    });
  });
});
