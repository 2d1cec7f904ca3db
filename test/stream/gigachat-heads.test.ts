/**
 * The GigaChat syntaxes start their call at its arguments' `{`, after the header and the call
 * object's name, though nothing marks where the call ends: its JSON's extent decides that, and the
 * call ends once it is known. A call object that cannot be read ends the started call with the
 * section's rejection, under the id it started with.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { ParserOptions, StreamEvent, ToolDefinition } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';
import { unitByUnit } from '../helpers/chunkers.js';
import { expectEquivalent, expectEveryChunking } from './equivalence.js';

const TOOLS: ToolDefinition[] = [
  {
    name: 'find_route',
    parameters: {
      type: 'object',
      properties: { from: { type: 'string' }, to: { type: 'string' }, stops: { type: 'integer' } },
    },
  },
];

const SYNTAXES: { format: FormatId; header: string }[] = [
  { format: 'gigachat3', header: '<|message_sep|>\n\nfunction call<|role_sep|>\n' },
  { format: 'gigachat31', header: '<|function_call|>' },
];

const BODIES: { label: string; body: string }[] = [
  {
    label: 'a call, then </s>',
    body: '{"name": "find_route", "arguments": {"from": "Ghent", "to": "Liège"}}</s>',
  },
  { label: 'a call, then text', body: '{"name":"find_route","arguments":{"stops":2}}\nDone.' },
  { label: 'arguments cut off', body: '{"name": "find_route", "arguments": {"from": "Gh' },
  { label: 'a call object left open', body: '{"name": "find_route", "arguments": {"stops": 1}' },
  { label: 'arguments under another key', body: '{"name": "find_route", "parameters": {}}' },
  { label: 'broken JSON after the head', body: '{"name": "find_route", "arguments": {"from": ]}' },
  {
    label: 'the name written again after the arguments',
    body: '{"name": "find_route", "arguments": {}, "name": "other"}',
  },
];

describe.each(SYNTAXES)('stream: $format calls from their head', ({ format, header }) => {
  const forced: ParserOptions = { formats: [format], reasoning: { startsInside: false } };
  for (const { label, body } of BODIES) {
    const text = `Looking it up.${header}${body}`;
    it(`should fold to parse for ${label}`, () => {
      for (const options of [forced, { ...forced, tools: TOOLS }]) {
        expectEveryChunking(options, text);
      }
      const auto: ParserOptions = { reasoning: { startsInside: false } };
      for (const deltas of unitByUnit.chunkings(text)) expectEquivalent(auto, deltas);
    });
  }

  it("should start the call at its arguments' {, and stream them", () => {
    const text = `${header}{"name": "find_route", "arguments": {"from": "Ghent", "to": "Liège"}}`;
    const stream = createParser({ ...forced, ids: 'sequential' }).stream();
    const upTo = text.indexOf('"to"');
    const early: StreamEvent[] = [...text.slice(0, upTo)].flatMap((unit) => stream.push(unit));
    expect(early.filter((event) => event.type === 'tool-call-start')).toEqual([
      { type: 'tool-call-start', id: 'call_0', index: 0, name: 'find_route' },
    ]);
    const sent = early.flatMap((event) =>
      event.type === 'tool-call-delta' ? [event.argumentsDelta] : [],
    );
    // The comma waits for the next member: a trailing one must not leak.
    expect(sent.join('')).toBe('{"from":"Ghent"');
  });
});
