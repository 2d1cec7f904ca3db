/** `minimax`: `<tool_calls>\n{"name": .., "arguments": {..}}\n{..}\n</tool_calls>`. */
import { parse } from '../../generated/minimax.js';
import type { Format } from '../format.js';
import type { Span } from '../../types.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MinimaxLines, MinimaxSection } from './ast.js';
import { lowerMinimax } from './lower.js';
import { readJsonCallHeadBefore, readNextJsonLineCallHead } from '../../stream/call-head.js';
import { TOOL_CALLS_CLOSE as CLOSE, TOOL_CALLS_OPEN as OPEN } from '../shared/tool-calls-tag.js';
import { OPEN_BRACKET } from '../../json/char-codes.js';
import { startsAt } from '../../starts-at.js';

/** The minimax format. */
export const minimax: Format = {
  id: 'minimax',
  syntax: 'marked',
  models: 'MiniMax-Text-01, MiniMax-M1',
  markers: [OPEN],
  // A list after the tag is jamba's or hunyuan_a13b's (the grammar's `!(_ "[")`).
  mayOpen: (_marker, next) => next !== OPEN_BRACKET,
  parseAt(context, start) {
    const matched = runGrammar<MinimaxSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    // A payload is read on its own so that an object left open stops at </tool_calls>. `Lines`
    // takes any text (what is no object line is its `rest`), so the fallback is never used.
    const readLines = (payload: Span): MinimaxLines =>
      runGrammar<MinimaxLines>(
        parse,
        context.text.slice(payload.start, payload.end),
        0,
        'Lines',
        JSON_EXTENT_OPTIONS,
      )?.node ?? {
        type: 'minimax-lines',
        items: [],
        rest: { start: 0, end: payload.end - payload.start },
      };
    return lowerMinimax(matched.node, readLines, matched.end, context);
  },
  // The payload runs to the first </tool_calls> and its JSON is read on that slice alone.
  endMarkers: [CLOSE],
  // The first call starts at its arguments' `{` (a head never reads past the close tag, where the
  // payload ends); a list gives no head (it is jamba's or hunyuan_a13b's).
  readCallHead: (text, start) =>
    startsAt(text, OPEN, start)
      ? readJsonCallHeadBefore(text, start + OPEN.length, CLOSE)
      : undefined,
  // Each later call starts at its own head, after `}` and a line break (or blanks and commas):
  // the lowering names a call it refuses by that head.
  readNextCallHead: (text, previous) =>
    readNextJsonLineCallHead(text, 0, CLOSE, previous.arguments),
};
