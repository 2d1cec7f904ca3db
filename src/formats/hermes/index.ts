/**
 * `hermes`: `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`, repeated.
 * Hermes 2 Pro / 3, Qwen 2.5 / 3, Ernie 4.5, Granite 4.
 */
import { parse } from '../../generated/hermes.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import {
  afterFenceOpener,
  readJsonCallHeadBefore,
  readNextJsonListCallHead,
} from '../../stream/call-head.js';
import type { HermesSection } from './ast.js';
import { lowerHermes, lowerHermesSection } from './lower.js';
import { startsAt } from '../../starts-at.js';

const OPEN = '<tool_call>';
const CLOSE = '</tool_call>';

/**
 * The fast path in front of the grammar for the common case, a section whose close tag is there:
 * `Section = "<tool_call>" Payload Close` with `Payload` everything up to the first `</tool_call>`
 * gives exactly this node (checked by a property test against the grammar), without peggy's
 * per-call set-up and per-character arrays. Unclosed sections go through the grammar.
 */
export function readClosedSection(
  text: string,
  start: number,
): { node: HermesSection; end: number } | undefined {
  if (!startsAt(text, OPEN, start)) return undefined;
  const payloadStart = start + OPEN.length;
  const close = text.indexOf(CLOSE, payloadStart);
  if (close === -1) return undefined;
  return {
    node: {
      type: 'hermes-section',
      start,
      payload: { start: payloadStart, end: close },
      closed: true,
    },
    end: close + CLOSE.length,
  };
}

/** The hermes format. */
export const hermes: Format = {
  id: 'hermes',
  syntax: 'marked',
  models: 'Hermes 2 Pro/3, Qwen 2.5/3, Ernie 4.5, Granite 4',
  markers: ['<tool_call>'],
  parseAt(context, start) {
    const closed = readClosedSection(context.text, start);
    if (closed !== undefined) return lowerHermesSection(closed.node, closed.end, context);
    const matched = runGrammar<HermesSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerHermes(matched.node, matched.end, context);
  },
  endMarkers: ['</tool_call>'],
  // A payload fenced as markdown (```json) starts after the fence's tag.
  readCallHead(text, start) {
    const from = afterFenceOpener(text, start + OPEN.length);
    return typeof from === 'number' ? readJsonCallHeadBefore(text, from, CLOSE) : from;
  },
  // A payload of several call objects (`{..}, {..}`) starts each after the `}, ` before it.
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, CLOSE, previous.arguments),
};
