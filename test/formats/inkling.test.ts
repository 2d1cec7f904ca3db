import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import { expectEveryChunking } from '../stream/equivalence.js';

const tools: ToolDefinition[] = [
  {
    name: 'book_table',
    parameters: {
      type: 'object',
      properties: {
        restaurant: { type: 'string' },
        guests: { type: 'integer' },
        terrace: { type: 'boolean' },
      },
      required: ['restaurant', 'guests'],
      additionalProperties: false,
    },
  },
  { name: 'list_openings', parameters: { type: 'object', properties: {} } },
];

const forced = createParser({ formats: ['inkling'], ids: 'sequential' });
const typed = createParser({ formats: ['inkling'], ids: 'sequential', tools });
const auto = createParser({ ids: 'sequential' });

const MODEL = '<|message_model|>';
const TEXT = '<|content_text|>';
const THINK = '<|content_thinking|>';
const CALL = '<|content_invoke_tool_json|>';
const RAW_TOOL = '<|content_invoke_tool_text|>';
const TOOL_ERROR = '<|content_tool_error|>';
const END = '<|end_message|>';
const STOP = '<|content_model_end_sampling|>';

const BOOKING =
  '{"name": "book_table", "args": {"restaurant": "De Vitrine", "guests": 4, "terrace": true}}';
const BOOKED = { restaurant: 'De Vitrine', guests: 4, terrace: true };

/** A call block as Inkling writes it: the role token, the tool's name as header, the object. */
function callBlock(name: string, payload: string, end = END): string {
  return `${MODEL}${name}${CALL}${payload}${end}`;
}

function summary(parser: ReturnType<typeof createParser>, text: string) {
  const result = parser.parse(text);
  return {
    calls: result.calls.map((call) => [call.name, call.arguments]),
    rejected: result.rejected.map((each) => [each.name, each.reason]),
    content: result.content,
    reasoning: result.reasoning,
  };
}

describe('inkling', () => {
  it('should read a call block with its header', () => {
    const result = forced.parse(callBlock('book_table', BOOKING));
    expect(result.calls).toEqual([
      expect.objectContaining({
        id: 'call_0',
        name: 'book_table',
        arguments: BOOKED,
        format: 'inkling',
        repairs: [],
      }),
    ]);
    expect(result.rejected).toEqual([]);
    expect(result.content).toBe('');
    expect(result.syntaxSeen).toBe(true);
  });

  it('should read thinking as reasoning and text blocks as content, around calls', () => {
    const text =
      `${THINK}They want a table for four.${END}` +
      `${MODEL}${TEXT}Booking it now.${END}` +
      callBlock('book_table', BOOKING) +
      `${MODEL}${TEXT} I will confirm once it is done.${END}${STOP}`;
    expect(summary(forced, text)).toEqual({
      calls: [['book_table', BOOKED]],
      rejected: [],
      content: 'Booking it now. I will confirm once it is done.',
      reasoning: 'They want a table for four.',
    });
  });

  it('should join several thinking blocks', () => {
    const text = `${THINK}First, ${END}${MODEL}${TEXT}Hm.${END}${MODEL}${THINK}then.${END}`;
    expect(summary(forced, text)).toEqual({
      calls: [],
      rejected: [],
      content: 'Hm.',
      reasoning: 'First, then.',
    });
  });

  it('should read parallel calls as repeated blocks, in order', () => {
    const text =
      callBlock('list_openings', '{"name": "list_openings", "args": {}}') +
      callBlock('book_table', BOOKING);
    expect(summary(forced, text).calls).toEqual([
      ['list_openings', {}],
      ['book_table', BOOKED],
    ]);
  });

  it('should read a block without a header, and a call whose args come first', () => {
    const text = `${CALL}{"args": {"restaurant": "Nuance", "guests": 2}, "name": "book_table"}${END}`;
    expect(summary(forced, text).calls).toEqual([
      ['book_table', { restaurant: 'Nuance', guests: 2 }],
    ]);
  });

  it('should read a call object without args as a call with no arguments', () => {
    expect(summary(forced, callBlock('list_openings', '{"name": "list_openings"}')).calls).toEqual([
      ['list_openings', {}],
    ]);
  });

  it('should read bare text after the prompt opened the message as content', () => {
    for (const end of ['', END, STOP]) {
      expect(summary(forced, `We open at noon.${end}`).content).toBe('We open at noon.');
    }
    expect(summary(forced, `${MODEL}We open at noon.${END}`).content).toBe('We open at noon.');
  });

  it('should never show the end tokens as content', () => {
    const result = forced.parse(`${TEXT}Done.${END}\n${END}`);
    expect(result.content).toBe('Done.\n');
  });

  it('should show raw tool blocks and tool errors as text, never as calls', () => {
    expect(summary(forced, `${RAW_TOOL}book_table De Vitrine 4${END}`)).toEqual({
      calls: [],
      rejected: [],
      content: 'book_table De Vitrine 4',
      reasoning: '',
    });
    expect(summary(forced, `${MODEL}${TOOL_ERROR}no such tool${END}`).content).toBe('no such tool');
  });

  it('should end the turn at the stop token', () => {
    const text =
      callBlock('list_openings', '{"name": "list_openings", "args": {}}', STOP) +
      callBlock('book_table', BOOKING) +
      `${MODEL}${TEXT}after the turn${END}`;
    expect(summary(forced, text)).toEqual({
      calls: [['list_openings', {}]],
      rejected: [],
      content: '',
      reasoning: '',
    });
  });

  it('should keep a call written inside a thinking block as reasoning', () => {
    const text = `${THINK}Maybe ${CALL}${BOOKING}${END}${MODEL}${TEXT}Which day?${END}`;
    const result = forced.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toEqual([]);
    expect(result.reasoning).toBe(`Maybe ${CALL}${BOOKING}`);
    expect(result.content).toBe('Which day?');
  });

  it('should keep a thinking block never closed as reasoning to the end', () => {
    const text = `${THINK}Maybe${END.slice(0, 5)} ${MODEL}${CALL}${BOOKING}${END}`;
    const result = forced.parse(text);
    expect(result.calls).toEqual([]);
    expect(result.reasoning).toBe(`Maybe${END.slice(0, 5)} ${MODEL}${CALL}${BOOKING}`);
  });

  it('should run a whole call whose end token was left out, with a repair', () => {
    const text = `${MODEL}book_table${CALL}${BOOKING}${MODEL}${TEXT}Done.${END}`;
    const result = forced.parse(text);
    expect(result.calls.map((call) => [call.name, call.repairs.map((r) => r.kind)])).toEqual([
      ['book_table', ['missing-end-marker']],
    ]);
    expect(result.content).toBe('Done.');
    const atEnd = forced.parse(`${CALL}${BOOKING}`);
    expect(atEnd.calls.map((call) => call.name)).toEqual(['book_table']);
  });

  it('should refuse a call cut off by the end of the output, by name', () => {
    for (const text of [
      `${CALL}{"name": "book_table", "args": {"restaurant": "De Vit`,
      `${CALL}{"name": "book_table", "args": {"guests": 1`,
      `${MODEL}book_table${CALL}{"name": "book_ta`,
    ]) {
      const result = forced.parse(text);
      expect(result.calls).toEqual([]);
      expect(result.rejected.map((each) => each.name)).toEqual(['book_table']);
    }
  });

  it('should refuse a call whose name was cut, as incomplete', () => {
    const result = forced.parse(`${CALL}{"name": "book_ta`);
    expect(result.calls).toEqual([]);
    expect(result.rejected.map((each) => [each.name, each.reason])).toEqual([
      ['book_ta', 'incomplete'],
    ]);
  });

  it('should refuse malformed payloads by the name it can read', () => {
    const cases: [string, string][] = [
      // args that are no object, a string holding JSON included.
      [`${CALL}{"name": "book_table", "args": "{\\"guests\\": 2}"}${END}`, 'book_table'],
      [`${CALL}{"name": "book_table", "args": [4]}${END}`, 'book_table'],
      [`${CALL}{"name": "book_table", "args": null}${END}`, 'book_table'],
      // `arguments` is not Inkling's key: running the call without them would drop them.
      [`${CALL}{"name": "book_table", "arguments": {"guests": 2}}${END}`, 'book_table'],
      // A key beside args, and args written twice.
      [`${CALL}{"name": "book_table", "args": {}, "guests": 2}${END}`, 'book_table'],
      [`${CALL}{"name": "book_table", "args": {}, "args": {"guests": 9}}${END}`, 'book_table'],
      // Two objects in one block.
      [`${CALL}${BOOKING} ${BOOKING}${END}`, 'book_table'],
      // No JSON at all, named by the header.
      [`${MODEL}book_table${CALL}book De Vitrine for 4${END}`, 'book_table'],
      // HTML-escaped quotes (spark-vllm-docker #329): refused, named by the header.
      [`${MODEL}book_table${CALL}{&quot;name&quot;: &quot;book_table&quot;}${END}`, 'book_table'],
      // A header naming another tool than the object does.
      [`${MODEL}list_openings${CALL}${BOOKING}${END}`, 'book_table'],
    ];
    for (const [text, name] of cases) {
      const result = forced.parse(text);
      expect(result.calls, text).toEqual([]);
      expect(
        result.rejected.map((each) => [each.name, each.reason]),
        text,
      ).toEqual([[name, 'malformed']]);
    }
  });

  it('should refuse a call object that names no tool', () => {
    for (const payload of ['{"args": {}}', '{"name": "", "args": {}}', '[]', '']) {
      const result = forced.parse(`${CALL}${payload}${END}`);
      expect(result.calls, payload).toEqual([]);
      expect(result.issues.length, payload).toBeGreaterThan(0);
    }
  });

  it('should validate against the allowlist and the schema', () => {
    expect(typed.parse(callBlock('book_table', BOOKING)).calls).toHaveLength(1);
    const wrong = typed.parse(
      callBlock('book_table', '{"name": "book_table", "args": {"restaurant": "X", "guests": "4"}}'),
    );
    expect(wrong.calls).toEqual([]);
    expect(wrong.rejected[0]?.reason).toBe('schema-violation');
    const unknown = typed.parse(callBlock('drop_tables', '{"name": "drop_tables", "args": {}}'));
    expect(unknown.rejected[0]?.reason).toBe('unknown-tool');
  });

  it('should read the same in auto mode', () => {
    const text =
      `${THINK}Four guests.${END}${MODEL}${TEXT}On it.${END}` + callBlock('book_table', BOOKING);
    expect(summary(auto, text)).toEqual(summary(forced, text));
    expect(auto.parse(text).calls[0]?.format).toBe('inkling');
  });

  it('should say no syntax was seen in plain prose', () => {
    const result = forced.parse('A table for four at eight, please.');
    expect(result.syntaxSeen).toBe(false);
    expect(result.content).toBe('A table for four at eight, please.');
  });

  describe('streaming', () => {
    const texts = [
      callBlock('book_table', BOOKING),
      `${THINK}Four.${END}${MODEL}${TEXT}On it.${END}${callBlock('book_table', BOOKING)}`,
      `${CALL}{"name": "list_openings", "args": {}}${END}${MODEL}${TEXT}Done${STOP}tail`,
      `${CALL}{"name": "book_table", "args": {"restaurant": "De Vit`,
      `${THINK}Maybe ${CALL}${BOOKING}${END}${MODEL}${TEXT}Which day?`,
      `${MODEL}list_openings${CALL}${BOOKING}${END}`,
      `${CALL}{"name": "book_table", "args": "{}"}${END}`,
      `We open at noon.${END}${MODEL}header only`,
    ];

    it('should give what parse gives for every chunking', () => {
      const settings: ParserOptions[] = [
        { formats: ['inkling'], ids: 'sequential' },
        { ids: 'sequential' },
        { formats: ['inkling'], ids: 'sequential', tools },
      ];
      for (const text of texts) {
        for (const options of settings) expectEveryChunking(options, text);
      }
    });

    it('should start a call at its args and stream them', () => {
      const stream = createParser({
        formats: ['inkling'],
        ids: 'sequential',
        reasoning: { startsInside: false },
      }).stream();
      const text = callBlock('book_table', BOOKING);
      const cut = text.indexOf('"guests"');
      const early: StreamEvent[] = stream.push(text.slice(0, cut));
      expect(early).toContainEqual(
        expect.objectContaining({ type: 'tool-call-start', name: 'book_table' }),
      );
      expect(early.some((event) => event.type === 'tool-call-delta')).toBe(true);
      const rest = stream.push(text.slice(cut));
      expect(rest).toContainEqual(expect.objectContaining({ type: 'tool-call-end' }));
    });

    it('should stream reasoning and text as they are written', () => {
      const stream = createParser({ formats: ['inkling'] }).stream();
      const first = stream.push(`${THINK}Four gue`);
      expect(first).toContainEqual({ type: 'reasoning-delta', delta: 'Four gue' });
      stream.push(`sts.${END}${MODEL}${TEXT}On `);
      const text = stream.push('it.');
      expect(text).toContainEqual({ type: 'text-delta', delta: 'it.' });
    });
  });
});
