/**
 * Lowering of json_block: the whole-output object is one call object (`tool`/`name`/`tool_name`,
 * `arguments`/`parameters`/`params`). An object without a tool name is not a call: the format
 * then declines the text (it stays content), since a bare JSON answer is ordinary output.
 */
import { match } from 'ts-pattern';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readCallObject } from '../shared/call-object.js';
import { NAME_FIELD_MENTIONS, tooDeepWholeJson } from '../shared/too-deep-candidate.js';
import { readWholeJson } from '../shared/whole-json.js';
import type { JsonBlockSection } from './ast.js';

/**
 * Lowers a json_block candidate.
 *
 * @param node - The candidate's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with one call, or `undefined` when the output is not one call object.
 * An object too deep to read stays content with its `too-deep` issue.
 */
export function lowerJsonBlock(
  node: JsonBlockSection,
  context: FormatContext,
): Section | undefined {
  return match(node)
    .with({ type: 'json-block-section' }, (section) => {
      const whole = readWholeJson(
        context,
        section.start,
        section.payloadStart,
        section.fenced,
        'calls',
      );
      if (whole === undefined) return undefined;
      const { payload } = whole.json;
      if (!payload.ok) return tooDeepWholeJson(context, whole, NAME_FIELD_MENTIONS);
      if (payload.values.length !== 1) return undefined;
      const call = readCallObject(payload.values[0], section.payloadStart);
      if (!call.ok) return undefined;
      const raw: RawCall = {
        name: call.name,
        arguments: call.arguments,
        format: 'json_block',
        span: { start: whole.start, end: whole.end },
        repairs: [...payload.repairs, ...call.repairs],
        complete: whole.json.closed && payload.complete,
      };
      return { start: whole.start, end: whole.end, calls: [raw], issues: [] };
    })
    .exhaustive();
}
