import { describe, expect, it } from 'vitest';
import { createParser, type ParserOptions } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['hermes'], ids: 'sequential' });

describe('hermes', () => {
  it('should read one call between the tags', () => {
    const result = parser.parse(
      '<tool_call>{"name": "lookup", "arguments": {"sku": "A-7"}}</tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        name: 'lookup',
        arguments: { sku: 'A-7' },
        format: 'hermes',
        id: 'call_0',
      }),
    ]);
    expect(result.content).toBe('');
  });

  it('should keep the prose around calls as content', () => {
    const text =
      'Checking both.\n<tool_call>{"name":"a","arguments":{}}</tool_call> then <tool_call>{"name":"b","arguments":{"n":2}}</tool_call>\nDone.';
    const result = parser.parse(text);
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
    expect(result.content).toBe('Checking both.\n then \nDone.');
  });

  it('should read comma-separated call objects inside one tag', () => {
    const result = parser.parse(
      '<tool_call>{"name":"a","arguments":{}}, {"name":"b","arguments":{}}</tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
  });

  it('should read a list of call objects inside one tag, as SGLang does', () => {
    const tools = [{ name: 'a', parameters: { type: 'object' } }];
    const result = createParser({ formats: ['hermes'], tools }).parse(
      '<tool_call>\n[{"name": "a", "arguments": {"n": 1}}, {"name": "b", "arguments": {}}]\n</tool_call>',
    );
    // Each call is decided on its own: the list does not refuse the valid call with the other.
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([['a', { n: 1 }]]);
    expect(result.rejected.map((call) => [call.name, call.reason])).toEqual([
      ['b', 'unknown-tool'],
    ]);
  });

  it('should drop a second <tool_call> written before the next call, the first never closed', () => {
    const text =
      '<tool_call>\n{"name": "a", "arguments": {}}\n<tool_call>\n{"name": "b", "arguments": {"n": 2}}\n</tool_call>';
    const result = parser.parse(text);
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['a', {}],
      ['b', { n: 2 }],
    ]);
    // Not refused as a call that is no object: the model made no such call to fix.
    expect(result.rejected).toEqual([]);
    expect(result.calls[1]?.repairs).toEqual([
      {
        kind: 'other',
        offset: text.lastIndexOf('<tool_call>'),
        detail: 'stray <tool_call> dropped',
      },
    ]);
  });

  it('should still refuse a section that holds nothing but its opener again', () => {
    const result = parser.parse('<tool_call>\n<tool_call>\n</tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
  });

  it('should accept a complete call whose closing tag never came, recording the repair', () => {
    const result = parser.parse('<tool_call>\n{"name": "stop", "arguments": {"now": true}}');
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toContain('missing-end-marker');
  });

  // Prose after the calls of a section never closed: test/formats/prose-after-calls.test.ts.
  it('should keep reading a payload whose prose is followed by a call object, or closed by its own tag', () => {
    // A `{` after the prose may be a call the model meant inside the section (the section then
    // runs to the end of the output); a close tag with no opener before it is the section's own,
    // and the prose was written inside it. Neither gives the prose back as content.
    for (const [text, names] of [
      [
        '<tool_call>{"name": "a", "arguments": {}}\nand then\n{"name": "b", "arguments": {}}',
        ['a', 'b'],
      ],
      ['<tool_call>{"name": "a", "arguments": {}}\nthat is all</tool_call>', ['a']],
    ] as const) {
      const result = parser.parse(text);
      expect(result.calls.map((call) => call.name)).toEqual(names);
      expect(result.content).toBe('');
    }
  });

  it('should refuse a call cut off inside its JSON', () => {
    const result = parser.parse('<tool_call>\n{"name": "stop", "arguments": {"now": true}');
    expect(result.calls).toEqual([]);
  });

  it('should report a body that is not JSON as a malformed call and find no call', () => {
    const result = parser.parse('<tool_call>weather please</tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('malformed-tool-call');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read a tool named before its arguments object, in parse and stream', () => {
    const tools = [
      {
        name: 'run_command',
        parameters: { type: 'object', properties: { command: { type: 'string' } } },
      },
    ];
    const options: ParserOptions = {
      formats: ['hermes'],
      tools,
      reasoning: { startsInside: false },
    };
    const named = createParser(options);
    for (const [text, content] of [
      // The name in <function> tags, as some models write it under a hermes template.
      [
        'Checking.\n<tool_call>\n<function>run_command</function>\n{"command": "uptime"}\n</tool_call>',
        'Checking.\n',
      ],
      // The bare name on its own line, then the arguments, leniently read.
      ["<tool_call>\nrun_command\n{command: 'uptime'}\n</tool_call> Done.", ' Done.'],
    ] as const) {
      const result = named.parse(text);
      expect(result.calls).toMatchObject([
        { name: 'run_command', arguments: { command: 'uptime' }, validated: true },
      ]);
      expect(result.calls[0]?.repairs[0]).toMatchObject({
        kind: 'other',
        detail: 'the tool name "run_command" written before its arguments object',
      });
      expect(result.rejected).toEqual([]);
      expect(result.content).toBe(content);
      expectEveryChunking(options, text);
    }
    // Cut off before the object's end, the call is never run.
    const cut = named.parse('<tool_call>run_command {"command": "upt');
    expect(cut.calls).toEqual([]);
    expect(cut.rejected).toMatchObject([{ name: 'run_command', reason: 'incomplete' }]);
    // An object that names a tool itself is read as JSON: the word before it may be prose.
    const worded = named.parse(
      '<tool_call>Now {"name": "run_command", "arguments": {"command": "ls"}}</tool_call>',
    );
    const names = [...worded.calls, ...worded.rejected].map((call) => call.name);
    expect(names).not.toContain('Now');
  });

  describe('a close tag inside an argument string', () => {
    const tools = [
      {
        name: 'save_note',
        parameters: {
          type: 'object',
          properties: { title: { type: 'string' }, body: { type: 'string' } },
        },
      },
    ];
    const options: ParserOptions = {
      formats: ['hermes'],
      tools,
      ids: 'sequential',
      reasoning: { startsInside: false },
    };
    const quoting = createParser(options);

    it('should read the payload on to the close tag after its strings, in parse and stream', () => {
      // A note that explains the syntax quotes both tags; a second call follows.
      const text =
        'Saving.\n<tool_call>\n{"name": "save_note", "arguments": {"title": "syntax", "body": "A call sits between <tool_call> and </tool_call>, one per call."}}\n</tool_call>\n' +
        '<tool_call>{"name": "save_note", "arguments": {"title": "two", "body": "ends with </tool_call>"}}</tool_call> Saved.';
      const result = quoting.parse(text);
      expect(result.calls).toMatchObject([
        {
          name: 'save_note',
          arguments: {
            title: 'syntax',
            body: 'A call sits between <tool_call> and </tool_call>, one per call.',
          },
          repairs: [],
        },
        { name: 'save_note', arguments: { title: 'two', body: 'ends with </tool_call>' } },
      ]);
      expect(result.rejected).toEqual([]);
      expect(result.content).toBe('Saving.\n\n Saved.');
      expectEveryChunking(options, text);
    });

    it('should keep cutting at the first close tag when the payload past it is no clean JSON', () => {
      // The first call's string is never closed: read on, it would swallow the second section.
      const text =
        '<tool_call>{"name": "save_note", "arguments": {"title": "a}}</tool_call>\n' +
        '<tool_call>{"name": "save_note", "arguments": {"title": "b"}}</tool_call>';
      const result = quoting.parse(text);
      expect(result.rejected).toMatchObject([{ name: 'save_note', reason: 'malformed' }]);
      expect(result.calls).toMatchObject([{ name: 'save_note', arguments: { title: 'b' } }]);
      expectEveryChunking(options, text);
      // Clean JSON only: a payload that needs a repair past the first close tag stays cut there.
      const repaired = quoting.parse(
        '<tool_call>{"name": "save_note", "arguments": {"body": "x</tool_call>y",}}</tool_call>',
      );
      expect(repaired.calls).toEqual([]);
    });

    it('should never run a call whose output ends inside the string', () => {
      const text =
        '<tool_call>{"name": "save_note", "arguments": {"body": "use </tool_call> and th';
      const result = quoting.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected).toMatchObject([{ name: 'save_note', reason: 'incomplete' }]);
      expectEveryChunking(options, text);
    });

    it('should pass at most 16 close tags inside strings', () => {
      const body = (count: number): string =>
        Array.from({ length: count }, () => '</tool_call>').join(' ');
      const read = (count: number) =>
        quoting.parse(
          `<tool_call>{"name": "save_note", "arguments": {"body": "${body(count)}"}}</tool_call>`,
        );
      expect(read(16).calls).toMatchObject([{ arguments: { body: body(16) } }]);
      expect(read(17).calls).toEqual([]);
    });
  });

  it('should never turn a call written inside <think> into a call', () => {
    const result = parser.parse(
      '<think>maybe <tool_call>{"name":"x","arguments":{}}</tool_call></think>No call.',
    );
    expect(result.calls).toEqual([]);
    expect(result.reasoning).toContain('<tool_call>');
    expect(result.content).toBe('No call.');
  });
});

describe('hermes fast path', () => {
  it('should build exactly the node the grammar builds whenever it applies', async () => {
    const fc = await import('fast-check');
    const { parse } = await import('../../src/generated/hermes.js');
    const { runGrammar } = await import('../../src/formats/shared/run-grammar.js');
    const { readClosedSection } = await import('../../src/formats/hermes/index.js');
    const piece = fc.constantFrom(
      '<tool_call>',
      '</tool_call>',
      '</tool_',
      '{"a": 1}',
      'x',
      '\n',
      '<',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }),
        fc.string({ maxLength: 8 }),
        (pieces, prose) => {
          const text = prose + pieces.join('');
          for (
            let start = text.indexOf('<tool_call>');
            start !== -1;
            start = text.indexOf('<tool_call>', start + 1)
          ) {
            const fast = readClosedSection(text, start);
            if (fast === undefined) continue;
            expect(fast).toEqual(runGrammar(parse, text, start, 'Section'));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should give the section the grammar path gives, lowering included', async () => {
    const fc = await import('fast-check');
    const { parse } = await import('../../src/generated/hermes.js');
    const { runGrammar } = await import('../../src/formats/shared/run-grammar.js');
    const { hermes } = await import('../../src/formats/hermes/index.js');
    const { lowerHermes } = await import('../../src/formats/hermes/lower.js');
    const { resolveLimits } = await import('../../src/options.js');
    type Node = Parameters<typeof lowerHermes>[0];
    const limits = resolveLimits(undefined);
    const piece = fc.constantFrom(
      '<tool_call>',
      '</tool_call>',
      '{"name": "f", "arguments": {"a": 1}}',
      '{"name": "g", "arguments": {}}, {"name": "h"}',
      "{'name': 'f', arguments: {a: True,}}",
      '{"name": "f", "arguments": {"a": [1, {"b": "',
      '[{"name": "f"}]',
      '{}',
      'x',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const text = pieces.join('');
        const context = { text, tools: undefined, limits };
        for (let start = text.indexOf('<tool_call>'); start !== -1;) {
          const grammar = runGrammar<Node>(parse, text, start, 'Section');
          const expected =
            grammar === undefined ? undefined : lowerHermes(grammar.node, grammar.end, context);
          expect(hermes.parseAt(context, start)).toEqual(expected);
          start = text.indexOf('<tool_call>', start + 1);
        }
      }),
      { numRuns: 500 },
    );
  });
});
