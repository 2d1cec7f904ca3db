/**
 * One typical call per format id, written for the bench (never copied from the conformance
 * corpus): a model booking a table, asking about a shipment, converting money... in the syntax
 * that format's models emit (see the syntax table in the shared conformance FORMAT.md).
 */
import type { FormatId } from '../../src/types.js';

/** A sample output and the tool it calls. */
export interface FormatSample {
  format: FormatId;
  text: string;
  /** The tool the sample calls (every sample calls exactly one). */
  tool: string;
}

const DS_CALLS = '<｜tool▁calls▁begin｜>';
const DS_CALL = '<｜tool▁call▁begin｜>';
const DS_SEP = '<｜tool▁sep｜>';
const DS_CALL_END = '<｜tool▁call▁end｜>';
const DS_CALLS_END = '<｜tool▁calls▁end｜>';
const DSML = '｜DSML｜';
/** GigaChat 3.5's tag prefix. */
const GCML = '｜GCML｜';

const reservation = '{"restaurant": "Chez Marthe", "party_size": 4, "time": "19:30"}';

/** Samples keyed by format id; `satisfies` keeps one per id. */
export const formatSamples = {
  hermes: {
    tool: 'reserve_table',
    text: `I'll book that for you.\n<tool_call>\n{"name": "reserve_table", "arguments": ${reservation}}\n</tool_call>`,
  },
  qwen3_coder: {
    tool: 'reserve_table',
    text: '<tool_call>\n<function=reserve_table>\n<parameter=restaurant>\nChez Marthe\n</parameter>\n<parameter=party_size>\n4\n</parameter>\n<parameter=time>\n19:30\n</parameter>\n</function>\n</tool_call>',
  },
  llama3_json: {
    tool: 'track_parcel',
    text: '<|python_tag|>{"name": "track_parcel", "parameters": {"tracking_number": "1Z999AA10123456784", "carrier": "ups"}}',
  },
  pythonic: {
    tool: 'convert_currency',
    text: '[convert_currency(amount=250.0, source="EUR", target="JPY")]',
  },
  mistral: {
    tool: 'convert_currency',
    text: '[TOOL_CALLS][{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]',
  },
  kimi_k2: {
    tool: 'track_parcel',
    text: 'Let me check the parcel.<|tool_calls_section_begin|><|tool_call_begin|>functions.track_parcel:0<|tool_call_argument_begin|>{"tracking_number": "1Z999AA10123456784"}<|tool_call_end|><|tool_calls_section_end|>',
  },
  deepseek_v3: {
    tool: 'track_parcel',
    text: `${DS_CALLS}${DS_CALL}function${DS_SEP}track_parcel\n\`\`\`json\n{"tracking_number": "1Z999AA10123456784"}\n\`\`\`${DS_CALL_END}${DS_CALLS_END}`,
  },
  deepseek_v31: {
    tool: 'track_parcel',
    text: `${DS_CALLS}${DS_CALL}track_parcel${DS_SEP}{"tracking_number": "1Z999AA10123456784"}${DS_CALL_END}${DS_CALLS_END}`,
  },
  deepseek_v32_dsml: {
    tool: 'reserve_table',
    text: `<${DSML}function_calls>\n<${DSML}invoke name="reserve_table">\n<${DSML}parameter name="restaurant" string="true">Chez Marthe</${DSML}parameter>\n<${DSML}parameter name="party_size" string="false">4</${DSML}parameter>\n</${DSML}invoke>\n</${DSML}function_calls>`,
  },
  deepseek_v4_dsml: {
    tool: 'reserve_table',
    text: `<${DSML}tool_calls>\n<${DSML}invoke name="reserve_table">\n<${DSML}parameter name="restaurant" string="true">Chez Marthe</${DSML}parameter>\n<${DSML}parameter name="party_size" string="false">4</${DSML}parameter>\n</${DSML}invoke>\n</${DSML}tool_calls>`,
  },
  gigachat35: {
    tool: 'reserve_table',
    text: `<${GCML}tool_calls>\n<${GCML}invoke name="reserve_table">\n<${GCML}parameter name="restaurant" string="true">Chez Marthe</${GCML}parameter>\n<${GCML}parameter name="party_size" string="false">4</${GCML}parameter>\n</${GCML}invoke>\n</${GCML}tool_calls>`,
  },
  dots: {
    tool: 'reserve_table',
    text: '<dots_function_call>\n<invoke name="reserve_table">\n<parameter name="restaurant">Chez Marthe</parameter>\n<parameter name="party_size">4</parameter>\n</invoke>\n</dots_function_call>',
  },
  glm45: {
    tool: 'reserve_table',
    text: '<tool_call>reserve_table\n<arg_key>restaurant</arg_key>\n<arg_value>Chez Marthe</arg_value>\n<arg_key>party_size</arg_key>\n<arg_value>4</arg_value>\n</tool_call>',
  },
  harmony: {
    tool: 'track_parcel',
    text: '<|channel|>analysis<|message|>The user wants the parcel status.<|end|><|start|>assistant<|channel|>commentary to=functions.track_parcel <|constrain|>json<|message|>{"tracking_number": "1Z999AA10123456784"}<|call|>',
  },
  muse_glimmer: {
    tool: 'reserve_table',
    text: ' to=self<|message|>A table for four tonight.<|eom|><|start|>assistant to=reserve_table<|message|><atem:function_calls>\n<atem:invoke name="reserve_table">\n<atem:parameter name="restaurant">Chez Marthe</atem:parameter>\n<atem:parameter name="party_size">4</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eom|>',
  },
  inkling: {
    tool: 'track_parcel',
    text: '<|content_thinking|>The user wants the parcel status.<|end_message|><|message_model|>track_parcel<|content_invoke_tool_json|>{"name": "track_parcel", "args": {"tracking_number": "1Z999AA10123456784"}}<|end_message|>',
  },
  granite: {
    tool: 'convert_currency',
    text: '<|tool_call|>[{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]',
  },
  granite_20b_fc: {
    tool: 'convert_currency',
    text: '<function_call> {"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}',
  },
  internlm: {
    tool: 'track_parcel',
    text: 'Checking now.<|action_start|><|plugin|>\n{"name": "track_parcel", "parameters": {"tracking_number": "1Z999AA10123456784"}}<|action_end|>',
  },
  jamba: {
    tool: 'convert_currency',
    text: '<tool_calls>[{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]</tool_calls>',
  },
  phi4_mini: {
    tool: 'convert_currency',
    text: 'functools[{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]',
  },
  apertus: {
    tool: 'convert_currency',
    text: '<|tools_prefix|>[{"convert_currency": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]<|tools_suffix|>',
  },
  nemotron_json: {
    tool: 'convert_currency',
    text: '<TOOLCALL>[{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]</TOOLCALL>',
  },
  xlam: {
    tool: 'convert_currency',
    text: '```json\n[{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]\n```',
  },
  minimax: {
    tool: 'track_parcel',
    text: '<tool_calls>\n{"name": "track_parcel", "arguments": {"tracking_number": "1Z999AA10123456784"}}\n</tool_calls>',
  },
  minimax_m2: {
    tool: 'reserve_table',
    text: '<minimax:tool_call>\n<invoke name="reserve_table">\n<parameter name="restaurant">Chez Marthe</parameter>\n<parameter name="party_size">4</parameter>\n</invoke>\n</minimax:tool_call>',
  },
  minimax_m3: {
    tool: 'reserve_table',
    text: '<mm:think>A table for four tonight.</mm:think>]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="reserve_table">\n]<]minimax[>[<restaurant>Chez Marthe]<]minimax[>[</restaurant>\n]<]minimax[>[<party_size>4]<]minimax[>[</party_size>\n]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>',
  },
  kimi_k3: {
    tool: 'reserve_table',
    text: 'A table for four tonight.<|close|>think<|sep|><|open|>response<|sep|><|close|>response<|sep|><|open|>tools<|sep|><|open|>call tool="reserve_table" index="1"<|sep|><|open|>argument key="restaurant" type="string"<|sep|>Chez Marthe<|close|>argument<|sep|><|open|>argument key="party_size" type="number"<|sep|>4<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|><|close|>message<|sep|>',
  },
  seed_oss: {
    tool: 'reserve_table',
    text: '<seed:think>A table for four tonight.</seed:think><seed:tool_call>\n<function=reserve_table>\n<parameter=restaurant>Chez Marthe</parameter>\n<parameter=party_size>4</parameter>\n</function>\n</seed:tool_call>',
  },
  step3: {
    tool: 'reserve_table',
    text: '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="reserve_table"><steptml:parameter name="restaurant">Chez Marthe</steptml:parameter><steptml:parameter name="party_size">4</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
  },
  longcat: {
    tool: 'track_parcel',
    text: '<longcat_tool_call>{"name": "track_parcel", "arguments": {"tracking_number": "1Z999AA10123456784"}}</longcat_tool_call>',
  },
  hunyuan_a13b: {
    tool: 'convert_currency',
    text: '<tool_calls>[{"name": "convert_currency", "arguments": {"amount": 250.0, "source": "EUR", "target": "JPY"}}]</tool_calls>',
  },
  hy_v3: {
    tool: 'convert_currency',
    text: '<tool_calls>\n<tool_call>convert_currency<tool_sep>\n<arg_key>amount</arg_key>\n<arg_value>250.0</arg_value>\n<arg_key>source</arg_key>\n<arg_value>EUR</arg_value>\n<arg_key>target</arg_key>\n<arg_value>JPY</arg_value>\n</tool_call>\n</tool_calls>',
  },
  k2_horizon: {
    tool: 'convert_currency',
    text: '<ifm|tool_calls><ifm|tool_call>convert_currency<ifm|arg_key>amount</ifm|arg_key><ifm|arg_value>250.0</ifm|arg_value><ifm|arg_key>source</ifm|arg_key><ifm|arg_value>EUR</ifm|arg_value><ifm|arg_key>target</ifm|arg_key><ifm|arg_value>JPY</ifm|arg_value></ifm|tool_call></ifm|tool_calls>',
  },
  solar_open2: {
    tool: 'convert_currency',
    text: '<|tool_call:start|>convert_currency\n<|tool_arg:start|>amount<|tool_arg:value|>250.0<|tool_arg:end|>\n<|tool_arg:start|>source<|tool_arg:value|>EUR<|tool_arg:end|>\n<|tool_arg:start|>target<|tool_arg:value|>JPY<|tool_arg:end|>\n<|tool_call:end|>',
  },
  plamo3: {
    tool: 'convert_currency',
    text: '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>convert_currency<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"amount": 250.0, "source": "EUR", "target": "JPY"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
  },
  lfm2: {
    tool: 'convert_currency',
    text: '<|tool_call_start|>[convert_currency(amount=250.0, source="EUR", target="JPY")]<|tool_call_end|>Converting now.',
  },
  olmo3: {
    tool: 'convert_currency',
    text: '<function_calls>convert_currency(amount=250.0, source="EUR", target="JPY")</function_calls>',
  },
  gigachat3: {
    tool: 'track_parcel',
    text: '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "track_parcel", "arguments": {"tracking_number": "1Z999AA10123456784"}}',
  },
  gigachat31: {
    tool: 'track_parcel',
    text: '<|function_call|>{"name": "track_parcel", "arguments": {"tracking_number": "1Z999AA10123456784"}}',
  },
  gemma4: {
    tool: 'reserve_table',
    text: '<|tool_call>call:reserve_table{restaurant:<|"|>Chez Marthe<|"|>,party_size:4,time:<|"|>19:30<|"|>}<tool_call|>',
  },
  functiongemma: {
    tool: 'reserve_table',
    text: '<start_function_call>call:reserve_table{restaurant:<escape>Chez Marthe<escape>,party_size:4,time:<escape>19:30<escape>}<end_function_call>',
  },
  command_r7b: {
    tool: 'reserve_table',
    text: `<|START_THINKING|>Book the table.<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "reserve_table", "parameters": ${reservation}}]<|END_ACTION|>`,
  },
  marker_json: {
    tool: 'track_parcel',
    text: 'TOOL_CALL {"tool_name": "track_parcel", "parameters": {"tracking_number": "1Z999AA10123456784"}}',
  },
  tag_attr: {
    tool: 'reserve_table',
    text: `<tool name="reserve_table">${reservation}</tool>`,
  },
  json_block: {
    tool: 'reserve_table',
    text: `{"tool": "reserve_table", "arguments": ${reservation}}`,
  },
  openai_json: {
    tool: 'reserve_table',
    text: `{"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "reserve_table", "arguments": ${JSON.stringify(reservation)}}}]}`,
  },
  markup: {
    tool: 'reserve_table',
    text: '<function_calls>\n<invoke name="reserve_table">\n<parameter name="restaurant">Chez Marthe</parameter>\n<parameter name="party_size">4</parameter>\n</invoke>\n</function_calls>',
  },
  text_kv: {
    tool: 'track_parcel',
    text: 'function.name: track_parcel\nfunction.arguments: {"tracking_number": "1Z999AA10123456784"}',
  },
  react: {
    tool: 'track_parcel',
    text: 'Thought: I need the parcel status.\nAction: track_parcel\nAction Input: {"tracking_number": "1Z999AA10123456784"}',
  },
} satisfies Record<FormatId, Omit<FormatSample, 'format'>>;

/**
 * Every sample, in the registry's order when given it.
 *
 * @param order - Format ids in the order to list them.
 * @returns One sample per id.
 */
/** The string arguments the samples write, one of which each sample holds. */
const STRING_VALUES = ['Chez Marthe', '1Z999AA10123456784', 'EUR'];

/**
 * A sample whose string argument (the first of {@link STRING_VALUES} it holds, everywhere it
 * occurs) is replaced by plain words `length` units long: the call carrying a long argument, a
 * file's content or a document, in that format's syntax.
 *
 * @param sample - A typical call.
 * @param length - The argument's length in UTF-16 units.
 * @returns The long call and the argument, or `undefined` when the sample holds none of the values.
 */
export function withLongArgument(
  sample: FormatSample,
  length: number,
): { text: string; value: string } | undefined {
  const written = STRING_VALUES.find((value) => sample.text.includes(value));
  if (written === undefined) return undefined;
  const words = 'the quick brown fox jumps over the lazy dog ';
  const value = words
    .repeat(Math.ceil(length / words.length))
    .slice(0, length)
    .trim();
  return { text: sample.text.split(written).join(value), value };
}

export function listSamples(order: readonly string[]): FormatSample[] {
  const table = formatSamples as Record<string, Omit<FormatSample, 'format'>>;
  return order
    .filter((id) => Object.hasOwn(table, id))
    .map((id) => ({ format: id as FormatId, ...(table[id] as Omit<FormatSample, 'format'>) }));
}

/** The tools the samples call, with JSON Schemas (phase 2 validates against them). */
export const sampleTools = [
  {
    name: 'reserve_table',
    description: 'Reserve a table at a restaurant.',
    effect: 'write' as const,
    parameters: {
      type: 'object',
      properties: {
        restaurant: { type: 'string' },
        party_size: { type: 'integer', minimum: 1 },
        time: { type: 'string' },
      },
      required: ['restaurant', 'party_size'],
      additionalProperties: false,
    },
  },
  {
    name: 'track_parcel',
    description: 'Track a parcel.',
    effect: 'read' as const,
    parameters: {
      type: 'object',
      properties: { tracking_number: { type: 'string' }, carrier: { type: 'string' } },
      required: ['tracking_number'],
    },
  },
  {
    name: 'convert_currency',
    description: 'Convert an amount between currencies.',
    effect: 'read' as const,
    parameters: {
      type: 'object',
      properties: {
        amount: { type: 'number' },
        source: { type: 'string', minLength: 3, maxLength: 3 },
        target: { type: 'string', minLength: 3, maxLength: 3 },
      },
      required: ['amount', 'source', 'target'],
    },
  },
];
