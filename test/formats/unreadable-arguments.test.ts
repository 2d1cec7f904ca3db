/**
 * A call the model named outside its arguments (a token, an attribute, a header, a line) whose
 * arguments cannot be read is a refused call: rejected as `malformed` with an envelope naming the
 * tool, under the model's own call id where the syntax writes one. It used to leave only an
 * `invalid-json` issue, so the call vanished without anything the model could act on.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { FormatId } from '../../src/types.js';

/** Each syntax calling `lookup_order` with arguments no JSON reader can make sense of. */
const BROKEN = '{"order": ]}';
const CASES: { format: FormatId; text: string; id?: string }[] = [
  {
    format: 'kimi_k2',
    text: `<|tool_calls_section_begin|><|tool_call_begin|>functions.lookup_order:3<|tool_call_argument_begin|>${BROKEN}<|tool_call_end|><|tool_calls_section_end|>`,
    id: 'functions.lookup_order:3',
  },
  {
    format: 'deepseek_v3',
    text: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>lookup_order\n\`\`\`json\n${BROKEN}\n\`\`\`<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  },
  {
    format: 'deepseek_v31',
    text: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>lookup_order<｜tool▁sep｜>${BROKEN}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
  },
  {
    format: 'harmony',
    text: `<|start|>assistant<|channel|>commentary to=functions.lookup_order <|constrain|>json<|message|>${BROKEN}<|call|>`,
  },
  { format: 'tag_attr', text: `<tool name="lookup_order">${BROKEN}</tool>` },
  { format: 'text_kv', text: `function.name: lookup_order\nfunction.arguments: ${BROKEN}` },
  { format: 'react', text: `Thought: find it.\nAction: lookup_order\nAction Input: ${BROKEN}` },
  { format: 'mistral', text: `[TOOL_CALLS]lookup_order[CALL_ID]q7[ARGS]${BROKEN}`, id: 'q7' },
];

describe('named calls with unreadable arguments', () => {
  it.each(CASES)('$format: should reject the call by name, not drop it', ({ format, text, id }) => {
    const result = createParser({ formats: [format], ids: 'sequential' }).parse(text);
    expect(result.calls).toEqual([]);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]).toMatchObject({
      reason: 'malformed',
      name: 'lookup_order',
      id: id ?? 'call_0',
      envelope: { error: 'malformed_tool_call', tool: 'lookup_order' },
    });
    expect(result.issues.map((issue) => issue.code)).toEqual(['malformed-tool-call']);
  });

  it('should still reject arguments that are JSON but not an object, by name', () => {
    const text = '<tool name="lookup_order">[1, 2]</tool>';
    const result = createParser({ formats: ['tag_attr'] }).parse(text);
    expect(result.rejected).toMatchObject([
      { reason: 'malformed', name: 'lookup_order', envelope: { tool: 'lookup_order' } },
    ]);
  });
});
