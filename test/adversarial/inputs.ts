/**
 * Hostile outputs, each built at any size: floods of openers and markers, deep nesting, many
 * calls, a huge argument, repeated partial markers. vLLM has open reports of regexes that stall
 * for seconds on such text; here each must be handled in time linear in its size (measured by
 * `npm run fuzz -- --adversarial`) and end with a clear issue code when a limit is hit (asserted
 * by `limits.test.ts`).
 */

/** One hostile output family. */
export interface AdversarialInput {
  name: string;
  /** Builds an output of about `size` UTF-16 units. */
  make: (size: number) => string;
}

/**
 * Repeats a unit to exactly `size` units.
 *
 * @param unit - The repeated text.
 * @param size - The length wanted.
 * @returns The flood.
 */
export function flood(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/**
 * A hermes call whose arguments nest `depth` objects deep.
 *
 * @param depth - Nesting depth of the arguments.
 * @returns The output.
 */
export function nestedCall(depth: number): string {
  return `<tool_call>{"name": "get_weather", "arguments": ${'{"a": '.repeat(depth)}1${'}'.repeat(depth)}}</tool_call>`;
}

/**
 * `count` complete hermes calls in one output.
 *
 * @param count - How many calls.
 * @returns The output.
 */
export function manyCalls(count: number): string {
  return '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n'.repeat(
    count,
  );
}

/**
 * One hermes call with a string argument of `length` units.
 *
 * @param length - Length of the argument string.
 * @returns The output.
 */
export function bigArgument(length: number): string {
  return `<tool_call>{"name": "get_weather", "arguments": {"city": "${'x'.repeat(length)}"}}</tool_call>`;
}

/** DeepSeek V3's call-section token (full-width bars, U+2581 spaces). */
export const DEEPSEEK_BEGIN = '<｜tool▁calls▁begin｜>';

/** The families, by name. Sizes are in UTF-16 units; nesting and call counts scale with size. */
export const ADVERSARIAL_INPUTS: readonly AdversarialInput[] = [
  { name: '{ flood', make: (size) => flood('{', size) },
  { name: '[ flood', make: (size) => flood('[', size) },
  { name: '" flood', make: (size) => flood('"', size) },
  { name: '<tool_call> flood', make: (size) => flood('<tool_call>', size) },
  { name: 'TOOL_CALL flood', make: (size) => flood('TOOL_CALL', size) },
  { name: 'DeepSeek token flood', make: (size) => flood(DEEPSEEK_BEGIN, size) },
  { name: 'partial marker flood', make: (size) => flood('<tool_', size) },
  { name: 'nesting', make: (size) => nestedCall(Math.floor(size / 7)) },
  {
    name: 'nested lists',
    make: (size) => `<tool_call>{"name": "f", "arguments": {"a": ${flood('[', size)}`,
  },
  { name: 'many calls', make: (size) => manyCalls(Math.floor(size / 80)) },
  { name: 'big argument', make: (size) => bigArgument(size) },
  { name: 'pythonic opener flood', make: (size) => `[get_weather(${flood('a=(', size)}` },
  {
    name: 'XML parameter flood',
    make: (size) => `<tool_call>\n<function=f>\n${flood('<parameter=', size)}`,
  },
  { name: 'call tag with a space flood', make: (size) => flood('<tool_call >', size) },
  { name: 'ReAct action flood', make: (size) => flood('Action: ', size) },
  { name: 'intent then { flood', make: (size) => `need_tool: yes\n${flood('{"name": ', size)}` },
  {
    name: 'unclosed string with escapes',
    make: (size) => `<tool_call>{"name": "f", "arguments": {"a": "${flood('\\', size)}`,
  },
  { name: 'fence flood', make: (size) => flood('```json\n', size) },
  // A fence at every unit, overlapping: the most fences an output can hold.
  { name: 'backtick flood', make: (size) => flood('`', size) },
  { name: '<think> flood', make: (size) => flood('<think>', size) },
  {
    name: 'harmony header flood',
    make: (size) => flood('<|start|>assistant<|channel|>commentary to=', size),
  },
  {
    name: 'Kimi section flood',
    make: (size) => flood('<|tool_calls_section_begin|><|tool_call_begin|>', size),
  },
  { name: 'invoke flood', make: (size) => flood('<invoke name="', size) },
  // Calls cut short, repeated (a model looping on a broken call). In one unclosed hermes section
  // each call once carried every repair of the section; a text_kv key line was read again from
  // each key on it; a stream in auto mode searched the rest of the output for glm45's end marker
  // again at each section.
  {
    name: 'broken hermes calls',
    make: (size) =>
      flood('Booking.\n<tool_call>\n{"name": "book", "arguments": {"a": 1}}\n</tool_c', size),
  },
  {
    name: 'text_kv keys on one line',
    make: (size) => flood('function.name: book\nfunction.argumen', size),
  },
  {
    name: 'broken glm45 calls',
    make: (size) => flood('<tool_call>book\n<arg_key>a</arg_ke', size),
  },
  {
    name: 'broken hy_v3 calls',
    make: (size) => flood('<tool_calls><tool_call>book<tool_sep><arg_key>a</arg_ke', size),
  },
  {
    name: 'to= in prose, as muse_glimmer headers never written whole',
    make: (size) => flood('send(to=ops) to=self ', size),
  },
  {
    name: 'muse_glimmer tool messages cut inside a parameter',
    make: (size) =>
      flood(
        '<|start|>assistant to=f<|message|><atem:invoke name="f"><atem:parameter name="a">',
        size,
      ),
  },
  {
    name: 'muse_glimmer headers written without <|start|>, one after another',
    make: (size) => flood(' to=self<|message|>x to=f<|message|>', size),
  },
  {
    name: 'inkling call blocks cut inside a string',
    make: (size) =>
      flood('<|message_model|>f<|content_invoke_tool_json|>{"name": "f", "args": {"a": "', size),
  },
  {
    name: 'inkling thinking blocks never closed, holding calls',
    make: (size) =>
      flood(
        '<|content_thinking|>x<|content_invoke_tool_json|>{"name": "f"}<|message_model|>',
        size,
      ),
  },
  {
    name: 'inkling headers with no block',
    make: (size) => flood('<|message_model|>get_weather <', size),
  },
  {
    name: 'dots blocks cut inside a JSON string',
    make: (size) => flood('<dots_function_call>{"name": "f", "arguments": {"a": "<', size),
  },
  {
    name: 'apertus blocks left open inside a call',
    make: (size) => flood('<|tools_prefix|>[{"f": {"a": "', size),
  },
  {
    name: 'nemotron_json blocks left open inside a call',
    make: (size) => flood('<TOOLCALL>[{"name": "f", "arguments": {"a": "', size),
  },
  {
    name: 'nemotron_json objects without their list, followed by prose',
    make: (size) => flood('<TOOLCALL>{"name": "f", "arguments": {}} ok ', size),
  },
  {
    name: 'apertus lists followed by prose, never closed',
    make: (size) => flood('<|tools_prefix|>[{"f": {}}] ok <|inner_prefix|>x', size),
  },
  {
    name: 'suffixed hy_v3 blocks closed by the wrong tag',
    make: (size) =>
      flood('<tool_calls:opensource><tool_call:opensource>f</arg_value:opensource>', size),
  },
  {
    name: 'broken k2_horizon calls',
    make: (size) =>
      flood('<ifm|tool_calls><ifm|tool_call>f<ifm|arg_key>a</ifm|arg_key><ifm|arg_type>int', size),
  },
  {
    name: 'k2_horizon JSON bodies and reasoning never closed',
    make: (size) => flood('<ifm|think_fast><ifm|tool_calls><ifm|tool_call>{"name": "f", "a', size),
  },
  {
    name: 'broken solar_open2 calls and reasoning never closed',
    make: (size) =>
      flood('<|think:start|><|tool_call:start|>f\n<|tool_arg:start|>a<|tool_arg:value|>1', size),
  },
  {
    name: 'plamo3 requests cut inside their name or arguments',
    make: (size) =>
      flood(
        '<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"a": "<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>g',
        size,
      ),
  },
  {
    name: 'plamo3 requests with junk between them and reasoning never closed',
    make: (size) =>
      flood(
        '<|plamo:begin_think:plamo|><|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>f<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|> x <|plamo:end_',
        size,
      ),
  },
];
