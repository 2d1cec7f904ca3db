/**
 * Lowering of marker_json sections: the JSON after the marker is one call object with the
 * selectools aliases; null or missing parameters are `{}`; an empty name is no call.
 */
import { match } from 'ts-pattern';
import { trailerMayFollow } from '../shared/blanks.js';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { callHeadKeys, readJsonCallHead, type CallHeadKeys } from '../../stream/call-head.js';
import { refusedCall } from '../shared/refused-call.js';
import { readCallObject } from '../shared/call-object.js';
import { closingFenceEnd } from '../shared/fence.js';
import { readJsonValueAt } from '../shared/json-value-at.js';
import type { MarkerJsonSection } from './ast.js';

/** The fence a fenced call object closes with. */
const FENCE = '```';

/** selectools' field names: `tool_name`, `tool`, `name`; `parameters`, `params`. */
const FIELDS = {
  name: ['tool_name', 'tool', 'name'],
  arguments: ['parameters', 'params', 'arguments'],
};

/** What a call's head spells: one of the name keys, then one of the arguments keys. */
export const MARKER_JSON_HEAD_KEYS: CallHeadKeys = callHeadKeys(FIELDS);

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
      // Whether more text could change the section (`Section.open`, which lets a stream settle
      // it as soon as it is closed rather than on a margin of text after it): while its object
      // is open, and in a fence while only blanks, or blanks and the start of ``` follow it.
      const open =
        !json.closed ||
        (section.fenced && fenceEnd === undefined && trailerMayFollow(context.text, end, FENCE));
      // A stream starts the call from its head (see head.ts): refused, it is still that call,
      // named by its head.
      const refused = (issue: Issue): Section => {
        const head = readJsonCallHead(
          context.text.slice(0, json.end),
          section.payloadStart,
          MARKER_JSON_HEAD_KEYS,
        );
        const span = { start: section.start, end };
        const calls =
          typeof head === 'object'
            ? [refusedCall(head.name, 'marker_json', span, issue, [], json.closed)]
            : [];
        return { start: section.start, end, calls, issues: [issue], open };
      };
      if (!json.payload.ok) return refused(json.payload.issue);
      const call = readCallObject(json.payload.values[0], section.payloadStart, FIELDS);
      if (!call.ok) return refused(call.issue);
      const raw: RawCall = {
        name: call.name,
        arguments: call.arguments,
        format: 'marker_json',
        span: { start: section.start, end },
        repairs: [...json.payload.repairs, ...call.repairs],
        complete: json.closed && json.payload.complete,
      };
      return { start: section.start, end, calls: [raw], issues: [], open };
    })
    .exhaustive();
}
