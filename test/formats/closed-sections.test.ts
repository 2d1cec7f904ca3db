/**
 * `Section.open === false` is a promise a stream relies on to settle a section when its grammar
 * runs, rather than after a margin of text past its end: nothing written after the text read
 * changes the section. Checked for the formats whose lowering says so (hermes, llama3_json,
 * mistral, granite, granite_20b_fc, phi4_mini, lfm2, gigachat3, gigachat31, olmo3, gemma4,
 * functiongemma, marker_json, deepseek_v3, deepseek_v31, hunyuan_a13b, apertus, inkling,
 * k2_horizon's reasoning, nemotron_json, solar_open2, plamo3, pythonic, xlam) by reading each
 * marker of a text cut at every length, and, where the section read says it is closed, the same
 * cut with something else written after it: the section must not change.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Format } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { corpusPieces, readCorpus } from '../fuzz/corpus.js';
import { readSection } from './read-section.js';

const CLOSING: Format[] = [
  formats.hermes,
  formats.llama3_json,
  formats.mistral,
  formats.granite,
  formats.granite_20b_fc,
  formats.phi4_mini,
  formats.lfm2,
  formats.gigachat3,
  formats.gigachat31,
  formats.olmo3,
  formats.gemma4,
  formats.functiongemma,
  formats.marker_json,
  formats.deepseek_v3,
  formats.deepseek_v31,
  formats.hunyuan_a13b,
  formats.apertus,
  formats.inkling,
  formats.k2_horizon,
  formats.nemotron_json,
  formats.solar_open2,
  formats.plamo3,
  formats.pythonic,
  formats.xlam,
];

/**
 * Checks the promise at every marker of `text` cut at every length, with `suffixes` written
 * after each cut. Returns how many cuts read a closed section (the cases the promise covers).
 */
function checkCuts(format: Format, text: string, suffixes: readonly string[]): number {
  let covered = 0;
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      for (let cut = at + marker.length; cut <= text.length; cut += 1) {
        const prefix = text.slice(0, cut);
        const section = readSection(format, prefix, at);
        if (section === undefined || section === 'threw' || section.open !== false) continue;
        covered += 1;
        for (const suffix of [text.slice(cut), ...suffixes]) {
          expect(
            readSection(format, prefix + suffix, at),
            `${format.id} at ${at}: ${JSON.stringify(prefix)} then ${JSON.stringify(suffix)}`,
          ).toEqual(section);
        }
      }
    }
  }
  return covered;
}

const SUFFIXES = [
  ' ',
  '<｜tool▁calls▁begin｜>',
  '<tool_calls>[]',
  '"',
  '}',
  ']',
  '[',
  ' and prose',
  '{"a": 1}',
  '[TOOL_CALLS]',
  '</tool_call>',
  '</function_call>',
  '</function_',
  ' x',
];

const FILLERS = [
  ...[' ', '\n', '"', '{', '}', '[', ']', ':', ',', 'f', '1', '\\', 'Sure, let me check.'],
  ...['{"name": "f", "arguments": {"a": 1}}', '[{"name": "f", "arguments": {}}]', '{"a": "'],
  ...['[TOOL_CALLS]', '[ARGS]', '[CALL_ID]', '[THINK]', '[/THINK]', '<tool_call>', '</tool_call>'],
  ...['<|python_tag|>', '<|eom_id|>', '<|eot_id|>', ';'],
  ...['<|tool_call|>', '<function_call>', '</function_call>', '</function_', 'functools', '\r\n'],
  ...['</s>', '</', '<|role_sep|>', 'function call', '{"name": "f", "arguments": {}}'],
  ...['<function_calls>', '</function_calls>', '<|tool_call>', '<tool_call|>', '<|"|>', 'call:'],
  ...['TOOL_CALL', '```', '``', '```json\n', '\n```', ':'],
  ...['<|tool_call_start|>', '<|tool_call_end|>', '[f(a="x")]', '[f()', 'f(', ')', '(', '=', "'"],
  ...['<｜tool▁calls▁begin｜>', '<｜tool▁calls▁end｜>', '<｜tool▁call▁begin｜>', '<｜tool▁sep｜>'],
  ...['<｜tool▁call▁end｜>', 'function', '<tool_calls>', '</tool_calls>', '<｜'],
  ...['<|python_start|>', '<|python_end|>', '<|python_', "f(a='x')", 'g()', '\n'],
  ...['<|tools_prefix|>', '<|tools_suffix|>', '<|inner_prefix|>', '<|inner_suffix|>', '{"f": {}}'],
  ...['<ifm|think>', '</ifm|think>', '<ifm|think_fast>', '</ifm|think_fast>', '<ifm|tool_calls>'],
  ...['<|tool_call:start|>', '<|tool_call:end|>', '<|tool_arg:start|>', '<|tool_arg:value|>'],
  ...['<|tool_arg:end|>', '<|think:start|>', '<|think:end|>'],
  ...['<|message_model|>', '<|content_invoke_tool_json|>', '<|content_text|>', '<|end_message|>'],
  ...['<|content_thinking|>', '<|content_model_end_sampling|>', '{"name": "f", "args": {}}'],
  ...['<TOOLCALL>', '</TOOLCALL>', '{"name": "f", "arguments": {}}'],
  ...[
    '<|plamo:begin_tool_requests:plamo|>',
    '<|plamo:end_tool_requests:plamo|>',
    '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
    '<|plamo:end_tool_request:plamo|>',
    '<|plamo:end_tool_arguments:plamo|>',
    '<|plamo:begin_think:plamo|>',
    '<|plamo:end_think:plamo|>',
  ],
];

/**
 * Bodies the random pieces seldom build, written after a format's marker in half the texts, so
 * that closed sections (and text cut inside them) occur often enough to test.
 */
const LEADS: Partial<Record<string, readonly string[]>> = {
  solar_open2: [
    'f\n<|tool_arg:start|>a<|tool_arg:value|>1<|tool_arg:end|>\n<|tool_call:end|>',
    'f\n<|tool_arg:start|>a<|tool_arg:value|>1<|tool_call:start|>g\n',
    'Plan.<|think:end|> ok',
    'Plan.<|tool_call:start|>f\n<|tool_call:end|>',
  ],
  k2_horizon: [
    'Ghent, then Bruges.</ifm|think>',
    'Two cities.</ifm|think_fast> ok',
    'Thinking<ifm|tool_calls><ifm|tool_call>f</ifm|tool_call>',
    '<ifm|tool_call>f</ifm|tool_call></ifm|tool_calls>',
  ],
  inkling: [
    'get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {"a": 1}}<|end_message|>',
    '{"name": "f", "args": {}}<|message_model|><|content_text|>ok',
    '<|content_thinking|>hm<|content_invoke_tool_json|>{"name": "f"}<|end_message|>',
    'Sure.<|content_thinking|>',
    'Done.<|content_model_end_sampling|> after',
    'header only<|message_model|>',
  ],
  plamo3: [
    '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
    '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>\n<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>g<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:msg|>{"b": "x"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
    '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{"a": "<|plamo:end_tool_requests:plamo|>"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
    '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|> then prose',
    '<|plamo:end_tool_requests:plamo|>',
    'Two stops.<|plamo:end_think:plamo|> ok',
    'Thinking<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
  ],
  nemotron_json: [
    '[{"name": "f", "arguments": {"a": 1}}]</TOOLCALL>',
    '{"name": "f", "arguments": {}}, {"name": "g", "arguments": {"b": "x"}}',
    '[{"name": "f", "arguments": {"a": "</TOOLCALL>"}}]',
    '[{"name": "f", "arguments": {}}] then prose',
    '[{"name": "f", "arguments": {}}]<TOOLCALL>[{"name": "g", "arguments": {}}]',
    '[]</TOOLCALL>',
  ],
  apertus: [
    '[{"f": {"a": 1}}]<|tools_suffix|>',
    '[{"f": {}}, {"g": {"b": "x"}}]',
    '[{"f": {"a": "<|tools_suffix|>"}}]',
    '[{"f": {}}] then prose',
    '[{"f": {}}] then prose<|tools_suffix|>',
    '[{"f": {}}] [1]<|tools_suffix|>',
    '[{"f": {}}]<|tools_prefix|>[{"g": {}}]',
    'The user wants f.<|inner_suffix|>',
    'Thinking<|tools_prefix|>',
  ],
  marker_json: [
    ' {"tool_name": "f", "parameters": {"a": 1}}',
    '\n```json\n{"tool_name": "f", "parameters": {}}\n```',
    ': {"tool": "f", "params": {"a": "```"}}',
    '\n\n```\n{"name": "f"}',
  ],
  olmo3: [
    'f(a="x")\n</function_calls>',
    '[get_weather(city="Paris"), f(b=1)]</function_calls>',
    'f(a="</function_calls>")\ng(b=2)',
    "f(a='x\\'')",
    'f(a=1) x\n',
  ],
  gemma4: [
    'call:f{a:<|"|>x<|"|>}<tool_call|>',
    'call:get_weather{city:<|"|>Paris<|"|>,days:3}',
    'call:f{a:<|"|><tool_call|><|"|>}',
    'call:f{<|"|>a',
    'call:f{a:1} x',
  ],
  functiongemma: [
    'call:f{a:<escape>x<escape>}<end_function_call>',
    'call:get_weather{city:<escape>Paris<escape>,days:3}',
    'call:f{a:<escape><end_function_call><escape>}',
    'call:f{<escape>a',
    'call:f{a:1} x',
    'call:f{a:<|"|>x<|"|>}<end_function_call>',
  ],
  deepseek_v3: [
    '<｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{"a": 1}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    '<｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{"a": "<｜tool▁calls▁end｜>"}',
    '\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n{}',
  ],
  deepseek_v31: [
    '<｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    '<｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": "<｜tool▁calls▁begin｜>"}<｜tool▁call▁end｜>',
    '<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{}',
  ],
  hunyuan_a13b: [
    '[{"name": "f", "arguments": {"a": 1}}]</tool_calls>',
    '[{"name": "f", "arguments": {"a": "</tool_calls>"}}]',
    ' [{"name": "f", "arguments": {}}, {"name": "g"',
  ],
  // After `[` or `<|python_start|>`: lists, a block closed by its token or by its list's `]`,
  // calls one a line, an end token inside a string.
  pythonic: [
    "get_weather(city='Paris'), f(a=[1, 2])]",
    "[f(a=']')]<|python_end|>",
    '[f(a=1)] and more',
    '[f(a=1)]\n<|python_',
    'f(a=1)\ng(b="<|python_end|>")',
    "f(a='x')] and more",
  ],
  xlam: [
    '{"name": "f", "arguments": {"a": 1}}, {"name": "g", "arguments": {}}]',
    'TOOL_CALLS][{"name": "f", "arguments": {"a": "]"}}]',
    'json\n[{"name": "f", "arguments": {}}]\n```',
    '[{"name": "f", "arguments": {}}] </tool_call>',
    '{"name": "f", "arguments": {}}] x',
  ],
  gigachat3: ['\n\nfunction call<|role_sep|>\n', 'function call <|role_sep|>', '\nfunction call'],
  gigachat31: [
    '\n',
    ' {"name": "f", "arguments": {}}',
    '{"name": "f", "arguments": {"a": "</s>"}}',
  ],
  lfm2: [
    '[f(a="x")]<|tool_call_end|>',
    '[get_weather(city="Paris"), f(b=1)]',
    '[f(a="<|tool_call_end|>")',
    "[f(a='x\\'')]",
    '[{"name": "f", "arguments": {"a": 1}}]<|tool_call_end|>',
    '{"name": "f", "arguments": {"a": "<|tool_call_end|>"}}',
    '[f(a=<|tool_call_end|>',
    '[f(a=1) x]',
    '[f(a=[1, {"b": "<|tool_call_end|>',
    '[f(a="<|tool_call_end|>"), g',
    '[f(a="<|tool_call_end|>"), g(b=',
    '[f(a="<|tool_call_end|>") g',
  ],
};

describe('Section.open === false', () => {
  for (const format of CLOSING) {
    it(`${format.id}: should read the same closed section whatever follows it (random texts)`, () => {
      let covered = 0;
      const piece = fc.constantFrom(...format.markers, ...FILLERS, ...corpusPieces(format));
      fc.assert(
        fc.property(
          fc.constantFrom(...format.markers),
          fc.constantFrom('', ...(LEADS[format.id] ?? [])),
          fc.array(piece, { maxLength: 7 }),
          fc.array(piece, { maxLength: 3 }),
          (marker, lead, inside, suffix) => {
            const text = `${marker}${lead}${inside.join('')}`;
            covered += checkCuts(format, text, [suffix.join('')]);
          },
        ),
        { numRuns: 400 },
      );
      // Many cuts read a closed section: the check is not vacuous.
      expect(covered).toBeGreaterThan(100);
    });

    it(`${format.id}: should read the same closed section whatever follows it (corpus)`, () => {
      for (const entry of readCorpus()) {
        if (entry.format === format.id) checkCuts(format, entry.input, SUFFIXES);
      }
    });
  }
});
