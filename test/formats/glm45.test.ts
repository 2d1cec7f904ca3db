import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Glm45Section } from '../../src/formats/glm45/ast.js';
import { glm45 } from '../../src/formats/glm45/index.js';
import { lowerGlm45 } from '../../src/formats/glm45/lower.js';
import { runGrammar } from '../../src/formats/shared/run-grammar.js';
import { parse } from '../../src/generated/glm45.js';
import { createParser } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const parser = createParser({ formats: ['glm45'], ids: 'sequential' });

const tools = [
  {
    name: 'book_room',
    parameters: {
      type: 'object',
      properties: {
        room: { type: 'string' },
        seats: { type: 'integer' },
        projector: { type: 'boolean' },
        attendees: { type: 'array', items: { type: 'object' } },
      },
    },
  },
];
const typedParser = createParser({ formats: ['glm45'], ids: 'sequential', tools });
const limits = { maxDepth: DEFAULT_LIMITS.maxDepth, maxCallSize: DEFAULT_LIMITS.maxCallSize };

describe('glm45', () => {
  it('should read a GLM-4.5 call with a newline after each tag', () => {
    const result = parser.parse(
      '<tool_call>book_room\n<arg_key>room</arg_key>\n<arg_value>Orion</arg_value>\n<arg_key>floor</arg_key>\n<arg_value>second</arg_value>\n</tool_call>',
    );
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'book_room',
        arguments: { room: 'Orion', floor: 'second' },
        format: 'glm45',
      }),
    ]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read a GLM-4.7 call written without separators', () => {
    const result = parser.parse(
      '<tool_call>book_room<arg_key>room</arg_key><arg_value>Vega</arg_value></tool_call>',
    );
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([
      ['book_room', { room: 'Vega' }],
    ]);
  });

  it('should read a call that takes no arguments', () => {
    const result = parser.parse('<tool_call>list_rooms</tool_call>');
    expect(result.calls.map((call) => [call.name, call.arguments])).toEqual([['list_rooms', {}]]);
  });

  it('should read several calls and keep the prose around them as content', () => {
    const result = parser.parse(
      'Booking both rooms. <tool_call>book_room\n<arg_key>room</arg_key>\n<arg_value>Orion</arg_value>\n</tool_call><tool_call>book_room\n<arg_key>room</arg_key>\n<arg_value>Vega</arg_value>\n</tool_call> All set.',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([
      { room: 'Orion' },
      { room: 'Vega' },
    ]);
    expect(result.content).toBe('Booking both rooms.  All set.');
  });

  it('should give prose after the pairs of a call never closed back as content, in parse and stream', () => {
    const call = '<tool_call>set_timer\n<arg_key>minutes</arg_key>\n<arg_value>5</arg_value>';
    const next = '<tool_call>stop_timer\n</tool_call>';
    for (const [text, content, names] of [
      [`${call}\nThe timer is set.`, '\nThe timer is set.', ['set_timer']],
      [`${call}\nAnd now: ${next} ok`, '\nAnd now:  ok', ['set_timer', 'stop_timer']],
    ] as const) {
      const result = createParser({ formats: ['glm45'], ids: 'sequential' }).parse(text);
      expect(result.calls.map((found) => [found.name, found.arguments])).toEqual(
        names.map((name) => [name, name === 'set_timer' ? { minutes: 5 } : {}]),
      );
      expect(result.calls[0]?.repairs).toEqual([
        { kind: 'implicit-close-tag', offset: call.length, detail: '</tool_call>' },
      ]);
      expect(result.rejected).toEqual([]);
      expect(result.content).toBe(content);
      const options = { formats: ['glm45' as const], reasoning: { startsInside: false } };
      expectEveryChunking(options, text);
    }
  });

  it('should still refuse text between pairs, and wait for the close tag after the last pair', () => {
    const junk = parser.parse(
      '<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\njunk\n<arg_key>b</arg_key>\n<arg_value>2</arg_value>\n</tool_call>',
    );
    expect(junk.calls).toEqual([]);
    expect(junk.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    // Only blanks after the last pair: more pairs may still come, so the call is incomplete.
    const cut = parser.parse('<tool_call>f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n');
    expect(cut.rejected.map((call) => call.reason)).toEqual(['incomplete']);
  });

  it('should type values by the tool schema and record the repair', () => {
    const result = typedParser.parse(
      '<tool_call>book_room\n<arg_key>room</arg_key>\n<arg_value>42</arg_value>\n<arg_key>seats</arg_key>\n<arg_value>12</arg_value>\n<arg_key>projector</arg_key>\n<arg_value>false</arg_value>\n</tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([
      { room: '42', seats: 12, projector: false },
    ]);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual([
      'schema-typed-value',
      'schema-typed-value',
    ]);
  });

  it('should decode JSON values when no schema is known, as the reference parsers do', () => {
    const result = parser.parse(
      '<tool_call>tune<arg_key>gain</arg_key><arg_value>0.5</arg_value><arg_key>bands</arg_key><arg_value>[1, 2]</arg_value><arg_key>mode</arg_key><arg_value>warm</arg_value></tool_call>',
    );
    expect(result.calls[0]?.arguments).toEqual({ gain: 0.5, bands: [1, 2], mode: 'warm' });
  });

  it('should read an array value whose JSON was escaped a second time', () => {
    const result = typedParser.parse(
      '<tool_call>book_room\\n<arg_key>attendees</arg_key>\\n<arg_value>[{\\"name\\": \\"Ana\\", \\"path\\": \\"C:\\\\\\\\share\\"}]</arg_value></tool_call>',
    );
    expect(result.calls.map((call) => call.arguments)).toEqual([
      { attendees: [{ name: 'Ana', path: 'C:\\share' }] },
    ]);
  });

  it('should refuse a call cut off by the end of the output', () => {
    const result = parser.parse('<tool_call>book_room\n<arg_key>room</arg_key>\n<arg_value>Ori');
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([
      expect.objectContaining({ name: 'book_room', reason: 'incomplete' }),
    ]);
  });

  it('should refuse a call whose </tool_call> never came, since more pairs could follow', () => {
    const result = parser.parse(
      '<tool_call>book_room\n<arg_key>room</arg_key>\n<arg_value>Orion</arg_value>\n',
    );
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((call) => call.reason)).toEqual(['incomplete']);
  });

  it('should close a call implied by the next <tool_call>, recording the repair', () => {
    const result = parser.parse(
      '<tool_call>a<arg_key>x</arg_key><arg_value>1</arg_value><tool_call>b</tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['a', 'b']);
    expect(result.calls[0]?.repairs.map((repair) => repair.kind)).toEqual(['implicit-close-tag']);
  });

  it('should report a key without a value as malformed', () => {
    const result = parser.parse('<tool_call>a<arg_key>x</arg_key></tool_call>');
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should report a call without a name as malformed', () => {
    const result = parser.parse(
      '<tool_call>\n<arg_key>x</arg_key>\n<arg_value>1</arg_value>\n</tool_call>',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
    expect(result.syntaxSeen).toBe(true);
  });

  it('should report junk text between pairs as malformed', () => {
    const result = parser.parse(
      '<tool_call>a\n<arg_key>x</arg_key><arg_value>1</arg_value> and then some\n</tool_call>',
    );
    expect(result.calls).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should leave a <tool_call> holding JSON or prose to other syntaxes', () => {
    const withHermes = createParser({ formats: ['glm45', 'hermes'] });
    for (const text of [
      '<tool_call>{"name": "f", "arguments": {}}</tool_call>',
      '<tool_call>\n[{"name": "f"}]\n</tool_call>',
      '<tool_call>this is not a call</tool_call>',
    ]) {
      // hermes reads (or refuses) it; alone, glm45 refuses it without reading it as a GLM call.
      expect(withHermes.parse(text).rejected.map((rejection) => rejection.format)).not.toContain(
        'glm45',
      );
      expect(parser.parse(text).issues.map((issue) => issue.message)).toEqual([
        '<tool_call> does not hold a call written as glm45',
      ]);
    }
  });

  it('should refuse before the grammar only what the grammar refuses', () => {
    // The reference: parseAt without its look for JSON after <tool_call>.
    const grammarOnly = (text: string) => {
      const matched = runGrammar<Glm45Section>(parse, text, 0, 'Section');
      return matched && lowerGlm45(matched.node, { text, tools: undefined, limits });
    };
    const piece = fc.constantFrom(
      ...[' ', '\n', '\t', '\r', '\f', '{', '[', '"', '}', ']', '<', '>', 'f', 'name'],
      ...['<arg_key>k</arg_key>', '<arg_value>v</arg_value>', '</tool_call>', '{"name": "f"}'],
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (parts) => {
        const text = `<tool_call>${parts.join('')}`;
        expect(glm45.parseAt({ text, tools: undefined, limits }, 0)).toEqual(grammarOnly(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('should be found in auto mode', () => {
    const auto = createParser({ formats: 'auto', ids: 'sequential' });
    const result = auto.parse(
      '<tool_call>ping<arg_key>host</arg_key><arg_value>db1</arg_value></tool_call>',
    );
    expect(result.calls.map((call) => [call.name, call.format])).toEqual([['ping', 'glm45']]);
  });

  describe('slips of GLM-4.7-family models under load', () => {
    const tools = [
      {
        name: 'search',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'integer' } },
        },
      },
    ];
    const options = { formats: ['glm45' as const], tools, reasoning: { startsInside: false } };
    const read = createParser(options);

    it('should read a value whose <arg_value> was left out, up to its </arg_value>', () => {
      const text =
        'Looking.<tool_call>search<arg_key>query</arg_key>days off left</arg_value><arg_key>limit</arg_key><arg_value>5</arg_value></tool_call>';
      const result = read.parse(text);
      expect(result.calls).toMatchObject([
        { name: 'search', arguments: { query: 'days off left', limit: 5 }, validated: true },
      ]);
      expect(result.calls[0]?.repairs).toEqual([
        { kind: 'other', offset: 49, detail: 'the <arg_value> tag of "query" left out' },
        // The 5, typed by the schema as the integer it takes.
        { kind: 'schema-typed-value', offset: 109, detail: 'limit' },
      ]);
      expect(result.content).toBe('Looking.');
      expectEveryChunking(options, text);
    });

    it('should read a key whose </arg_key> was written twice', () => {
      const text =
        '<tool_call>search<arg_key>query</arg_key>\n</arg_key><arg_value>days off</arg_value></tool_call>';
      const result = read.parse(text);
      expect(result.calls).toMatchObject([{ arguments: { query: 'days off' } }]);
      expect(result.calls[0]?.repairs).toEqual([
        { kind: 'other', offset: 42, detail: '</arg_key> written again after "query"' },
      ]);
      expectEveryChunking(options, text);
    });

    it('should read a second <tool_call> written where the first <arg_key> belongs', () => {
      for (const formats of [['glm45' as const], 'auto' as const]) {
        const text =
          '<tool_call>search\n<tool_call>query</arg_key>\n<arg_value>days off</arg_value>\n</tool_call> Done.';
        const result = createParser({ ...options, formats }).parse(text);
        expect(result.calls).toMatchObject([{ name: 'search', arguments: { query: 'days off' } }]);
        expect(result.calls[0]?.repairs).toEqual([
          {
            kind: 'other',
            offset: 18,
            detail: '<tool_call> written where the <arg_key> of "query" belongs',
          },
        ]);
        expect(result.content).toBe(' Done.');
        expectEveryChunking({ ...options, formats }, text);
      }
    });

    it('should still refuse text after a key that no </arg_value> closes before the next tag', () => {
      // Read on, it would take the next key into the value.
      const result = read.parse(
        '<tool_call>search<arg_key>query</arg_key>days off<arg_key>limit</arg_key><arg_value>5</arg_value></tool_call>',
      );
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((rejection) => rejection.reason)).toContain('malformed');
    });
  });
});
