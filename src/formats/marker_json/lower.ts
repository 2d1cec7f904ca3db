/**
 * Lowering of marker_json sections: the JSON after the marker is one call object with the
 * selectools aliases; null or missing parameters are `{}`; an empty name is no call.
 */
import { match } from 'ts-pattern';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readCallObject } from '../shared/call-object.js';
import { closingFenceEnd } from '../shared/fence.js';
import { readJsonValueAt } from '../shared/json-value-at.js';
import type { MarkerJsonSection } from './ast.js';

/** selectools' field names: `tool_name`, `tool`, `name`; `parameters`, `params`. */
const FIELDS = {
  name: ['tool_name', 'tool', 'name'],
  arguments: ['parameters', 'params', 'arguments'],
};

/**
 * Lowers a marker_json section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with at most one call.
 */
export function lowerMarkerJson(node: MarkerJsonSection, context: FormatContext): Section {
  return match(node)
    .with({ type: 'marker-json-section' }, (section) => {
      const json = readJsonValueAt(context, section.payloadStart, { callObjects: 'calls' });
      const fenceEnd = section.fenced ? closingFenceEnd(context.text, json.end) : undefined;
      const end = fenceEnd ?? json.end;
      if (!json.payload.ok) {
        return { start: section.start, end, calls: [], issues: [json.payload.issue] };
      }
      const call = readCallObject(json.payload.values[0], section.payloadStart, FIELDS);
      if (!call.ok) return { start: section.start, end, calls: [], issues: [call.issue] };
      const raw: RawCall = {
        name: call.name,
        arguments: call.arguments,
        format: 'marker_json',
        span: { start: section.start, end },
        repairs: [...json.payload.repairs, ...call.repairs],
        complete: json.closed && json.payload.complete,
      };
      return { start: section.start, end, calls: [raw], issues: [] };
    })
    .exhaustive();
}
