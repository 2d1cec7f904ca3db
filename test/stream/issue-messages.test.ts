/**
 * A stream reads each section on a window of the output that starts at its marker. The messages
 * of the issues it finds there end up in rejection envelopes, so they must not depend on where
 * the window starts: positions live in `offset` only (rebased), never in the message text.
 */
import { describe, expect, it } from 'vitest';
import { createParser } from '../../src/index.js';
import type { FormatId } from '../../src/index.js';
import { everyTwoWaySplit, unitByUnit } from '../helpers/chunkers.js';
import { expectEquivalent } from './equivalence.js';

const PROSE = 'Here is my answer, with some prose first. ';

/** Unreadable sections after prose, one per message a lowering writes. */
const CASES: [FormatId, string][] = [
  [
    'kimi_k2',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_end|><|tool_calls_section_end|>',
  ],
  ['kimi_k2', '<|tool_calls_section_begin|> <|tool_calls_section_end|>'],
  [
    'deepseek_v31',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f{"a":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  ],
  [
    'qwen3_coder',
    '<tool_call>\n<function=f>\nstray words\n<parameter=a>1</parameter>\n</function>\n</tool_call>',
  ],
  ['qwen3_coder', '<tool_call>\n<function=>\n</function>\n</tool_call>'],
  ['minimax_m2', '<minimax:tool_call>\n<invoke>\n</invoke>\n</minimax:tool_call>'],
  ['minimax_m2', '<minimax:tool_call>\nhello\n</minimax:tool_call>'],
  ['gemma4', '<|tool_call>nonsense<tool_call|>'],
  ['functiongemma', '<start_function_call>nonsense<end_function_call>'],
  ['apertus', '<|tools_prefix|>nonsense<|tools_suffix|>'],
  ['inkling', '<|message_model|>f<|content_invoke_tool_json|>nonsense<|end_message|>'],
  ['inkling', '<|content_invoke_tool_json|>{"name": "f", "args": 3}<|end_message|>'],
  ['inkling', '<|message_model|>g<|content_invoke_tool_json|>{"name": "f"}<|end_message|>'],
  ['nemotron_json', '<TOOLCALL>nonsense</TOOLCALL>'],
  ['nemotron_json', '<TOOLCALL>[{"name": "f", "arguments": 3}]</TOOLCALL>'],
  ['apertus', '<|tools_prefix|>[{"f": {}, "g": {}}]<|tools_suffix|>'],
  ['apertus', '<|tools_prefix|>[{"f": {}}] {"g": {}}<|tools_suffix|>'],
  ['k2_horizon', '<ifm|tool_calls>nonsense</ifm|tool_calls>'],
  ['plamo3', '<|plamo:begin_tool_requests:plamo|>nonsense<|plamo:end_tool_requests:plamo|>'],
  [
    'plamo3',
    '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>[1]<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|> x<|plamo:end_tool_requests:plamo|>',
  ],
  ['k2_horizon', '<ifm|tool_calls><ifm|tool_call>{"name": "f"} x</ifm|tool_call></ifm|tool_calls>'],
  ['solar_open2', '<|tool_call:start|>\n<|tool_call:end|>'],
  ['solar_open2', '<|tool_call:start|>f\nnonsense<|tool_call:end|>'],
  ['pythonic', '<|python_start|>not python<|python_end|>'],
  ['internlm', '<|action_start|><|interpreter|>print(1)<|action_end|>'],
];

describe('issue messages read on a window of the output', () => {
  it.each(CASES)('should give %s a message without a position', (format, section) => {
    const result = createParser({ formats: [format] }).parse(PROSE + section);
    expect(result.rejected).toHaveLength(1);
    expect(result.issues.length).toBeGreaterThan(0);
    for (const issue of result.issues) {
      expect(issue.offset).toBeGreaterThanOrEqual(PROSE.length);
      expect(issue.message).not.toMatch(/\bat \d/);
    }
  });

  it.each(CASES)(
    'should give %s the rejection parse gives under every split',
    (format, section) => {
      for (const chunker of [unitByUnit, everyTwoWaySplit()]) {
        for (const deltas of chunker.chunkings(PROSE + section))
          expectEquivalent({ formats: [format] }, deltas);
      }
    },
  );
});
