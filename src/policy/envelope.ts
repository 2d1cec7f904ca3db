/**
 * Rejection envelopes: what to tell the model about a refused call, compact enough to fix in one
 * turn (the production guide's `{ error, tool, field, expected, received, hint }`). One builder
 * per kind of refusal, so every hint is written once, and every builder bounds what it quotes:
 * the model's own text (a tool name, a key) is cut to `MAX_QUOTED` units wherever it appears.
 */
import type { ErrorEnvelope, EnvelopeField } from '../types.js';
import { clip, clipMiddle, clipQuoted, excerpt } from '../validate/errors.js';

/** The fixed hint that ends every envelope: fix and retry, no apology turn. */
const RETRY = 'Fix the tool call and retry. Do not apologize.';

/**
 * Longest `expected` or `received` sentence. The model-written text quoted in one is already cut
 * to `MAX_QUOTED`; this bounds what a `checkArguments` hook or an issue message says.
 */
const MAX_SENTENCE = 500;

/**
 * A tool name as an envelope quotes it: the model wrote it, and may have written 50,000
 * characters of it.
 */
function quotedTool(tool: string): string {
  return clip(tool);
}

/** A field error with every part bounded: the pointer holds keys the model wrote. */
function boundedField({ field, expected, received }: EnvelopeField): EnvelopeField {
  return {
    field: clipMiddle(field),
    expected: clip(expected, MAX_SENTENCE),
    received: clip(received, MAX_SENTENCE),
  };
}

/**
 * Adds `tool` only when known (`exactOptionalPropertyTypes` forbids an explicit `undefined`).
 *
 * @param envelope - The envelope without its tool.
 * @param tool - The tool name, when one was read.
 * @returns The envelope.
 */
function withTool(envelope: ErrorEnvelope, tool: string | undefined): ErrorEnvelope {
  return tool === undefined ? envelope : { ...envelope, tool: quotedTool(tool) };
}

/**
 * The envelope of a name that is not in the manifest.
 *
 * @param tool - The name the model wrote.
 * @param allowed - The closest allowed names.
 * @returns An `unknown_tool` envelope listing them.
 * @example
 * ```ts
 * unknownToolEnvelope('get_wether', ['get_weather']).hint; // 'There is no tool named "get_wether". Call one of: get_weather. ...'
 * ```
 */
export function unknownToolEnvelope(tool: string, allowed: string[]): ErrorEnvelope {
  const names =
    allowed.length === 0 ? 'no tools are available' : `call one of: ${allowed.join(', ')}`;
  const quoted = excerpt(tool);
  return {
    error: 'unknown_tool',
    tool: quotedTool(tool),
    expected: 'the name of an allowed tool',
    received: quoted,
    allowed,
    hint: `There is no tool named ${quoted}; ${names}. ${RETRY}`,
  };
}

/**
 * The envelope of arguments that failed the schema (or the caller's check).
 *
 * @param tool - The tool name.
 * @param fields - Every wrong field, most useful first (at least one).
 * @returns A `tool_validation_failed` envelope naming the first field and listing the rest.
 * @example
 * ```ts
 * validationEnvelope('update_ticket', [{ field: '/priority', expected: 'one of "low" | "high"', received: '"critial"' }]).field; // '/priority'
 * ```
 */
export function validationEnvelope(
  tool: string,
  fields: readonly EnvelopeField[],
  hint?: string,
): ErrorEnvelope {
  const [first, ...rest] = fields.slice(0, 10).map(boundedField);
  const envelope: ErrorEnvelope = {
    error: 'tool_validation_failed',
    tool: quotedTool(tool),
    field: first?.field ?? '',
    expected: first?.expected ?? 'valid arguments',
    received: first?.received ?? 'invalid arguments',
    hint: hint === undefined ? RETRY : clip(hint, MAX_SENTENCE),
  };
  return rest.length === 0 ? envelope : { ...envelope, more: rest };
}

/**
 * The envelope of a call a sanitization profile refused.
 *
 * @param tool - The tool name.
 * @param field - What the profile refused.
 * @returns A `sanitization_failed` envelope.
 * @example
 * ```ts
 * sanitizationEnvelope('send', { field: '/body', expected: 'no credentials', received: 'a jwt' }).error; // 'sanitization_failed'
 * ```
 */
export function sanitizationEnvelope(tool: string, field: EnvelopeField): ErrorEnvelope {
  const bounded = boundedField(field);
  return {
    error: 'sanitization_failed',
    tool: quotedTool(tool),
    ...bounded,
    hint: `Remove the refused content from ${bounded.field || 'the arguments'}. ${RETRY}`,
  };
}

/**
 * The envelope of a call whose `checkArguments` hook failed (threw or was not synchronous).
 * Says nothing about the hook's error: that is the caller's business, not the model's.
 *
 * @param tool - The tool name.
 * @returns A `hook_failed` envelope.
 * @example
 * ```ts
 * hookFailedEnvelope('transfer').error; // 'hook_failed'
 * ```
 */
export function hookFailedEnvelope(tool: string): ErrorEnvelope {
  return {
    error: 'hook_failed',
    tool: quotedTool(tool),
    hint: 'The call could not be checked and was not run. Do not retry it unchanged.',
  };
}

/**
 * The envelope of a call whose text ended before it was whole: the output was cut off inside it,
 * or the model closed its section with brackets, braces or a quote still open (which could have
 * closed in more than one place).
 *
 * @param tool - The tool name, when it was read.
 * @returns An `incomplete_tool_call` envelope.
 * @example
 * ```ts
 * incompleteEnvelope('stop').error; // 'incomplete_tool_call'
 * ```
 */
export function incompleteEnvelope(tool: string | undefined): ErrorEnvelope {
  return withTool(
    {
      error: 'incomplete_tool_call',
      hint: 'The tool call ended before it was complete (cut off, or a closing bracket, brace or quote is missing). Emit the whole call again.',
    },
    tool,
  );
}

/**
 * The envelope of tool syntax whose body could not be read.
 *
 * @param tool - The tool name, when it was read.
 * @param syntax - The format the section was in, as {@link describeSyntax} words it.
 * @param received - What went wrong, quoted from the issue.
 * @returns A `malformed_tool_call` envelope.
 * @example
 * ```ts
 * malformedEnvelope(undefined, 'hermes (starting with <tool_call>)', 'not JSON').error; // 'malformed_tool_call'
 * ```
 */
export function malformedEnvelope(
  tool: string | undefined,
  syntax: string,
  received: string,
): ErrorEnvelope {
  return withTool(
    {
      error: 'malformed_tool_call',
      // Not "its arguments a JSON object": pythonic, lfm2 and olmo3 write keyword arguments, and
      // the XML-parameter syntaxes one tag each; `received` says what was wrong with them.
      expected: `a complete call in ${syntax} syntax`,
      // The message quotes the model's names and keys: each is cut first, so the advice after
      // them survives the sentence's own bound.
      received: clip(clipQuoted(received), MAX_SENTENCE),
      hint: 'The tool call could not be read. Write it again, complete, in the same syntax.',
    },
    tool,
  );
}

/**
 * The envelope of a streamed call given up on after its start was announced: what followed the
 * name could not be read as the call's arguments.
 *
 * @param tool - The name the model wrote.
 * @returns A `malformed_tool_call` envelope.
 * @example
 * ```ts
 * abandonedEnvelope('search').hint; // 'The tool call could not be read as it was written. ...'
 * ```
 */
export function abandonedEnvelope(tool: string | undefined): ErrorEnvelope {
  return withTool(
    {
      error: 'malformed_tool_call',
      hint: 'The tool call could not be read as it was written. Emit the whole call again.',
    },
    tool,
  );
}

/**
 * Words a format for an envelope: its id and the marker that starts it.
 *
 * @param format - The format id.
 * @param marker - Its first start marker, when it has one.
 * @returns E.g. `hermes (starting with <tool_call>)`.
 * @example
 * ```ts
 * describeSyntax('hermes', '<tool_call>'); // 'hermes (starting with <tool_call>)'
 * ```
 */
export function describeSyntax(format: string, marker: string | undefined): string {
  return marker === undefined ? format : `${format} (starting with ${marker})`;
}

/**
 * The envelope of a call over a size limit.
 *
 * @param tool - The tool name, when it was read.
 * @param limit - The limit, in UTF-16 units (or levels, for nesting).
 * @param received - The size found, or words for it.
 * @param what - What was measured (`call`, `fallback call`, `nesting`).
 * @returns A `too_large` envelope.
 * @example
 * ```ts
 * tooLargeEnvelope('f', 2048, 5000, 'fallback call').expected; // 'a fallback call of at most 2048 characters'
 * ```
 */
export function tooLargeEnvelope(
  tool: string | undefined,
  limit: number,
  received: number | string,
  what: string,
): ErrorEnvelope {
  const unit = what === 'nesting' ? 'levels' : 'characters';
  return withTool(
    {
      error: 'too_large',
      expected: `a ${what} of at most ${limit} ${unit}`,
      received: typeof received === 'number' ? `${received} ${unit}` : received,
      hint: 'Send smaller arguments: do not paste documents into tool calls; refer to them instead.',
    },
    tool,
  );
}

/**
 * The envelope of calls past the `maxCalls` limit.
 *
 * @param limit - The limit.
 * @returns A `too_many_calls` envelope.
 * @example
 * ```ts
 * tooManyCallsEnvelope(128).expected; // 'at most 128 tool calls in one reply'
 * ```
 */
export function tooManyCallsEnvelope(limit: number): ErrorEnvelope {
  return {
    error: 'too_many_calls',
    expected: `at most ${limit} tool calls in one reply`,
    hint: 'Only the first calls were read. Emit the remaining calls in a later turn.',
  };
}

/**
 * The envelope of a fallback-syntax call without tool intent.
 *
 * @param tool - The tool name.
 * @param primary - How to write a call in the primary syntax.
 * @returns A `fallback_not_allowed` envelope.
 * @example
 * ```ts
 * fallbackEnvelope('search', 'hermes: <tool_call>...</tool_call>').error; // 'fallback_not_allowed'
 * ```
 */
export function fallbackEnvelope(tool: string, primary: string): ErrorEnvelope {
  return {
    error: 'fallback_not_allowed',
    tool: quotedTool(tool),
    expected: primary,
    hint: `To call a tool, emit the call in the primary syntax (${primary}).`,
  };
}

/**
 * The envelope of several fallback-syntax candidates in one output: all are refused and the
 * model is asked to emit them again in the primary syntax.
 *
 * @param tool - This candidate's tool name.
 * @param count - How many candidates there were.
 * @param primary - How to write a call in the primary syntax.
 * @returns An `ambiguous_tool_calls` envelope.
 * @example
 * ```ts
 * ambiguousEnvelope('a', 2, 'hermes: <tool_call>...</tool_call>').received; // '2 candidate tool calls outside the primary syntax'
 * ```
 */
export function ambiguousEnvelope(tool: string, count: number, primary: string): ErrorEnvelope {
  return {
    error: 'ambiguous_tool_calls',
    tool: quotedTool(tool),
    expected: `tool calls in the primary syntax (${primary})`,
    received: `${count} candidate tool calls outside the primary syntax`,
    hint: `It is not clear which of these is a tool call. Emit each intended call again in the primary syntax (${primary}).`,
  };
}
