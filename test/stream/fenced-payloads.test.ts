/**
 * A hermes model sometimes fences its payload as markdown (`<tool_call>` then ```json, the call
 * object, ```). The lenient JSON reader passes the fence; a stream reads the call's head after
 * the fence's tag, so the call starts and its arguments stream as they are written, and a fenced
 * payload that cannot be read is refused under the name its head gave, in `parse` as in a stream.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent } from '../../src/index.js';
import { afterFenceOpener } from '../../src/stream/call-head.js';
import { everyTwoWaySplit, randomChunkings, unitByUnit, whole } from '../helpers/chunkers.js';
import { expectEquivalent, streamAll } from './equivalence.js';

const hermes: ParserOptions = { formats: ['hermes'], reasoning: { startsInside: false } };
const tools: ParserOptions['tools'] = [
  {
    name: 'get_ticket',
    parameters: {
      type: 'object',
      properties: { ticket_id: { type: 'integer' } },
      required: ['ticket_id'],
    },
  },
];

const fenced = (body: string, tag = 'json'): string =>
  `<tool_call>\n\`\`\`${tag}\n${body}\n\`\`\`\n</tool_call>`;
const ticket = '{"name": "get_ticket", "arguments": {"ticket_id": 4411}}';

/** Fenced payloads: read, refused by name, cut short, and no fence at all. */
const texts: Record<string, string> = {
  'one call': `Looking it up.\n${fenced(ticket)}`,
  'a tag with digits and signs': fenced(ticket, 'JSON5+x-y_z'),
  'no tag': fenced(ticket, ''),
  'no blank after the tag': `<tool_call>\`\`\`json${ticket}\`\`\`</tool_call>`,
  'two calls after a comma': fenced(`${ticket}, {"name": "close_ticket", "arguments": {"id": 1}}`),
  'two calls on two lines': fenced(`${ticket}\n{"name": "close_ticket", "arguments": {}}`),
  'text after the object': fenced(`${ticket}\nand then some prose`),
  'arguments that cannot be read': fenced('{"name": "get_ticket", "arguments": {oops >'),
  'schema-invalid arguments': fenced('{"name": "get_ticket", "arguments": {"ticket_id": "x"}}'),
  'a name written twice': fenced('{"name": "get_ticket", "arguments": {}, "name": "other"}'),
  'no closing fence': `<tool_call>\n\`\`\`json\n${ticket}\n</tool_call>`,
  'no closing tag': `<tool_call>\n\`\`\`json\n${ticket}`,
  'four backticks': `<tool_call>\n\`\`\`\`json\n${ticket}\n\`\`\`\`\n</tool_call>`,
  'a blank before the tag': `<tool_call>\n\`\`\` json\n${ticket}\n\`\`\`\n</tool_call>`,
  'the close tag inside the name':
    '<tool_call>```json\n{"name": "get_</tool_call>", "arguments": {}}',
  'a fence and then a second section': `${fenced(ticket)}\n<tool_call>${ticket}</tool_call>`,
};

function starts(events: readonly StreamEvent[]): string[] {
  return events.flatMap((event) => (event.type === 'tool-call-start' ? [event.name] : []));
}

describe('afterFenceOpener', () => {
  it('should pass blanks, three backticks and a language tag', () => {
    expect(afterFenceOpener('<tool_call>\n```json\n{', 11)).toBe(19);
    expect(afterFenceOpener('<tool_call>```{', 11)).toBe(14);
  });

  it('should give back where the payload starts when no fence opens it', () => {
    expect(afterFenceOpener('<tool_call>\n{"name"', 11)).toBe(11);
    expect(afterFenceOpener('<tool_call>``x', 11)).toBe(11);
    expect(afterFenceOpener('<tool_call>\n', 11)).toBe(11);
  });

  it('should wait while the text ends inside what may still be a fence and its tag', () => {
    expect(afterFenceOpener('<tool_call>\n``', 11)).toBe('wait');
    expect(afterFenceOpener('<tool_call>\n```js', 11)).toBe('wait');
  });

  it('should give up on a tag longer than a head reaches', () => {
    expect(afterFenceOpener(`<tool_call>\`\`\`${'a'.repeat(2000)}`, 11)).toBeUndefined();
  });
});

describe('a fenced hermes payload', () => {
  it.each([
    ['forced hermes', hermes],
    // glm45, which also opens at <tool_call>, reads no section at a backtick: hermes' alone.
    ['auto mode', { reasoning: { startsInside: false } }],
  ] as const)(
    'should start its call once the head after the fence has arrived (%s)',
    (_, options) => {
      const text = fenced(ticket);
      const stream = createParser(options).stream();
      const headEnd = text.indexOf('"arguments": {') + '"arguments": {'.length;
      expect(starts(stream.push(text.slice(0, headEnd - 1)))).toEqual([]);
      const events = stream.push(text.slice(headEnd - 1, headEnd));
      expect(events.filter((event) => event.type !== 'text-delta')).toEqual([
        expect.objectContaining({ type: 'tool-call-start', name: 'get_ticket' }),
        expect.objectContaining({ type: 'tool-call-delta', argumentsDelta: '{' }),
      ]);
      const rest = [...stream.push(text.slice(headEnd)), ...stream.end()];
      expect(rest.map((event) => event.type)).toContain('tool-call-end');
    },
  );

  it('should name a fenced payload that cannot be read by its head, and record the fence', () => {
    const refused = createParser(hermes).parse(texts['arguments that cannot be read'] as string);
    expect(refused.rejected.map((rejection) => [rejection.name, rejection.reason])).toEqual([
      ['get_ticket', 'malformed'],
    ]);
    const read = createParser(hermes).parse(fenced(ticket)).calls[0];
    expect(read?.repairs.map((repair) => repair.kind)).toEqual([
      'markdown-fence',
      'markdown-fence',
    ]);
  });

  it('should start no call where the fence is not one the JSON reader passes', () => {
    for (const name of ['four backticks', 'a blank before the tag']) {
      expect(starts(streamAll(hermes, [...(texts[name] as string)])), name).toEqual(
        createParser(hermes)
          .parse(texts[name] as string)
          .calls.map((call) => call.name),
      );
    }
  });

  // Every two-way split makes two parsers per split: not with tools, whose schemas each compiles.
  const chunkers = [whole, unitByUnit, randomChunkings(8)];
  for (const [label, options, chunkersHere] of [
    ['forced hermes', hermes, [...chunkers, everyTwoWaySplit()]],
    ['forced hermes with tools', { ...hermes, tools }, chunkers],
    ['auto mode', { reasoning: { startsInside: false } }, [...chunkers, everyTwoWaySplit()]],
  ] as const) {
    for (const chunker of chunkersHere) {
      it(`should fold to parse in ${label}, under ${chunker.name}`, () => {
        for (const text of Object.values(texts)) {
          for (const deltas of chunker.chunkings(text)) expectEquivalent(options, deltas);
        }
      });
    }
  }
});
