/**
 * `nemotron_json`: `<TOOLCALL>[{"name": .., "arguments": {..}}, ...]</TOOLCALL>`. NVIDIA
 * Llama-Nemotron (Nano 4B v1.1, Super 49B, Ultra 253B) and Nemotron Nano 9B / 12B v2.
 */
import { parse } from '../../generated/nemotron_json.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { NemotronJsonSection } from './ast.js';
import { lowerNemotronJson, TOOLCALL_CLOSE, TOOLCALL_OPEN } from './lower.js';
import { readJsonListOrCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';

/**
 * Where a block's payload ends: its close tag, or the next block's open tag where the model left
 * the close out (the grammar's `Payload`).
 */
const PAYLOAD_STOPS: readonly string[] = [TOOLCALL_CLOSE, TOOLCALL_OPEN];

/** The nemotron_json format. */
export const nemotron_json: Format = {
  id: 'nemotron_json',
  syntax: 'marked',
  models: 'NVIDIA Llama-Nemotron Nano 4B v1.1 / Super 49B / Ultra 253B, Nemotron Nano 9B/12B v2',
  markers: [TOOLCALL_OPEN],
  parseAt(context, start) {
    const matched = runGrammar<NemotronJsonSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerNemotronJson(matched.node, matched.end, context);
  },
  // The payload is raw text up to the first of its stops (a JSON string holding one ends there
  // too), and the lowering reads only that payload.
  endMarkers: PAYLOAD_STOPS,
  // The first call starts at its arguments' `{`: in the list, or in a call object written
  // without one (the lowering names a refused call by that head).
  readCallHead: (text, start) =>
    startsAt(text, TOOLCALL_OPEN, start)
      ? readJsonListOrCallHead(text, start + TOOLCALL_OPEN.length, PAYLOAD_STOPS)
      : undefined,
  // Each later call starts at its own head, after `}, ` (the lowering names its calls by them),
  // whether the list's brackets were written or not.
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, PAYLOAD_STOPS, previous.arguments),
};
