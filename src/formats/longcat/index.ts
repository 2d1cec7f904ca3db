/** `longcat`: `<longcat_tool_call>{"name": .., "arguments": {..}}</longcat_tool_call>`, repeated. */
import { parse } from '../../generated/longcat.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { LongcatSection } from './ast.js';
import { lowerLongcat } from './lower.js';
import { readJsonCallHeadBefore, readNextJsonListCallHead } from '../../stream/call-head.js';

const OPEN = '<longcat_tool_call>';
const CLOSE = '</longcat_tool_call>';

/** The longcat format. */
export const longcat: Format = {
  id: 'longcat',
  syntax: 'marked',
  models: 'Meituan LongCat-Flash-Chat',
  markers: [OPEN],
  parseAt(context, start) {
    const matched = runGrammar<LongcatSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerLongcat(matched.node, matched.end, context);
  },
  // The payload is raw text up to the first close tag (a JSON string holding it ends there too),
  // and the lowering reads only that payload.
  endMarkers: [CLOSE],
  // The payload is read as hermes reads its own: the same head, up to the close tag.
  readCallHead: (text, start) => readJsonCallHeadBefore(text, start + OPEN.length, CLOSE),
  // A payload of several call objects (`{..}, {..}`) starts each after the `}, ` before it.
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, CLOSE, previous.arguments),
};
