/**
 * A hermes payload that names its tool before an arguments object instead of inside it:
 * `<tool_call>\n<function>terminal</function>\n{"command": "ls"}\n</tool_call>` (Gemma 3 and
 * Qwen 3.6 under a hermes template) or `<tool_call>\nget_weather\n{"city": "Paris"}</tool_call>`
 * (GLM-4-0414's own syntax, wrapped). Read as JSON, such a payload gave a refusal for the name
 * ("not a JSON object") and one for the arguments ("no tool name"): two envelopes, and the call
 * the model meant never ran.
 */
import { parse } from '../../generated/hermes.js';
import type { Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { firstUnitAfter } from '../shared/blanks.js';
import { COMMON_CALL_FIELDS, isPlainObject } from '../shared/call-object.js';
import { itemComplete, readJsonPayload } from '../shared/json-payload.js';
import { isNameStartUnit } from '../shared/name-units.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { HermesNamedArguments, HermesSection } from './ast.js';

/**
 * Reads a section whose payload is a tool's name then one JSON object of arguments.
 *
 * @param section - The hermes section.
 * @param end - Where the section ends.
 * @param context - The output, schemas and limits.
 * @returns The section with its one call (an `other` repair says where the name was), or
 * `undefined` when the payload is not that shape: it does not start with a name, more than one
 * object follows it, or the object names a tool itself (then the name before it may be a word of
 * prose, and the payload is read as JSON, as before).
 * @example
 * ```ts
 * // <tool_call>get_weather {"city": "Paris"}</tool_call>
 * lowerNamedArguments(section, 46, context)?.calls[0]?.name; // 'get_weather'
 * ```
 */
export function lowerNamedArguments(
  section: HermesSection,
  end: number,
  context: FormatContext,
): Section | undefined {
  const { text } = context;
  const { payload } = section;
  // A JSON payload starts with `{`, `[` or a fence: only a letter, `_` or `<` may start a name.
  const first = firstUnitAfter(text, payload.start);
  if (first !== 0x3c && !isNameStartUnit(first)) return undefined;
  const matched = runGrammar<HermesNamedArguments>(parse, text, payload.start, 'NamedArguments');
  if (matched === undefined) return undefined;
  const { name, argumentsStart } = matched.node;
  if (argumentsStart >= payload.end) return undefined;
  const read = readJsonPayload(context, argumentsStart, payload.end);
  if (!read.ok || read.values.length !== 1) return undefined;
  const [value] = read.values;
  if (!isPlainObject(value) || COMMON_CALL_FIELDS.name.some((key) => Object.hasOwn(value, key))) {
    return undefined;
  }
  const repairs: Repair[] = [
    {
      kind: 'other',
      offset: name.start,
      detail: `the tool name "${name.text}" written before its arguments object`,
    },
  ];
  for (const repair of read.repairs) repairs.push(repair);
  if (!section.closed) repairs.push({ kind: 'missing-end-marker', offset: end });
  const call: RawCall = {
    name: name.text,
    arguments: value,
    format: 'hermes',
    span: { start: section.start, end },
    repairs,
    complete: itemComplete(read, read.repairs, payload.end, section.closed),
  };
  return { start: section.start, end, calls: [call], issues: [], open: !section.closed };
}
