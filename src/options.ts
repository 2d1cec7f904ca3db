/**
 * The options of `createParser`, checked once: a caller mistake is a `TypeError` that says how to
 * fix it, raised when the parser is created, never while parsing model output.
 */
import { formatIds, getFormat } from './formats/index.js';
import type { Format } from './formats/format.js';
import type { PolicyOptions } from './policy/options.js';
import type { SanitizeProfile } from './sanitize/profile.js';
import { closestNames, editDistance } from './resolve/closest.js';
import type { FormatId, TelemetryRecord } from './types.js';

/** What a tool may do, from harmless to irreversible; looser name matching never reaches `destructive`. */
export type ToolEffect = 'read' | 'write' | 'destructive';

/** One tool the model may call. */
export interface ToolDefinition {
  name: string;
  description?: string;
  /**
   * JSON Schema (draft-07 or 2020-12) of the arguments object. Arguments are always an object, so
   * a root `type` must be (or include) `'object'`; a schema without `type` is accepted.
   */
  parameters?: Record<string, unknown>;
  /** Default `'write'`. */
  effect?: ToolEffect;
  /**
   * Let ajv coerce types (`"5"` to `5`); each coercion is recorded as a repair. Default false.
   * Refused even so, with an envelope naming the field: `null` read as `false`, `0` or `""` (a
   * value the model never wrote), a number made from anything but decimal text (`" "`, `"0x10"`,
   * `true`), a number past 2^53 coerced to a string or a digit string that long to an integer
   * (JavaScript rounds its last digits), and a number JavaScript cannot hold: `"1e400"` read as
   * Infinity, or Infinity and NaN made into text.
   */
  coerce?: boolean;
  /** String and array caps, HTML stripping, identifier normalisation, credential refusal... */
  sanitize?: SanitizeProfile;
}

/** Limits that bound the work done on one output; hitting one gives a clear issue code. */
export interface Limits {
  /**
   * Deepest nesting of arrays and objects in a call's arguments, the arguments object being level
   * 1 (a call object or list around it is not counted). Default 256 (`too-deep`), at most
   * 1000 (deeper nesting would exhaust the JavaScript stack in some syntaxes).
   */
  maxDepth: number;
  /** Largest section of one primary call, in UTF-16 units. Default 1 MiB (`too-large`). */
  maxCallSize: number;
  /** Most calls read from one output. Default 128 (`too-many-calls`). */
  maxCalls: number;
  /** Largest output parsed at all. Default 16 MiB (`too-large`). */
  maxOutputSize: number;
  /** Largest candidate in a fallback syntax, in UTF-16 units. Default 2 KiB (`too-large`). */
  maxFallbackCallSize: number;
  /**
   * Most issues listed in one result. Default 1000: the first 1000 are kept and one
   * `too-many-issues` issue says how many more were dropped. Calls and rejections are unaffected.
   */
  maxIssues: number;
}

/**
 * The largest `maxDepth` a parser takes. The grammars, the lowerings and `JSON.stringify` recurse
 * once per level: past about 1,500 levels the JavaScript stack runs out in some syntaxes (the call
 * was then refused as too deep whatever the limit said) and `JSON.stringify` threw in a stream
 * where `parse` had read the call. Up to this ceiling every syntax honours the limit the same way,
 * in `parse` and in a stream, with room left for a caller's own stack.
 */
export const MAX_DEPTH_CEILING = 1000;

/** Default {@link Limits}. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxDepth: 256,
  maxCallSize: 1024 * 1024,
  maxCalls: 128,
  maxOutputSize: 16 * 1024 * 1024,
  maxFallbackCallSize: 2 * 1024,
  maxIssues: 1000,
});

/** Options of {@link createParser}. */
export interface ParserOptions {
  /**
   * Format ids, the first being the primary syntax and the rest fallbacks, or `'auto'` (the
   * default) for every format, marked ones primary and bare ones fallbacks.
   */
  formats?: 'auto' | readonly (FormatId | Format)[];
  /** The allowlist: without tools, calls are only extracted and marked unvalidated. */
  tools?: readonly ToolDefinition[];
  /** Limits on hostile input; each defaults as {@link DEFAULT_LIMITS} says. */
  limits?: Partial<Limits>;
  /** Name matching (exact or the ds2api ladder) and the caller's `checkArguments` hook. */
  policy?: PolicyOptions;
  /** Called with one record per call; a callback that throws changes nothing in the result. */
  onTelemetry?: (record: TelemetryRecord) => void;
  /**
   * `'random'` (default) ids like `call_8f3K...`, or `'sequential'` (`call_0`, `call_1`) for tests.
   * Either skips an id a call of the same output wrote itself: ids are unique within an output.
   */
  ids?: 'random' | 'sequential';
  /**
   * Chat templates that open the reasoning block themselves (QwQ, DeepSeek R1/V3.1/V3.2, Qwen 3.5
   * thinking, GLM 4.7) make the model write only its `</think>`. With `startsInside` (default
   * true) text before an orphan `</think>` (no `<think>` before it) is reasoning; a stream then
   * holds text until it sees `</think>`, `<think>` or the end (or a token of a model that writes
   * its reasoning itself: `<|START_THINKING|>`, a gpt-oss harmony message header). Set it to
   * false for models that never think, so a stream emits content at once.
   *
   * With `keepInContent` (default false) reasoning blocks stay in `content` as written, tags
   * included, and `reasoning` stays empty: what llama.cpp's `reasoning_format: none` and a vLLM
   * tool parser without a reasoning parser return. Tool syntax inside them still never becomes a
   * call. Reasoning a format reports inside a section that also holds calls or content (a ReAct
   * thought) has no tags of its own and is kept as its text; a harmony `analysis` message, a
   * section of its own, is kept as written, its tokens included.
   *
   * With `prefilled` (default false) the chat template wrote the opening tag itself (Qwen 3.5 and
   * DeepSeek V4 thinking templates): when the output has no reasoning token at all, the model went
   * from thinking straight to its call, so the text before the first call is reasoning and a
   * call-less output is all reasoning. It implies `startsInside`.
   */
  reasoning?: { startsInside?: boolean; keepInContent?: boolean; prefilled?: boolean };
}

/** The formats a parser uses, in priority order, and which count as primary. */
export interface FormatSelection {
  formats: Format[];
  primary: Set<Format>;
  auto: boolean;
}

/**
 * Resolves the `formats` option.
 *
 * @param option - The caller's `formats`.
 * @returns The selected formats.
 * @throws TypeError for an unknown id, an empty list or a value of the wrong type.
 */
export function selectFormats(option: ParserOptions['formats']): FormatSelection {
  if (option === undefined || option === 'auto') {
    const all = formatIds.map((id) => getFormat(id) as Format);
    return { formats: all, primary: new Set(all.filter((f) => f.syntax === 'marked')), auto: true };
  }
  if (!Array.isArray(option) || option.length === 0) {
    throw new TypeError(
      `createParser: "formats" must be 'auto' or a non-empty array of format ids, such as ['hermes']; got ${describe(option)}`,
    );
  }
  const selected: Format[] = [];
  for (const entry of option as readonly unknown[]) {
    const format = typeof entry === 'string' ? getFormat(entry) : asCustomFormat(entry);
    if (format === undefined) {
      throw new TypeError(
        `createParser: unknown format ${describe(entry)}${suggest(entry)}. Valid ids: ${formatIds.join(', ')}, or a format made by defineFormat()`,
      );
    }
    if (!selected.includes(format)) selected.push(format);
  }
  const primary = selected[0] as Format;
  // The caller's order is the primary/fallback order, but where markers are shared the registry
  // order (most specific first) decides which grammar reads the text; custom formats, chosen
  // explicitly, are tried before the built-in ones.
  const custom = selected.filter((format) => getFormat(format.id) !== format);
  const ordered = [
    ...custom,
    ...formatIds.map((id) => getFormat(id) as Format).filter((format) => selected.includes(format)),
  ];
  return { formats: ordered, primary: new Set([primary]), auto: false };
}

/** A format object made by `defineFormat` (an `x-` id, markers and a `parseAt`), else undefined. */
function asCustomFormat(entry: unknown): Format | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const candidate = entry as Partial<Format>;
  return typeof candidate.id === 'string' &&
    candidate.id.startsWith('x-') &&
    Array.isArray(candidate.markers) &&
    typeof candidate.parseAt === 'function'
    ? (candidate as Format)
    : undefined;
}

/**
 * Resolves the `limits` option.
 *
 * @param option - The caller's partial limits.
 * @returns Complete limits.
 * @throws TypeError when a limit is not a positive integer, or `maxDepth` is above
 * {@link MAX_DEPTH_CEILING}.
 */
export function resolveLimits(option: Partial<Limits> | undefined): Limits {
  const limits: Limits = { ...DEFAULT_LIMITS };
  if (option === undefined) return limits;
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    throw new TypeError(
      `createParser: "limits" must be an object such as { maxDepth: 64 }; got ${Array.isArray(option) ? 'an array' : describe(option)}`,
    );
  }
  for (const key of Object.keys(option)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, key)) {
      throw new TypeError(
        `createParser: unknown limit "${key}". Known limits: ${Object.keys(DEFAULT_LIMITS).join(', ')}`,
      );
    }
    const value = (option as Record<string, unknown>)[key];
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
      throw new TypeError(
        `createParser: limit "${key}" must be a positive integer; got ${describe(value)}`,
      );
    }
    if (key === 'maxDepth' && value > MAX_DEPTH_CEILING) {
      throw new TypeError(
        `createParser: limit "maxDepth" must be at most ${MAX_DEPTH_CEILING} (deeper nesting would exhaust the JavaScript stack); got ${value}`,
      );
    }
    limits[key as keyof Limits] = value;
  }
  return limits;
}

/** How reasoning is read and reported, once resolved. */
export interface ReasoningSettings {
  /** See {@link ParserOptions.reasoning}: the output may start inside a template-opened block. */
  startsInside: boolean;
  /** See {@link ParserOptions.reasoning}: reasoning blocks stay in `content` as written. */
  keepInContent: boolean;
  /** See {@link ParserOptions.reasoning}: the template wrote the opening tag. */
  prefilled: boolean;
}

const REASONING_KEYS = ['startsInside', 'keepInContent', 'prefilled'] as const;

/**
 * Resolves the `reasoning` option.
 *
 * @param option - The caller's `reasoning`.
 * @returns The settings, with their defaults (`startsInside` true, the others false).
 * @throws TypeError when it is not an object of booleans with known keys, or when `prefilled`
 * is combined with `startsInside: false`.
 */
export function resolveReasoning(option: ParserOptions['reasoning']): ReasoningSettings {
  const settings: ReasoningSettings = {
    startsInside: true,
    keepInContent: false,
    prefilled: false,
  };
  if (option === undefined) return settings;
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    throw new TypeError(
      'createParser: "reasoning" must be an object such as { startsInside: false }',
    );
  }
  for (const key of Object.keys(option)) {
    if (!(REASONING_KEYS as readonly string[]).includes(key)) {
      throw new TypeError(
        `createParser: unknown reasoning option "${key}". Known options: ${REASONING_KEYS.join(', ')}`,
      );
    }
    const value = (option as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') {
      throw new TypeError(
        `createParser: reasoning option "${key}" must be true or false; got ${describe(value)}`,
      );
    }
    settings[key as keyof ReasoningSettings] = value;
  }
  if (settings.prefilled && !settings.startsInside) {
    throw new TypeError(
      'createParser: reasoning.prefilled means the output starts inside reasoning; drop startsInside: false',
    );
  }
  return settings;
}

/** The keys `createParser` reads; the middleware removes its own before it passes the rest on. */
const PARSER_OPTION_KEYS = [
  'formats',
  'tools',
  'limits',
  'policy',
  'onTelemetry',
  'ids',
  'reasoning',
] as const;

/**
 * Refuses an option `createParser` does not know: a misspelt key (`formts`) would otherwise be
 * ignored, and its default (every format, in auto mode) taken in silence.
 *
 * @param options - The caller's options object.
 * @throws TypeError naming the key, the known keys, and the nearest one when it is a likely typo.
 * @example
 * ```ts
 * checkOptionKeys({ formts: ['hermes'] }); // TypeError: unknown option "formts" (did you mean "formats"?)...
 * ```
 */
export function checkOptionKeys(options: object): void {
  for (const key of Object.keys(options)) {
    if ((PARSER_OPTION_KEYS as readonly string[]).includes(key)) continue;
    const [nearest] = closestNames(key, PARSER_OPTION_KEYS, 1);
    const hint =
      nearest !== undefined && editDistance(key.toLowerCase(), nearest.toLowerCase()) <= 2
        ? ` (did you mean "${nearest}"?)`
        : '';
    throw new TypeError(
      `createParser: unknown option "${key}"${hint}. Known options: ${PARSER_OPTION_KEYS.join(', ')}`,
    );
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  // JSON.stringify writes Infinity and NaN as null, and throws on a BigInt.
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** A "did you mean" for a mistyped format id (`hermes2` → `hermes`, `Kimi-K2` → `kimi_k2`). */
function suggest(value: unknown): string {
  if (typeof value !== 'string') return '';
  const normalized = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  const close = formatIds.find((id) => {
    const candidate = id.replace(/_/g, '');
    return (
      candidate === normalized ||
      candidate.startsWith(normalized) ||
      normalized.startsWith(candidate)
    );
  });
  return close === undefined ? '' : ` (did you mean "${close}"?)`;
}
