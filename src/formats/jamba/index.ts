/** `jamba`: `<tool_calls>[{"name": .., "arguments": {..}}, ...]</tool_calls>`. */
import { parse } from '../../generated/jamba.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { JambaSection } from './ast.js';
import { lowerJamba } from './lower.js';
import { readJsonListCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { TOOL_CALLS_CLOSE as CLOSE, TOOL_CALLS_OPEN as OPEN } from '../shared/tool-calls-tag.js';
import { OPEN_BRACKET } from '../../json/char-codes.js';

/** The jamba format. */
export const jamba: Format = {
  id: 'jamba',
  syntax: 'marked',
  models: 'AI21 Jamba 1.5 / 1.6 / 1.7',
  markers: [OPEN],
  // Only a list after the tag (the grammar's `&(_ "[")`): objects one a line are minimax's.
  mayOpen: (_marker, next) => next === OPEN_BRACKET,
  parseAt(context, start) {
    // Fails at once unless a list follows the tag (minimax shares the tag with objects).
    const matched = runGrammar<JambaSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerJamba(matched.node, matched.end, context);
  },
  // The payload is raw text up to the first close tag (a JSON string holding it ends there too),
  // the `[` lookahead stops before it, and the lowering reads only that payload.
  endMarkers: [CLOSE],
  // The list's first call starts at its arguments' `{` (the payload ends at the first close tag).
  readCallHead: (text, start) =>
    startsAt(text, OPEN, start)
      ? readJsonListCallHead(text, start + OPEN.length, CLOSE)
      : undefined,
  // Each later call starts at its own head, after `}, ` (the lowering names its calls by them).
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, CLOSE, previous.arguments),
};
