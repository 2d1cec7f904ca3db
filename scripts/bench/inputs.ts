/**
 * The bench's inputs, built deterministically (no randomness, so every run times the same text):
 * realistic hermes outputs of several sizes, one needing repairs, and the adversarial inputs of
 * the growth section, each a function of its size so that doubling is exact.
 */

/** A hermes output and the JSON payloads it carries (what a bare `JSON.parse` would read). */
export interface HermesInput {
  id: string;
  label: string;
  text: string;
  payloads: string[];
}

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

function hermesCall(payload: string): string {
  return `${OPEN}\n${payload}\n${CLOSE}`;
}

/** About 200 bytes: one call with three flat arguments. */
function small(): HermesInput {
  const payload = JSON.stringify({
    name: 'get_weather',
    arguments: { city: 'Antwerp', country: 'BE', unit: 'celsius', days: 3, hourly: false },
  });
  return {
    id: 'hermes-200b',
    label: 'hermes call, 200 B',
    text: hermesCall(payload),
    payloads: [payload],
  };
}

/** About 4 KB: an order with nested addresses, line items and options. */
function nested(): HermesInput {
  const items = Array.from({ length: 14 }, (_, index) => ({
    sku: `SKU-${1000 + index}`,
    title: `Item number ${index} with a descriptive title`,
    quantity: (index % 3) + 1,
    price: { amount: 9.99 + index, currency: 'EUR' },
    options: { gift_wrap: index % 2 === 0, notes: null, tags: ['kitchen', 'sale'] },
  }));
  const payload = JSON.stringify({
    name: 'place_order',
    arguments: {
      customer: { id: 'cus_4411', name: 'Marthe De Smet', email: 'marthe@example.com' },
      shipping: {
        address: { street: 'Meir 12', city: 'Antwerpen', postal_code: '2000', country: 'BE' },
        method: 'express',
      },
      items,
      coupon: 'SPRING10',
    },
  });
  return {
    id: 'hermes-4kb',
    label: 'nested call, 4 KB',
    text: hermesCall(payload),
    payloads: [payload],
  };
}

/** A string argument of `size` characters (source code with quotes, newlines and tabs). */
export function codeText(size: number): string {
  const line =
    '\tconst value = "quoted" + \'single\' + `tick`; // a comment with {braces} and [brackets]\n';
  return line.repeat(Math.ceil(size / line.length)).slice(0, size);
}

/** A write_file call whose content argument is `size` characters of code. */
export function bigArgument(
  size: number,
  id = 'hermes-100kb',
  label = 'one 100 KB argument',
): HermesInput {
  const payload = JSON.stringify({
    name: 'write_file',
    arguments: { path: 'src/generated/table.ts', content: codeText(size) },
  });
  return { id, label, text: hermesCall(payload), payloads: [payload] };
}

/** Prose of `size` characters: sentences with citations in brackets and parentheses. */
export function prose(size: number): string {
  const sentence =
    'The committee reviewed the quarterly figures (see appendix B) and found that shipping costs [3] rose while returns fell; the report recommends a second warehouse near the port. ';
  return sentence.repeat(Math.ceil(size / sentence.length)).slice(0, size);
}

/** 50 KB of prose, then one call. */
function proseThenCall(): HermesInput {
  const call = small();
  return {
    id: 'prose-50kb',
    label: '50 KB prose, one call at the end',
    text: `${prose(50 * 1024)}\n\n${call.text}`,
    payloads: call.payloads,
  };
}

/** A payload needing three repairs: an unquoted key, a Python `True`, a trailing comma. */
function repairs(): HermesInput {
  const payload =
    '{"name": "set_alarm", "arguments": {time: "07:00", "label": "Standup", "repeat": True, "days": ["mon", "tue", "wed"],}}';
  return {
    id: 'hermes-repairs',
    label: 'payload needing 3 repairs',
    text: hermesCall(payload),
    payloads: [payload],
  };
}

/** Ten calls one after another. */
export function parallel(
  count: number,
  id = 'hermes-parallel-10',
  label = 'ten parallel calls',
): HermesInput {
  const payloads = Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      name: 'get_weather',
      arguments: { city: `City ${index}`, country: 'BE', unit: 'celsius', days: (index % 7) + 1 },
    }),
  );
  return { id, label, text: payloads.map(hermesCall).join('\n'), payloads };
}

/** The realistic hermes inputs of the comparison table. */
export function hermesInputs(): HermesInput[] {
  return [small(), nested(), bigArgument(100 * 1024), proseThenCall(), repairs(), parallel(10)];
}

/** The tool schemas the hermes inputs call. */
export const hermesTools = [
  {
    name: 'get_weather',
    description: 'Weather forecast for a city.',
    effect: 'read' as const,
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        country: { type: 'string', minLength: 2, maxLength: 2 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        hourly: { type: 'boolean' },
      },
      required: ['city'],
      additionalProperties: false,
    },
  },
  {
    name: 'place_order',
    description: 'Place an order.',
    effect: 'write' as const,
    parameters: {
      type: 'object',
      properties: {
        customer: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            email: { type: 'string' },
          },
          required: ['id'],
        },
        shipping: { type: 'object' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string' },
              title: { type: 'string' },
              options: { type: 'object' },
              quantity: { type: 'integer', minimum: 1 },
              price: {
                type: 'object',
                properties: { amount: { type: 'number' }, currency: { type: 'string' } },
              },
            },
            required: ['sku', 'quantity'],
          },
        },
        coupon: { type: 'string' },
      },
      required: ['customer', 'items'],
      additionalProperties: false,
    },
  },
  {
    name: 'write_file',
    description: 'Write a file.',
    effect: 'write' as const,
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
      additionalProperties: false,
    },
  },
  {
    name: 'set_alarm',
    description: 'Set an alarm.',
    effect: 'write' as const,
    parameters: {
      type: 'object',
      properties: {
        time: { type: 'string' },
        label: { type: 'string' },
        repeat: { type: 'boolean' },
        days: { type: 'array', items: { type: 'string' } },
      },
      required: ['time'],
      additionalProperties: false,
    },
  },
];

/** `count` distinct tools with small but realistic schemas (for the `createParser` timing). */
export function manyTools(count: number, salt = 0): typeof hermesTools {
  return Array.from({ length: count }, (_, index) => ({
    name: `tool_${salt}_${index}`,
    description: `Tool number ${index}.`,
    effect: (index % 3 === 0 ? 'read' : 'write') as 'read',
    parameters: {
      type: 'object',
      properties: {
        // The salt is in the content too: parsers share the validator of a schema compiled
        // before (see src/validate/shared-ajv.ts), and each salt is timed compiling its own.
        query: { type: 'string', minLength: 1, maxLength: 200 + index + 1000 * salt },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        filters: {
          type: 'object',
          properties: {
            tag: { type: 'string' },
            since: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
          },
        },
        mode: { type: 'string', enum: ['fast', 'exact', `variant_${index}`] },
      },
      required: ['query'],
      additionalProperties: false,
    },
  })) as unknown as typeof hermesTools;
}

/** An adversarial input family: text of size `n` (units of the family's own step). */
export interface GrowthInput {
  id: string;
  label: string;
  /** The format forced in the second run (the one most affected by this input). */
  forced: string;
  /** Size of the base input, in the family's unit. */
  base: number;
  unit: string;
  make(n: number): string;
}

const MB = 1024 * 1024;
const DS_OPEN = '<｜tool▁calls▁begin｜>';

/**
 * The growth inputs: realistic ones and the adversarial ones of the issue.
 *
 * @param scale - 1 for the full sizes; the quick mode divides them.
 */
export function growthInputs(scale: number): GrowthInput[] {
  const bytes = (size: number): number => Math.max(1024, Math.round(size * scale));
  const count = (size: number): number => Math.max(16, Math.round(size * scale));
  const repeat = (unit: string) => (n: number) =>
    unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  return [
    {
      id: 'open-brace',
      label: '`{` repeated',
      forced: 'json_block',
      base: bytes(MB),
      unit: 'B',
      make: repeat('{'),
    },
    {
      id: 'open-bracket',
      label: '`[` repeated',
      forced: 'pythonic',
      base: bytes(MB),
      unit: 'B',
      make: repeat('['),
    },
    {
      // A code fence at every unit (overlapping): each one is logged and checked for an example
      // cue. The stream once searched its whole fence log at every query.
      id: 'backticks',
      label: 'backticks repeated',
      forced: 'hermes',
      base: bytes(MB / 4),
      unit: 'B',
      make: repeat('`'),
    },
    {
      id: 'quote',
      label: '`"` repeated',
      forced: 'hermes',
      base: bytes(MB),
      unit: 'B',
      make: repeat('"'),
    },
    {
      id: 'tool-call-tag',
      label: '`<tool_call>` repeated',
      forced: 'hermes',
      base: bytes(MB),
      unit: 'B',
      make: repeat('<tool_call>'),
    },
    {
      id: 'marker-json',
      label: '`TOOL_CALL` repeated',
      forced: 'marker_json',
      base: bytes(MB),
      unit: 'B',
      make: repeat('TOOL_CALL '),
    },
    {
      id: 'deepseek-token',
      label: 'DeepSeek `<｜tool▁calls▁begin｜>` repeated',
      forced: 'deepseek_v3',
      base: bytes(MB),
      unit: 'B',
      make: repeat(DS_OPEN),
    },
    {
      id: 'partial-markers',
      label: '`<tool_` repeated',
      forced: 'hermes',
      base: bytes(MB),
      unit: 'B',
      make: repeat('<tool_'),
    },
    {
      id: 'unreadable-sections',
      label: 'qwen3_coder sections with stray text, repeated',
      forced: 'qwen3_coder',
      base: bytes(MB),
      unit: 'B',
      make: repeat('<tool_call><function=f>x</function></tool_call>'),
    },
    {
      id: 'declined-headers',
      label: 'harmony `<|start|>assistant` repeated',
      forced: 'harmony',
      base: bytes(MB),
      unit: 'B',
      make: repeat('<|start|>assistant'),
    },
    {
      id: 'deep-nesting',
      label: 'arguments nested n deep',
      forced: 'hermes',
      base: count(100_000),
      unit: 'levels',
      make: (n) =>
        `${OPEN}{"name": "f", "arguments": {"a": ${'['.repeat(n)}${']'.repeat(n)}}}${CLOSE}`,
    },
    {
      id: 'many-calls',
      label: 'n hermes calls',
      forced: 'hermes',
      base: count(10_000),
      unit: 'calls',
      make: (n) => parallel(n).text,
    },
    {
      // Every call names a tool the parser was not given, each another one: the result lists
      // the unknown names once each, which a search of the list per rejection made quadratic.
      id: 'unknown-tools',
      label: 'n hermes calls of distinct unknown tools',
      forced: 'hermes',
      base: count(10_000),
      unit: 'calls',
      make: (n) =>
        Array.from(
          { length: n },
          (_, index) =>
            `<tool_call>{"name": "lookup_${index}", "arguments": {"key": ${index}}}</tool_call>`,
        ).join('\n'),
    },
    {
      // Every call in one section, as kimi_k2 writes several: a stream starts each call from its
      // head as it comes, and reading each next head on the whole section, joined again per
      // call, made this quadratic.
      id: 'calls-in-one-section',
      label: 'n kimi_k2 calls in one section',
      forced: 'kimi_k2',
      base: count(10_000),
      unit: 'calls',
      make: (n) =>
        `<|tool_calls_section_begin|>${Array.from(
          { length: n },
          (_, index) =>
            `<|tool_call_begin|>functions.get_weather:${index}<|tool_call_argument_begin|>` +
            `{"city": "City ${index}", "unit": "celsius"}<|tool_call_end|>`,
        ).join('')}<|tool_calls_section_end|>`,
    },
    {
      // Each string is long enough to be searched for its end (scripts/peggy-loops.ts), and no
      // backslash occurs anywhere: a search for one through the rest of the output per string
      // would make this quadratic.
      id: 'python-strings',
      label: 'n pythonic calls, each with a string argument',
      forced: 'pythonic',
      base: count(10_000),
      unit: 'calls',
      make: (n) =>
        `[${Array.from({ length: n }, (_, index) => `note(text='the parcel left the depot at ${index}')`).join(', ')}]`,
    },
    {
      id: 'big-argument',
      label: 'one argument string of n bytes',
      forced: 'hermes',
      base: bytes(10 * MB),
      unit: 'B',
      make: (n) => bigArgument(n).text,
    },
    {
      id: 'prose-then-call',
      label: 'n bytes of prose, one call at the end',
      forced: 'hermes',
      base: bytes(MB),
      unit: 'B',
      make: (n) => `${prose(n)}\n${parallel(1).text}`,
    },
  ];
}
