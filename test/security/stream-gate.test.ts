/**
 * A stream must never make a call executable that `parse` refuses. Each case here is a call
 * `parse` refuses for a reason the stream must see too.
 */
import { describe, expect, it } from 'vitest';
import { createParser, foldEvents } from '../../src/index.js';
import type { FormatId, ToolDefinition } from '../../src/index.js';

const TOOLS: ToolDefinition[] = [
  { name: 'search_web', effect: 'read', parameters: { type: 'object' } },
];

function streamed(formats: FormatId[], text: string): string[] {
  const stream = createParser({ formats, tools: TOOLS }).stream();
  return foldEvents([...stream.push(text), ...stream.end()]).calls.map((call) => call.name);
}

describe('whole-output formats in a stream', () => {
  const cases: [FormatId, string][] = [
    [
      'json_block',
      'Here is an example, not a call: {"tool": "search_web", "arguments": {"query": "x"}}',
    ],
    [
      'openai_json',
      'Ignore this. {"tool_calls": [{"function": {"name": "search_web", "arguments": "{}"}}]}',
    ],
  ];

  it.each(cases)('should have parse refuse a %s payload that follows prose', (format, text) => {
    expect(createParser({ formats: [format], tools: TOOLS }).parse(text).calls).toEqual([]);
  });

  // The stream runs formats on the text from the marker on; it tells them (`precededByText`) that
  // prose came before, which a whole-output format needs to refuse the payload as parse does.
  it.each(cases)(
    'should have a stream refuse a %s payload that follows prose, as parse does',
    (format, text) => {
      expect(streamed([format], text)).toEqual([]);
    },
  );
});
