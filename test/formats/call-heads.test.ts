/**
 * `Format.readCallHead` is a promise a stream sends a call's start on: once it answers a head for
 * a section's first call, the section the format reads at that marker, whatever text follows,
 * has that call first (same name, same own id), or no call and an issue refusing one. Checked for every
 * registered format that reads heads, at every prefix of random texts built from its tokens,
 * JSON, prose and pieces of real outputs of its syntax, and of the corpus outputs: the answer
 * never changes once it is not `'wait'`, and a head agrees with the whole text's section.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallHead, Format, FormatContext, Section } from '../../src/formats/format.js';
import { formats } from '../../src/formats/index.js';
import { DEFAULT_LIMITS } from '../../src/options.js';
import { standsForUnreadSection } from '../../src/policy/gate.js';
import { HEAD_LIMIT } from '../../src/stream/call-head.js';
import { corpusPieces, readCorpus } from '../fuzz/corpus.js';

const reading: Format[] = Object.values(formats).filter(
  (format) => format.readCallHead !== undefined,
);

/**
 * What a stream ends a started call with: the section's first call, or, when it has none, the
 * first issue the gate rejects (one that stands for a refused call).
 */
function firstItem(
  section: Section,
): { name: string; id: string | undefined } | 'issue' | undefined {
  const call = section.calls[0];
  if (call !== undefined) return { name: call.name, id: call.id };
  const refused = section.issues.some((issue) => standsForUnreadSection(issue, new Set()));
  return refused ? 'issue' : undefined;
}

/**
 * The syntaxes whose section may still be refused whole after the head, leaving no call: junk
 * between glm45's pairs makes the section malformed, as does text that is not a call object in a
 * list of calls read by its JSON extent (mistral, phi4_mini), a call object the GigaChat syntaxes
 * cannot read, or olmo3 lines and Llama 4 python blocks (pythonic) that are not Python calls. The
 * others give their first call back, refused as malformed when what follows the head cannot be
 * read (junk between qwen3_coder's or seed_oss's functions refuses each of them, by name).
 */
const REFUSED_WHOLE: ReadonlySet<string> = new Set([
  'glm45',
  'mistral',
  'phi4_mini',
  'gigachat3',
  'gigachat31',
  'olmo3',
  'pythonic',
]);

/** A head as compared: its writer (made afresh at each read) stands as whether it has one. */
function comparable(head: CallHead | 'wait' | undefined): unknown {
  if (typeof head !== 'object' || head.writer === undefined) return head;
  return { ...head, writer: 'a writer' };
}

function read(format: Format, text: string, start: number): Section | undefined {
  const context: FormatContext = { text, tools: undefined, limits: DEFAULT_LIMITS };
  return format.parseAt(context, start);
}

/**
 * Checks the promise at every marker of the format in `text`. Returns how many heads were read
 * (the cases where a stream starts a call early).
 */
function checkHeads(format: Format, text: string): number {
  const readHead = format.readCallHead as NonNullable<Format['readCallHead']>;
  let heads = 0;
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      const where = `${format.id} at ${at} of ${JSON.stringify(text)}`;
      // The first answer that is not 'wait', on the shortest prefix that gives one.
      let settled: CallHead | undefined | 'wait' = 'wait';
      let settledAt = -1;
      // Past the head's limit every answer is final: the prefixes beyond are checked at the end.
      const last = Math.min(text.length, at + marker.length + HEAD_LIMIT + 8);
      for (let end = at + marker.length; end <= last; end += 1) {
        const answer = readHead(text.slice(0, end), at);
        if (settled === 'wait') {
          settled = answer;
          settledAt = end;
        } else {
          expect(comparable(answer), `${where}, prefix ${end} (settled at ${settledAt})`).toEqual(
            comparable(settled),
          );
        }
      }
      if (settled === 'wait') continue;
      expect(comparable(readHead(text, at)), `${where}, whole text`).toEqual(comparable(settled));
      if (settled === undefined) continue;
      heads += 1;
      // A JSON head ends at the arguments' `{`; a head with its own writer (`<function=NAME>`,
      // glm45's name) just before the text that writer reads.
      if (settled.writer === undefined) {
        expect(text.charAt(settled.argumentsStart), where).toBe('{');
      }
      const section = read(format, text, at);
      expect(section, `${where}: a head, and no section`).toBeDefined();
      // The head's last unit (the `{`, or the one before a writer's text) lies inside the section.
      const headEnd =
        settled.writer === undefined ? settled.argumentsStart : settled.argumentsStart - 1;
      expect(headEnd, `${where}: a head past the section`).toBeLessThan((section as Section).end);
      const first = firstItem(section as Section);
      if (first === 'issue' && REFUSED_WHOLE.has(format.id)) continue;
      expect(first, where).toEqual({ name: settled.name, id: settled.id });
    }
  }
  return heads;
}

/**
 * Checks `declines` at every marker of the format in `text`: once true on a prefix it stays true,
 * and the whole text's `parseAt` then reads nothing. Counts the markers declined and those read.
 */
function checkDeclines(
  format: Format,
  text: string,
  counts: { declined: number; read: number },
): void {
  const declines = format.declines as NonNullable<Format['declines']>;
  for (const marker of format.markers) {
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
      const where = `${format.id} at ${at} of ${JSON.stringify(text)}`;
      let from = -1;
      const last = Math.min(text.length, at + marker.length + HEAD_LIMIT + 8);
      for (let end = at + marker.length; end <= last; end += 1) {
        const answer = declines(text.slice(0, end), at);
        if (from !== -1) expect(answer, `${where}, prefix ${end} (declined at ${from})`).toBe(true);
        else if (answer) from = end;
      }
      if (from === -1) {
        if (read(format, text, at) !== undefined) counts.read += 1;
        continue;
      }
      counts.declined += 1;
      expect(read(format, text, at), `${where}: declined, yet read`).toBeUndefined();
    }
  }
}

/** The tokens of the syntaxes that read heads, and what models write around and inside them. */
const PIECES = [
  ...['<|tool_calls_section_begin|>', '<|tool_call_section_begin|>', '<|tool_call_begin|>'],
  ...['<|tool_call_argument_begin|>', '<|tool_call_end|>', '<|tool_calls_section_end|>'],
  ...['<|tool_call_section_end|>', 'functions.get_weather:0', 'functions.:1', ' f '],
  ...['<｜tool▁calls▁begin｜>', '<｜tool▁call▁begin｜>', '<｜tool▁sep｜>', '<｜tool▁call▁end｜>'],
  ...['<｜tool▁calls▁end｜>', 'function', 'get_weather', '```json\n', '\n```', '```', '``'],
  ...['<｜tool▁call▁begin｜>function<｜tool▁sep｜>', '<｜tool▁sep｜>\n', 'get_weather\n'],
  ...['[TOOL_CALLS]', '[CALL_ID]', '[ARGS]', 'a1B-2', '[THINK]', '[/THINK]', '[', '[A'],
  ...['<tool_call>', '</tool_call>', '{"name": "f", "arguments": ', '"name"', '"arguments"'],
  ...[' ', '\n', '<', '<|', '<｜', '{', '}', '"', ',', ':', '.', 'x', 'Sure, let me check. '],
  ...['{"city": "Oslo"}', '{"a": "<|tool_call_end|>"}', '{"a": "<｜tool▁call▁end｜>"}'],
  ...['{"a": 1} junk', '{"a": 1}{"b": 2}', '[1]', '"s"', '{"a": "', "{'a': 1}", '{"a":1,"a":2}'],
  ...['<function=get_weather>', '<function=', '<parameter=city>', '<parameter=', '</parameter>'],
  ...['<seed:tool_call>', '</seed:tool_call>', '<seed:think>', '</seed:think>'],
  ...['<arg_key>', '</arg_key>', '<arg_value>', '</arg_value>', '\\n', '\\', 'get_weather\n'],
  ...['</function>', '>', ' get_weather >', 'Oslo', '\r\n', '<function=f\n>', '<parameter=>'],
  ...[
    '<minimax:tool_call>',
    '</minimax:tool_call>',
    '<｜DSML｜function_calls>',
    '<｜DSML｜tool_calls>',
  ],
  ...['<｜tool_calls_begin｜>', '<｜tool_call_begin｜>', '<｜tool_sep｜>', '<｜tool_call_end｜>'],
  ...['<invoke', '<invoke name="get_weather">', "<steptml:invoke name='f' >", '<｜DSML｜invoke'],
  ...[' name="get_weather"', ' name=', '"f"', ' x="1"', ' name="a" name="b"', '</invoke>', '="'],
  ...['<parameter name="city">', '</parameter>', '<steptml:parameter name=k>', 'function'],
  ...['<|action_start|>', '<|action_end|>', '<|plugin|>', '<|interpreter|>', '<|', '|>', 'plugin'],
  ...['<tool_calls>', '</tool_calls>', '[', ']', '[{"name": "f", "arguments": {', '"parameters"'],
  ...['<|start|>', '<|channel|>', '<|constrain|>', '<|message|>', '<|end|>', '<|call|>'],
  ...['<|return|>', 'assistant', 'analysis', 'commentary', ' to=functions.f', ' to=assistant'],
  ...['<function_call>', '</function_call>', '<function_call> ', 'TOOL_CALL', 'TOOL_CALL: ', ':'],
  ...['<|START_ACTION|>', '<|END_ACTION|>', '"tool_call_id"', '"tool_name"', '"0"', '0', '""'],
  ...[']<]minimax[>[', ']<]minimax[>[<city>', ']<]minimax[>[</city>', ']<]minimax[>[</invoke>'],
  ...[']<]minimax[>[<item>', ']<]minimax[>[</tool_call>', ']<]minimax[>[invoke name="f">', ']<]'],
  ...['<|open|>', '<|close|>', '<|sep|>', 'tools<|sep|>', '<|close|>call<|sep|>', ' tool="f"'],
  ...['<|open|>argument key="city" type="string"<|sep|>', '<|close|>argument<|sep|>', 'call'],
  ...['<|open|>call tool="f" index="2"<|sep|>', '<|close|>tools<|sep|>', '<|open|>json<|sep|>'],
  ...['<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>', '<|open|>tools<|sep|>'],
  ...['<tool_sep>', '<tool_calls:opensource>', '<tool_call:opensource>', '<tool_sep:opensource>'],
  ...['<arg_key:opensource>', '</arg_value:opensource>', '</tool_call:opensource>', ':opensource'],
  ...['</tool_calls:opensource>', '<tool_calls:', 'get_weather<tool_sep>'],
  ...['<ifm|tool_calls>', '<ifm|tool_call>', '</ifm|tool_call>', '<ifm|arg_key>', '</ifm|arg_key>'],
  ...['<ifm|arg_value>', '</ifm|arg_value>', '<ifm|arg_type>integer</ifm|arg_type>'],
  ...['</ifm|tool_calls>', '<ifm|think>', '</ifm|think>', 'get weather', '{"name": "f"}'],
  ...['<|tool_call:start|>', '<|tool_call:end|>', '<|tool_arg:start|>', '<|tool_arg:value|>'],
  ...['<|tool_arg:end|>', '<|think:start|>', '<|think:end|>', 'get_weather\n', '\r\n', '<|'],
  ...[
    '<|plamo:begin_tool_request:plamo|>',
    '<|plamo:end_tool_request:plamo|>',
    '<|plamo:begin_tool_name:plamo|>',
    '<|plamo:end_tool_name:plamo|>',
    '<|plamo:begin_tool_arguments:plamo|>',
    '<|plamo:end_tool_arguments:plamo|>',
  ],
  ...[
    '<|plamo:end_tool_requests:plamo|>',
    '<|plamo:constrain|>json<|plamo:msg|>',
    '<|plamo:msg|>',
    '<|plamo:constrain|>json',
    '<|plamo:end_',
    '<|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|>',
  ],
  ...['<start_function_call>', '<end_function_call>', '<escape>', 'call:', 'call:g{', '},', '}'],
  ...['city:<escape>Oslo<escape>', 'days:3', '<start_function_call>call:f{a:1}'],
  ...['<|tools_prefix|>', '<|tools_suffix|>', '<|tools_prefix|>[', '{"g": {', '{"g": 3}', '}}'],
  ...['{"get_weather": {', '"city": "Oslo"', '<|inner_prefix|>', '<|inner_suffix|>', '"": {'],
  ...['<｜GCML｜tool_calls>', '</｜GCML｜tool_calls>', '<｜GCML｜invoke', '</｜GCML｜invoke>'],
  ...['<dots_function_call>', '</dots_function_call>', "<invoke name='f'>", '<invoke name=f>'],
  ...['<|eom|>', '<|eot|>', ' to=self', 'to=user', 'to=', '<atem:function_calls>', 'assistant '],
  ...['</atem:function_calls>', '<atem:invoke name="f">', '</atem:invoke>', '</atem:parameter>'],
  ...['<|message_model|>', '<|content_invoke_tool_json|>', '<|end_message|>', '"args": {'],
  ...['<|content_thinking|>', '<|content_text|>', '<|content_model_end_sampling|>', '<|content_'],
  ...['{"name": "g", "args": {', '<|content_tool_error|>', '<|content_invoke_tool_text|>'],
  ...['<TOOLCALL>', '</TOOLCALL>', '<TOOLCALL>[', '<TOOLCALL>{', '</TOOLC', '<toolcall>'],
];

/** How each syntax writes a call up to its arguments, so that heads occur in random texts. */
const LEADS = [
  'call:get_weather{',
  ' call: get_weather {city:<escape>',
  'call:get_weather(city:<escape>',
  '<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>',
  '<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n',
  '<｜tool▁call▁begin｜>function<｜tool▁sep｜>',
  '<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>',
  '{"name": "get_weather", "arguments": ',
  '\n```json\n{"name": "get_weather", "arguments": ',
  '```{"name": "get_weather", "arguments": ',
  '</longcat_tool_call>',
  'get_weather[ARGS]',
  'get_weather[CALL_ID]a1[ARGS]',
  '[{"name": "get_weather", "arguments": ',
  ' [ {"name": "get_weather", "arguments": ',
  '\n<function=get_weather>\n',
  '<function=get_weather>',
  'get_weather\n<arg_key>',
  'get_weather\\n<arg_key>',
  '<invoke name="get_weather">',
  '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">',
  '<｜tool_call_begin｜><steptml:invoke name=get_weather>',
  '<｜DSML｜invoke name="get_weather" >',
  '\n<｜GCML｜invoke name="get_weather">',
  '<｜GCML｜invoke name="get_weather" string="x">',
  '<|plugin|>{"name": "get_weather", "parameters": ',
  'assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>',
  'commentary to=functions.get_weather<|message|>',
  'functions.lookup to=assistant<|channel|>commentary<|message|>',
  '{"name": "get_weather", "parameters": ',
  '[{"name": "get_weather", "arguments": ',
  ' [ {"name": "get_weather", "arguments": ',
  '[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": ',
  '[{"tool_call_id": "1", "name": "get_weather", "arguments": ',
  '[{"tool_name": "get_weather", "parameters": ',
  ' {"tool_name": "get_weather", "parameters": ',
  ':\n{"tool": "get_weather", "params": ',
  '\n\n```json\n{"tool_name": "get_weather", "parameters": ',
  ' ```JSON \r\n  {"name": "get_weather", "parameters": ',
  '\n]<]minimax[>[<invoke name="get_weather">',
  ']<]minimax[>[invoke name="get_weather" >',
  ']<]minimax[>[<invoke name=get_weather>',
  ' ]<]minimax[>[<invoke name="get_weather" mode="x">',
  '\n]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<city>Oslo]<]minimax[>[</city>',
  ']<]minimax[>[<invoke name="get_weather">]<]minimax[>[Oslo]<]minimax[>[</city>',
  ']<]minimax[>[<invoke name="get_weather" name="other">',
  ']<]minimax[>[<invoke',
  'tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>',
  ' tools <|sep|>\n<|open|> call tool="get_weather"<|sep|>',
  'tools<|sep|><|open|>call tool="get&amp;weather" index="1"<|sep|><|open|>argument key="city" type="string"<|sep|>',
  'tools<|sep|><|open|>call tool="a" tool="b"<|sep|>',
  'tools<|sep|><|open|>call index="1"<|sep|>',
  'tools<|sep|>x<|open|>call tool="get_weather"<|sep|>',
  'tools<|sep|><|open|>call tool="get_weather"',
  '<tool_call>get_weather<tool_sep>',
  '\n<tool_call>\nget_weather\n<tool_sep>\n<arg_key>',
  'opensource><tool_call:opensource>get_weather<tool_sep:opensource>',
  '<tool_call>get_weather<arg_key>',
  '<tool_call>get_weather</arg_value>',
  '<tool_call>get_weather</tool_call>',
  'get_weather<|message|><atem:function_calls><atem:invoke name="get_weather">',
  'assistant to=get_weather<|message|>\n<atem:function_calls>\n<atem:invoke name="get_weather">',
  'assistant  to=get.weather<|message|><atem:invoke name="get_weather">',
  'self<|message|><atem:invoke name="get_weather">',
  '[{"get_weather": {',
  ' [ {\n"get_weather" : {',
  '[{"get_weather": {"city": "x"}, "g": {',
  '[{"get_w<|tools_suffix|>eather": {',
  '[{"get_weather": 3}, {"g": {',
  '[{"get_weather": {}}, {"g": {',
  '[{"get_weather":{',
  '\n[\n  {\n    "get_weather": {\n      ',
  '[{"get_weather": {"days": [1, 2]}}, {"g": {"a": {',
  '[{"get_\\u0077eather": {',
  '[{"get_weather": {"city": "Oslo"}} ]',
  '{"name": "get_weather", "args": {',
  'get_weather<|content_invoke_tool_json|>{"name": "get_weather", "args": {',
  'g<|content_invoke_tool_json|>{"name": "get_weather", "args": {',
  ' get_weather <|content_invoke_tool_json|> {"name":"get_weather","args":{',
  '<|content_invoke_tool_json|>{"name": "get_w<|end_message|>eather", "args": {',
  '<|content_thinking|><|content_invoke_tool_json|>{"name": "get_weather", "args": {',
  '{"args": {}, "name": "get_weather"}',
  '{"name": "get_weather", "arguments": {',
  '<ifm|tool_call>get_weather<ifm|arg_key>',
  '\n<ifm|tool_call>\nget_weather\n<ifm|arg_key>',
  '<ifm|tool_call>get_weather</ifm|tool_call>',
  '<ifm|tool_call>get weather<ifm|arg_key>',
  '<ifm|tool_call>get_weather</ifm|arg_value>',
  '<ifm|tool_call>{"name": "get_weather", "arguments": {',
  '<|tool_call:start|>get_weather\n<|tool_arg:start|>',
  '<|tool_call:start|> get_weather\r\n',
  '<|tool_call:start|>get_weather<|tool_arg:start|>',
  '<|tool_call:start|>get_weather\n<|tool_call:end|>',
  '{"name": "get_weather", "arguments": {"city": "x"}}, {"name": "g", "arguments": {',
  '[{"name": "get_w</TOOLCALL>eather", "arguments": {',
  '{"name": "get_weather", "arguments": {}}] , {"name": "g", "arguments": {',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"city": ',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|> {',
  '\n<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|>\n<|plamo:begin_tool_arguments:plamo|><|plamo:msg|>\n{"days": [',
  '\n<|plamo:begin_tool_request:plamo|>\n<|plamo:begin_tool_name:plamo|> get_weather <|plamo:end_tool_name:plamo|>\n<|plamo:begin_tool_arguments:plamo|><|plamo:msg|>',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|><|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>',
  '<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json',
  ' junk <|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>',
];

/** Arguments as models write them after a head, whole, cut, broken or holding end tokens. */
const ARGUMENTS = [
  '{',
  ' {"city": "Oslo"}',
  '{"a": "',
  '{"a": 1} junk',
  '{"a": "<|tool_call_end|>"}',
  '{"a": "<｜tool▁call▁end｜>"}',
  '{"a": ]}',
  '<parameter=city>\nOslo\n</parameter>\n</function>',
  '<parameter=city>Oslo</function>junk',
  'city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>',
  '<parameter name="city">Oslo</parameter></invoke>',
  '<steptml:parameter name="city">Oslo</steptml:parameter> junk',
  '<｜DSML｜parameter name="city" string="true">Oslo</｜DSML｜parameter>',
  '<｜GCML｜parameter name="city" string="true">Oslo</｜GCML｜parameter></｜GCML｜invoke>',
  '<｜GCML｜parameter name="days" string="false">3</｜GCML｜parameter></｜GCML｜tool_calls>',
  '<|open|>argument key="city" type="string"<|sep|>Oslo<|close|>argument<|sep|><|close|>call<|sep|>',
  '<|close|>call<|sep|><|open|>call tool="g" index="2"<|sep|><|close|>call<|sep|>',
  '{"city": "Oslo"}</invoke>',
  '{"city": "Oslo"}}, {"g": {"a": "<|tools_prefix|>"}}]<|tools_suffix|>',
  '{"city": "Os<|tools_suffix|>lo"}}]',
  '{"city": "Oslo"}}<|end_message|>',
  '{"city": "Os<|end_message|>lo"}}',
  '{"city": "Oslo"}}<|message_model|>g<|content_invoke_tool_json|>{"name": "g", "args": {}}',
  '{"city": "Oslo"}, "args": {}}<|content_model_end_sampling|>',
  '{"city": "Oslo"}}, {"name": "g", "arguments": {"a": "<TOOLCALL>"}}]</TOOLCALL>',
  '{"city": "Os</TOOLCALL>lo"}}]',
  '<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n</tool_call>\n<tool_call>g<tool_sep></tool_call>',
  '<atem:parameter name="city">Oslo</atem:parameter></atem:invoke></atem:function_calls><|eom|>',
  '<atem:parameter name="city">Os<|eom|>',
  '<|tool_arg:start|>city<|tool_arg:value|>Oslo<|tool_arg:end|>\n<|tool_call:end|>\n<|tool_call:start|>g\n<|tool_call:end|>',
  '<|tool_arg:start|>city<|tool_arg:value|>Oslo<|tool_arg:start|>days<|tool_arg:value|>3<|tool_call:start|>g\n',
  '<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Oslo</ifm|arg_value></ifm|tool_call>\n<ifm|tool_call>g</ifm|tool_call></ifm|tool_calls>',
  '<ifm|arg_key>days</ifm|arg_key><ifm|arg_type>integer</ifm|arg_type><ifm|arg_value>3</ifm|arg_value></ifm|tool_call>',
  '{"city": "Oslo"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>\n<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>g<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": 1}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
  '{"city": "Os<|plamo:end_tool_arguments:plamo|>lo"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>g<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{',
  '{"city": "Oslo"}<|plamo:end_tool_arguments:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>g<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>',
  '{"city": "Oslo"} x<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>',
];

/**
 * The leads of random texts for `format`: any lead, or, as often, one that writes a head of its
 * own right after one of its markers. With every syntax's leads in one list, a format's own are
 * few, and how many heads 600 texts wrote varied from run to run around the count the test asks.
 */
function leadsFor(format: Format): fc.Arbitrary<string> {
  const any = fc.constantFrom('', ' ', ...LEADS);
  const own = LEADS.filter((lead) =>
    format.markers.some((marker) => {
      const head = format.readCallHead?.(`${marker}${lead}`, 0);
      return head !== undefined && head !== 'wait';
    }),
  );
  return own.length === 0 ? any : fc.oneof(any, fc.constantFrom(...own));
}

describe('Format.readCallHead', () => {
  it('should be read by the syntaxes that stream a first call early', () => {
    expect(reading.map((format) => format.id).sort()).toEqual([
      'apertus',
      'command_r7b',
      'deepseek_v3',
      'deepseek_v31',
      'deepseek_v32_dsml',
      'deepseek_v4_dsml',
      'dots',
      'functiongemma',
      'gemma4',
      'gigachat3',
      'gigachat31',
      'gigachat35',
      'glm45',
      'granite',
      'granite_20b_fc',
      'harmony',
      'hermes',
      'hunyuan_a13b',
      'hy_v3',
      'inkling',
      'internlm',
      'jamba',
      'k2_horizon',
      'kimi_k2',
      'kimi_k3',
      'lfm2',
      'longcat',
      'marker_json',
      'minimax',
      'minimax_m2',
      'minimax_m3',
      'mistral',
      'muse_glimmer',
      'nemotron_json',
      'olmo3',
      'phi4_mini',
      'plamo3',
      'pythonic',
      'qwen3_coder',
      'seed_oss',
      'solar_open2',
      'step3',
    ]);
  });

  it('should read no head where the grammar reads no name', () => {
    const v3 = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>';
    // deepseek_v3's name starts right at the separator: a line break there leaves it empty.
    expect(formats.deepseek_v3.readCallHead?.(`${v3}\nf\n\`\`\`json\n{"a": 1}`, 0)).toBeUndefined();
    expect(formats.deepseek_v3.readCallHead?.(`${v3}f\n\`\`\`json\n{"a": 1}`, 0)).toMatchObject({
      name: 'f',
      argumentsStart: v3.length + 10,
    });
    const kimi = '<|tool_calls_section_begin|><|tool_call_begin|>';
    const kimiArguments = '<|tool_call_argument_begin|>{}';
    expect(
      formats.kimi_k2.readCallHead?.(`${kimi}functions.:0${kimiArguments}`, 0),
    ).toBeUndefined();
    expect(formats.mistral.readCallHead?.('[TOOL_CALLS] [ARGS]{}', 0)).toBeUndefined();
    // A minimax_m3 invoke named twice, or not at all, is no call.
    const m3 = ']<]minimax[>[<tool_call>]<]minimax[>[<invoke';
    expect(formats.minimax_m3.readCallHead?.(`${m3} name="a" name="b">`, 0)).toBeUndefined();
    expect(formats.minimax_m3.readCallHead?.(`${m3} name="">`, 0)).toBeUndefined();
    expect(formats.minimax_m3.readCallHead?.(`${m3} name="a">`, 0)).toMatchObject({ name: 'a' });
    // A kimi_k3 call that names its tool twice, or none, is no call.
    const k3 = '<|open|>tools<|sep|><|open|>call';
    expect(formats.kimi_k3.readCallHead?.(`${k3} tool="a" tool="b"<|sep|>`, 0)).toBeUndefined();
    expect(formats.kimi_k3.readCallHead?.(`${k3} index="1"<|sep|>`, 0)).toBeUndefined();
    expect(formats.kimi_k3.readCallHead?.(`${k3} tool="a&amp;b"<|sep|>`, 0)).toMatchObject({
      name: 'a&b',
    });
  });

  for (const format of Object.values(formats).filter((each) => each.declines !== undefined)) {
    it(`${format.id}: should decline only sections its grammar does not read`, () => {
      const counts = { declined: 0, read: 0 };
      const piece = fc.constantFrom(...format.markers, ...PIECES, ...corpusPieces(format));
      fc.assert(
        fc.property(
          fc.constantFrom(...format.markers),
          // Half the texts open with a lead of the format's own, so that sections the grammar
          // reads occur however many leads the other syntaxes add (with every lead alike, a run
          // once counted 21 where the check asks for more than 20).
          leadsFor(format),
          fc.array(piece, { maxLength: 10 }),
          (marker, lead, inside) =>
            checkDeclines(format, `${marker}${lead}${inside.join('')}`, counts),
        ),
        { numRuns: 600 },
      );
      for (const entry of readCorpus()) {
        if (entry.input.length <= 4096) checkDeclines(format, entry.input, counts);
      }
      // Both answers occur: the check is exercised on either side.
      expect(counts.declined).toBeGreaterThan(20);
      expect(counts.read).toBeGreaterThan(20);
    });
  }

  for (const format of reading) {
    it(`${format.id}: should keep its answer and agree with the whole section (random texts)`, () => {
      let heads = 0;
      const piece = fc.constantFrom(...format.markers, ...PIECES, ...corpusPieces(format));
      fc.assert(
        fc.property(
          fc.constantFrom(...format.markers),
          leadsFor(format),
          fc.constantFrom('', ...ARGUMENTS),
          fc.array(piece, { maxLength: 10 }),
          fc.array(piece, { maxLength: 4 }),
          (marker, lead, opened, inside, before) => {
            const text = `${before.join('')}${marker}${lead}${opened}${inside.join('')}`;
            heads += checkHeads(format, text);
          },
        ),
        { numRuns: 600 },
      );
      // Random pieces write a readable head now and then: the promise is exercised.
      expect(heads).toBeGreaterThan(20);
    });

    it(`${format.id}: should keep its answer and agree with the whole section (corpus)`, () => {
      for (const entry of readCorpus()) {
        if (entry.input.length <= 4096) checkHeads(format, entry.input);
      }
    });
  }
});
