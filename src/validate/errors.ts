/**
 * ajv's errors in the terms of a rejection envelope: which field (a JSON pointer), what was
 * expected, what the model sent. One turn of repair needs all three.
 */
import type { ErrorObject } from 'ajv';
import { EXACT_INTEGER_KEYWORD } from './exact-integers.js';

/** One field the arguments got wrong. */
export interface FieldError {
  /** JSON pointer into the arguments, `''` for the whole object. */
  field: string;
  /** What the schema wants, in words a model reads (`integer`, `one of "low" | "high"`). */
  expected: string;
  /** What the model sent, as short JSON (`"critial"`, `nothing`). */
  received: string;
}

/**
 * Longest piece of model-written text an envelope quotes (a value, a field's pointer, a tool
 * name): the envelope must stay compact, and a model can write a 50,000-character key.
 */
export const MAX_QUOTED = 120;

/**
 * Values an `enum` field's envelope lists, and the length they may take, before it says how many
 * more there are: a schema may allow thousands.
 */
const MAX_LISTED = 20;
const MAX_LISTED_LENGTH = 300;

/**
 * Describes ajv errors as field errors, most useful first, one per field.
 *
 * @param errors - `validate.errors` after a failed validation.
 * @returns Field errors (at least one).
 * @example
 * ```ts
 * describeErrors([{ keyword: 'enum', instancePath: '/priority', params: { allowedValues: ['low'] }, data: 'lo', schemaPath: '', message: '' }]);
 * // [{ field: '/priority', expected: 'one of "low"', received: '"lo"' }]
 * ```
 */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const described: FieldError[] = [];
  const seen = new Set<string>();
  // Errors inside anyOf/oneOf branches come before the summary error; the summary is kept only
  // when no branch said something more specific about the same field.
  for (const error of errors ?? []) {
    const item = describeError(error);
    if (seen.has(item.field)) continue;
    seen.add(item.field);
    // The pointer holds keys the model wrote.
    described.push({ ...item, field: clipMiddle(item.field) });
  }
  if (described.length === 0)
    described.push({ field: '', expected: 'valid arguments', received: 'invalid arguments' });
  return described;
}

function describeError(error: ErrorObject): FieldError {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        field: `${error.instancePath}/${escapePointer(String(params['missingProperty']))}`,
        expected: 'a value: this field is required',
        received: 'nothing',
      };
    case 'additionalProperties':
      return {
        field: `${error.instancePath}/${escapePointer(String(params['additionalProperty']))}`,
        expected: 'no such field: remove it (only the fields the schema lists are allowed)',
        received: excerpt(readField(error.data, String(params['additionalProperty']))),
      };
    case 'type':
      return {
        field: error.instancePath,
        // ajv refuses NaN and ±Infinity as numbers; saying only "number" would puzzle the model.
        expected:
          isNonFinite(error.data) && /number|integer/.test(String(params['type']))
            ? `a finite ${String(params['type'])}`
            : String(params['type']),
        received: excerpt(error.data),
      };
    case 'enum':
      return {
        field: error.instancePath,
        expected: oneOf(params['allowedValues'] as unknown[]),
        received: excerpt(error.data),
      };
    case 'const':
      return {
        field: error.instancePath,
        expected: `exactly ${excerpt(params['allowedValue'])}`,
        received: excerpt(error.data),
      };
    case EXACT_INTEGER_KEYWORD:
      return {
        field: error.instancePath,
        expected:
          'an integer of at most 9007199254740991 in magnitude: past it JavaScript loses the last digits',
        received: `${excerpt(error.data)} (the number as read, rounded)`,
      };
    case 'format':
      return {
        field: error.instancePath,
        expected: `a string in ${String(params['format'])} format`,
        received: excerpt(error.data),
      };
    default:
      return {
        field: error.instancePath,
        // ajv's own messages read as requirements already: "must be >= 1", "must NOT have more than 3 items".
        expected: (error.message ?? 'a valid value').replace(/^must /, ''),
        received: excerpt(error.data),
      };
  }
}

/**
 * Escapes one key for a JSON pointer (RFC 6901: `~` as `~0`, `/` as `~1`).
 *
 * @param key - An object key.
 * @returns The escaped pointer segment.
 * @example
 * ```ts
 * escapePointer('a/b'); // 'a~1b'
 * ```
 */
export function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function readField(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null && Object.hasOwn(data, key)
    ? (data as Record<string, unknown>)[key]
    : undefined;
}

/**
 * A short JSON excerpt of a value for an envelope.
 *
 * @param value - Any value from the arguments.
 * @returns JSON text of at most {@link MAX_QUOTED} units (cut with `…`), `nothing` for `undefined`.
 * @example
 * ```ts
 * excerpt('critial'); // '"critial"'
 * ```
 */
export function excerpt(value: unknown): string {
  // JSON writes these as null: the model wrote 1e400 or NaN, and "null" would send it looking for
  // a null it never wrote.
  if (isNonFinite(value)) {
    return Number.isNaN(value)
      ? 'NaN (not a number)'
      : `${String(value)} (the number as read: past the largest JavaScript holds, about 1.8e308)`;
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'nothing';
  } catch {
    text = String(value);
  }
  return clip(text);
}

/**
 * Cuts a text to at most `max` units, ending it with `…`, without splitting a surrogate pair.
 *
 * @param text - Any text, typically written by the model.
 * @param max - The longest result; {@link MAX_QUOTED} by default.
 * @returns The text, or its start and `…`.
 * @example
 * ```ts
 * clip('abcdef', 4); // 'abc…'
 * ```
 */
export function clip(text: string, max = MAX_QUOTED): string {
  if (text.length <= max) return text;
  return `${text.slice(0, pairSafe(text, max - 1))}…`;
}

/**
 * Cuts every quoted run of a sentence (`"..."`, the names and keys a message quotes from the
 * model) to {@link MAX_QUOTED} units, keeping the rest of the sentence: the advice after a
 * 50,000-character tool name must still reach the model.
 *
 * @param sentence - A message that may quote model text between double quotes.
 * @returns The sentence with each long quoted run clipped.
 * @example
 * ```ts
 * clipQuoted(`the arguments of "${'x'.repeat(500)}" are cut off`).length; // 151
 * ```
 */
export function clipQuoted(sentence: string): string {
  if (sentence.length <= MAX_QUOTED) return sentence;
  let out = '';
  let from = 0;
  for (;;) {
    const open = sentence.indexOf('"', from);
    const close = open === -1 ? -1 : sentence.indexOf('"', open + 1);
    if (close === -1) return from === 0 ? sentence : out + sentence.slice(from);
    out += sentence.slice(from, open + 1) + clip(sentence.slice(open + 1, close)) + '"';
    from = close + 1;
  }
}

/**
 * Cuts a JSON pointer to at most {@link MAX_QUOTED} units in its middle, keeping its start and
 * its last segments, the most specific part.
 *
 * @param pointer - A pointer that may hold long keys.
 * @returns The pointer, or its ends around `…`.
 * @example
 * ```ts
 * clipMiddle(`/${'k'.repeat(500)}/name`).length; // 120
 * ```
 */
export function clipMiddle(pointer: string): string {
  if (pointer.length <= MAX_QUOTED) return pointer;
  const head = pairSafe(pointer, (MAX_QUOTED - 1) >> 1);
  let tail = pointer.length - (MAX_QUOTED - 1 - head);
  // Never start the tail on the low half of a pair.
  if (isLowSurrogate(pointer.charCodeAt(tail))) tail += 1;
  return `${pointer.slice(0, head)}…${pointer.slice(tail)}`;
}

/** `end`, or one less where `end` would split a surrogate pair. */
function pairSafe(text: string, end: number): number {
  return isLowSurrogate(text.charCodeAt(end)) && end > 0 ? end - 1 : end;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** An enum's values in words: the first few (see {@link MAX_LISTED}), then how many more. */
function oneOf(values: readonly unknown[]): string {
  const listed: string[] = [];
  let length = 0;
  for (const value of values) {
    const text = excerpt(value);
    if (listed.length === MAX_LISTED) break;
    if (listed.length > 0 && length + text.length > MAX_LISTED_LENGTH) break;
    listed.push(text);
    length += text.length + 3;
  }
  const rest = values.length - listed.length;
  const words = `one of ${listed.join(' | ')}`;
  return rest > 0 ? `${words}, or one of ${rest} more` : words;
}

/** NaN and ±Infinity (`1e400` reads as Infinity): numbers JSON has no text for. */
function isNonFinite(value: unknown): value is number {
  return typeof value === 'number' && !Number.isFinite(value);
}
