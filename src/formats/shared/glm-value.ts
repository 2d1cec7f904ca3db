/**
 * Typing of GLM argument values, following SGLang's glm4_moe detector and vLLM's glm4_moe parser:
 * a value is trimmed; with a schema it is typed by it; without one, text that is valid JSON is
 * decoded (`3` → 3, `[1]` → [1]) and anything else stays a string.
 */
import { parseJson } from '../../json/index.js';
import type { Repair } from '../../types.js';
import type { FormatContext } from '../format.js';
import { parameterSchema, typeBySchema } from './typed-value.js';
import { OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../../json/char-codes.js';

/**
 * Reads one `<arg_value>`.
 *
 * @param raw - The value as written between the tags.
 * @param offset - Where the value starts, for repairs.
 * @param tool - The tool name the model wrote.
 * @param key - The argument name.
 * @param tools - The parser's schemas by tool name.
 * @param repairs - Receives the repairs made.
 * @returns The typed value.
 * @example
 * ```ts
 * readGlmValue(' 42 ', 30, 'set_limit', 'max', context.tools, repairs); // 42
 * ```
 */
export function readGlmValue(
  raw: string,
  offset: number,
  tool: string,
  key: string,
  tools: FormatContext['tools'],
  repairs: Repair[],
): unknown {
  const text = raw.trim();
  const schema = parameterSchema(tools, tool, key);
  if (schema === undefined) {
    if (!mayBeJson(text)) return text;
    const decoded = parseJson(text, { strict: true });
    return decoded.ok ? decoded.value : text;
  }
  const typed = typeBySchema(text, schema);
  if (typed.converted) {
    repairs.push({ kind: 'schema-typed-value', offset, detail: key });
    return typed.value;
  }
  // Some outputs escape JSON a second time (`[{\"id\": 1}]`): read the text as the inside of a
  // JSON string once, and type that, the way SGLang's second strategy does.
  if (!(text.startsWith('[') || text.startsWith('{')) || !text.includes('\\')) return typed.value;
  const unescaped = parseJson(`"${text}"`, { strict: true });
  if (!unescaped.ok || typeof unescaped.value !== 'string') return typed.value;
  const retyped = typeBySchema(unescaped.value, schema);
  if (!retyped.converted) return typed.value;
  repairs.push(
    { kind: 'other', offset, detail: `${key}: JSON escaped twice, unescaped once` },
    { kind: 'schema-typed-value', offset, detail: key },
  );
  return retyped.value;
}

/** True when strict JSON could start this text: most values are words, and a failed parse costs. */
function mayBeJson(text: string): boolean {
  return (
    opensJsonValue(text.charCodeAt(0)) || text === 'true' || text === 'false' || text === 'null'
  );
}

/**
 * Whether a unit opens a JSON value other than a literal: `{`, `[`, `"`, `-` or a digit. A
 * schema-less value starting so may be decoded by `readGlmValue`, and a stream holds it until it
 * closes (a word, only while it may still be `true`, `false` or `null`).
 *
 * @param unit - The value's first unit after its blanks.
 * @returns True for the units that open an object, a list, a string or a number.
 */
export function opensJsonValue(unit: number): boolean {
  return (
    unit === OPEN_BRACE ||
    unit === OPEN_BRACKET ||
    unit === QUOTE ||
    unit === 0x2d ||
    (unit >= 0x30 && unit <= 0x39)
  );
}
