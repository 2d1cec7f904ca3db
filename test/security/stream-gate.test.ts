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

  // Known bug (test/fuzz/known-issues.ts, `stream-whole-output`): src/stream/section.ts runs the
  // format on the text from its marker on, so the prose before the payload is invisible to it and
  // the stream accepts the call. `it.fails` passes while the bug is there; when the stream is
  // fixed, turn it back into `it`.
  it.fails.each(cases)(
    'should have a stream refuse a %s payload that follows prose, as parse does',
    (format, text) => {
      expect(streamed([format], text)).toEqual([]);
    },
  );
});
