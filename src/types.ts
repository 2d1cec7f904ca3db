/**
 * The public contract of tool-call-parser: what a parse returns, what a stream emits, what a
 * repair and an issue look like. Every other module speaks in these types.
 *
 * @packageDocumentation
 */

/**
 * Every tool-call syntax the library knows, named as vLLM and SGLang users already name them
 * (`--tool-call-parser kimi_k2`). The id is the grammar file name, the source folder and the
 * corpus `format` field.
 */
export type FormatId =
  | 'hermes'
  | 'qwen3_coder'
  | 'llama3_json'
  | 'pythonic'
  | 'mistral'
  | 'kimi_k2'
  | 'deepseek_v3'
  | 'deepseek_v31'
  | 'deepseek_v32_dsml'
  | 'deepseek_v4_dsml'
  | 'dots'
  | 'glm45'
  | 'harmony'
  | 'muse_glimmer'
  | 'inkling'
  | 'granite'
  | 'granite_20b_fc'
  | 'internlm'
  | 'jamba'
  | 'phi4_mini'
  | 'apertus'
  | 'nemotron_json'
  | 'plamo3'
  | 'xlam'
  | 'minimax'
  | 'minimax_m2'
  | 'minimax_m3'
  | 'kimi_k3'
  | 'seed_oss'
  | 'step3'
  | 'longcat'
  | 'hunyuan_a13b'
  | 'hy_v3'
  | 'k2_horizon'
  | 'solar_open2'
  | 'lfm2'
  | 'olmo3'
  | 'gigachat3'
  | 'gigachat31'
  | 'gigachat35'
  | 'gemma4'
  | 'functiongemma'
  | 'command_r7b'
  | 'marker_json'
  | 'tag_attr'
  | 'json_block'
  | 'openai_json'
  | 'markup'
  | 'text_kv'
  | 'react';

/**
 * Where a provider-native call came from (`parser.fromNative`): OpenAI `tool_calls` or Anthropic
 * `tool_use` blocks. Such calls pass the same gate as calls read from text.
 */
export type NativeFormatId = 'openai_tool_calls' | 'anthropic_tool_use';

/**
 * The id of a syntax a user added with `defineFormat`: it starts with `x-`, so it can never clash
 * with a built-in format id.
 */
export type CustomFormatId = `x-${string}`;

/** The syntax a call was read from: a text format, a custom one, or a provider's native calls. */
export type CallFormat = FormatId | CustomFormatId | NativeFormatId;

/** A half-open range `[start, end)` of UTF-16 code units in the parsed text. */
export interface Span {
  start: number;
  end: number;
}

/**
 * What the lenient parsers changed to make sense of the model's text. Repairs are recorded, never
 * silent: telemetry and the caller can see how far the text was from the syntax.
 */
export type RepairKind =
  /** `'text'` read as `"text"`. */
  | 'single-quoted-string'
  /** `{key: 1}` read as `{"key": 1}`. */
  | 'unquoted-key'
  /** `[1, 2,]` read as `[1, 2]`. */
  | 'trailing-comma'
  /** `[1 2]` or `{"a":1 "b":2}` read with the missing comma. */
  | 'missing-comma'
  /** Python `True`, `False`, `None` read as `true`, `false`, `null`. */
  | 'python-literal'
  /** A raw newline, tab or other control character inside a string, escaped. */
  | 'control-character'
  /** A `//` or block comment dropped. */
  | 'comment'
  /** A markdown code fence around the payload dropped. */
  | 'markdown-fence'
  /** A string left open at the end of the input, closed there. */
  | 'missing-closing-quote'
  /** An array left open at the end of the input, closed there. */
  | 'missing-closing-bracket'
  /** An object left open at the end of the input, closed there. */
  | 'missing-closing-brace'
  /** A tool-call section left open at the end of the output (no closing tag or token). */
  | 'missing-end-marker'
  /** Arguments given as a JSON string (`"arguments": "{\"a\":1}"`), decoded. */
  | 'arguments-as-string'
  /** An invalid escape sequence (`\x`, a lone `\`) kept as literal text. */
  | 'invalid-escape'
  /** A number written in a form JSON does not allow (`.5`, `+1`, `0x1F`, `NaN`, `2.`), read as a number. */
  | 'number-form'
  /** A text-valued parameter converted to the type its schema declares (`"5"` to `5`). */
  | 'schema-typed-value'
  /** A value coerced by ajv for a tool that opted in to coercion. */
  | 'coercion'
  /** A sanitization profile changed a value (HTML stripped, Unicode normalised, capped). */
  | 'sanitized'
  /** A name matched the manifest through a looser rung than exact. */
  | 'name-normalized'
  /** Several top-level values (`{...}, {...}` or one a line) read as the items of one list. */
  | 'several-values'
  /** Something else the format's lowering documents. */
  | 'other'
  /** A closing tag left out (`</parameter>`, `</function>`) and implied by the tag that follows. */
  | 'implicit-close-tag'
  /** A call written without its opening tag (`<function=...>` with no `<tool_call>` before it). */
  | 'missing-start-marker'
  /**
   * A call id the model wrote that an earlier call of the output already had (written, or
   * generated for it), renamed `<id>_2`...
   */
  | 'duplicate-id'
  /**
   * A value left out after a key (`{"a": , "b": 1}`), read as `null` so the rest can be read; a
   * call holding one is refused (the model never wrote that `null`).
   */
  | 'missing-value'
  /**
   * A `...` written in place of list items, members or a value (`[1, 2, ...]`), dropped (a value
   * reads as `null`); a call holding one is refused (the model abbreviated what it meant).
   */
  | 'elided'
  /**
   * A number cut off before its digits (`2e`, `2e+`, a lone `-` or `.`), read with the digits
   * written; a call holding one is refused (`2e` may have been `2e6`).
   */
  | 'cut-off-number'
  /**
   * A function call around a value that computes something else (`not(true)`, `round(2.5)`), read
   * as its argument; a call holding one is refused (the value is not what the model meant). The
   * wrappers that mean the value they hold (MongoDB's `NumberLong("2")`, a JSONP callback around
   * the whole document) are `other`.
   */
  | 'expression'
  /**
   * A string left open with more text after it (`{"text": "Hello, world}`), ended at the first
   * delimiter after its quote (read as `Hello`); a call holding one is refused (the string may
   * have gone on past that delimiter, and a stream has already sent it as written).
   */
  | 'guessed-string-end';

/** One change made to the model's text, with where it was made. */
export interface Repair {
  kind: RepairKind;
  /** Offset in the parsed text where the repair applies. */
  offset: number;
  /** A short human note, e.g. which field a coercion touched. */
  detail?: string;
}

/**
 * Codes for what went wrong while reading model output. Issues are data, never exceptions:
 * malformed output is a result.
 */
export type IssueCode =
  /** Tool-call syntax was found but its body could not be parsed. */
  | 'malformed-tool-call'
  /** A section was left open at the end of the output and its call was not complete. */
  | 'incomplete-tool-call'
  /** Nesting deeper than the `maxDepth` limit. */
  | 'too-deep'
  /** A payload or the whole output larger than its size limit. */
  | 'too-large'
  /** More calls than the `maxCalls` limit. */
  | 'too-many-calls'
  /** A JSON payload could not be read even leniently. */
  | 'invalid-json'
  /** A call inside an example (a fenced block the text introduces as an example). */
  | 'example-context'
  /** Tool syntax inside reasoning, which never becomes a call. */
  | 'call-in-reasoning'
  /** More issues than the `maxIssues` limit: the last issue of the list, saying how many were dropped. */
  | 'too-many-issues';

/** A problem found in the model's output, as plain data with its position. */
export interface Issue {
  code: IssueCode;
  message: string;
  offset?: number;
  path?: string;
  expected?: string;
  received?: string;
}

/**
 * A tool call the parser accepted. With `tools` given to the parser it is allowlisted and
 * schema-valid (`validated: true`); without tools it is only extracted (`validated: false`).
 */
export interface ToolCall {
  /** The format's own id where it has one (Kimi `functions.NAME:IDX`), else a generated one. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  format: CallFormat;
  span: Span;
  repairs: Repair[];
  /** True when the call passed the allowlist and schema validation (phase 2). */
  validated: boolean;
  /** How the name was matched (`exact` unless the parser's ladder was used). */
  nameMatch?: NameMatch;
  /** The pinned schema version the arguments were validated against. */
  schemaVersion?: string;
  /** What the sanitization profile noticed without refusing (a possible prompt injection). */
  flags?: CallFlag[];
}

/** Something a sanitization profile noticed in an argument and let through, e.g. an injection phrase. */
export interface CallFlag {
  code: 'possible-prompt-injection';
  /** JSON pointer of the field. */
  field: string;
  message: string;
}

/** The machine-readable error names of a rejection envelope. */
export type EnvelopeError =
  | 'tool_validation_failed'
  | 'unknown_tool'
  | 'ambiguous_tool_calls'
  | 'malformed_tool_call'
  | 'incomplete_tool_call'
  | 'too_large'
  | 'too_many_calls'
  | 'fallback_not_allowed'
  | 'sanitization_failed'
  | 'hook_failed';

/** One wrong field, as an envelope lists it. */
export interface EnvelopeField {
  field: string;
  expected: string;
  received: string;
}

/**
 * A compact message a model can act on in one turn, e.g.
 * `{ error: 'tool_validation_failed', tool: 'update_ticket', field: '/priority', expected: 'one of low | high', received: '"critial"', hint: '...' }`.
 */
export interface ErrorEnvelope {
  error: EnvelopeError;
  tool?: string;
  /** JSON pointer of the offending field, `''` for the whole arguments object. */
  field?: string;
  expected?: string;
  received?: string;
  hint: string;
  /** For `unknown_tool`: the closest allowed names. */
  allowed?: string[];
  /** For `tool_validation_failed`: the other wrong fields, so one turn can fix them all. */
  more?: EnvelopeField[];
}

/** Why a call was refused. */
export type RejectionReason =
  | 'unknown-tool'
  | 'schema-violation'
  | 'malformed'
  | 'incomplete'
  | 'ambiguous'
  | 'too-large'
  | 'too-many-calls'
  | 'fallback-without-intent'
  | 'sanitization'
  | 'hook-failed'
  /** The caller's `checkArguments` hook refused the arguments (e.g. another tenant's account id). */
  | 'check-failed';

/** A call that was extracted (or half extracted) and refused, with what to tell the model. */
export interface RejectedCall {
  /** The id the call would have had; telemetry records are keyed by it. */
  id?: string;
  /** The name the model wrote, when one could be read. */
  name?: string;
  arguments?: unknown;
  format: CallFormat;
  span: Span;
  reason: RejectionReason;
  envelope: ErrorEnvelope;
  repairs: Repair[];
}

/** Which rung of the name-matching ladder resolved a call's name. */
export type NameMatch = 'exact' | 'case-insensitive' | 'namespace-tail' | 'loose' | 'none';

/** One telemetry record per extracted call (the seed playbook's mandatory fields). */
export interface TelemetryRecord {
  call_id: string;
  tool: string | undefined;
  parse_mode: CallFormat | 'none';
  /** `'accepted'`, or why the call was refused. */
  outcome: 'accepted' | RejectionReason;
  fallback_used: boolean;
  candidate_count: number;
  schema_validation: 'pass' | 'fail' | 'skipped';
  schema_validation_reason?: string;
  repairs: RepairKind[];
  name_match: NameMatch;
  schema_version: string | undefined;
  tool_result_status?: 'ok' | 'empty' | 'error';
  /** Flags a sanitization profile raised (`possible-prompt-injection`). */
  flags?: CallFlag['code'][];
  /** `extractMs`: phase 1 for the whole output; `decideMs`: phase 2 for this call. */
  timings: { extractMs: number; decideMs: number };
}

/** Everything a parse found in one model output. */
export interface ParseResult {
  /** Executable calls, in the order they appear. */
  calls: ToolCall[];
  /** Calls that were found and refused, each with a reason and an envelope. */
  rejected: RejectedCall[];
  /** The text outside tool-call syntax and reasoning. */
  content: string;
  /** Reasoning text (`<think>`, harmony analysis, ...), joined in order. */
  reasoning: string;
  /** Problems found while reading the output. */
  issues: Issue[];
  /** True when tool-call syntax was seen, whether or not a call came out of it (ds2api). */
  syntaxSeen: boolean;
  /**
   * True when names were refused by the allowlist and no call was accepted (ds2api:
   * `rejectedToolNames.length > 0 && calls.length === 0`).
   */
  rejectedByPolicy: boolean;
  /**
   * Names the allowlist refused (`unknown-tool`), deduplicated, in first-seen order (ds2api).
   * Calls refused for other reasons are in `rejected` with their own reason.
   */
  rejectedToolNames: string[];
  /** One record per extracted call. */
  telemetry: TelemetryRecord[];
}

/** What a stream emits; folding the events of any chunking gives `parse(text)`. */
export type StreamEvent =
  | { type: 'text-delta'; delta: string }
  | { type: 'reasoning-delta'; delta: string }
  | { type: 'tool-call-start'; id: string; index: number; name: string }
  | { type: 'tool-call-delta'; id: string; argumentsDelta: string }
  | { type: 'tool-call-end'; id: string; call: ToolCall }
  | { type: 'tool-call-end'; id: string; rejection: RejectedCall };
