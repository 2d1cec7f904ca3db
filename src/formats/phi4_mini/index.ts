/** `phi4_mini`: `functools[{"name": .., "arguments": {..}}, ...]`. */
import { parse } from '../../generated/phi4_mini.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Phi4MiniSection } from './ast.js';
import { lowerPhi4Mini } from './lower.js';
import { readJsonListCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';

const FUNCTOOLS = 'functools';

/** The phi4_mini format. */
export const phi4_mini: Format = {
  id: 'phi4_mini',
  syntax: 'marked',
  models: 'Microsoft Phi-4-mini-instruct',
  markers: [FUNCTOOLS],
  // The grammar's `"functools" _ Body` fails unless `[` comes after blanks. Every unit of
  // `functools` is common in prose (the search stopped at each `f`); `[` is rarer.
  markerFollowedBy: '[',
  parseAt(context, start) {
    const matched = runGrammar<Phi4MiniSection>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    return lowerPhi4Mini(matched.node, matched.end, context);
  },
  // The list's first call starts at its arguments' `{` (the list ends where its JSON scan ends).
  readCallHead: (text, start) =>
    startsAt(text, FUNCTOOLS, start)
      ? readJsonListCallHead(text, start + FUNCTOOLS.length)
      : undefined,
  // Each later call starts at its own head, after `}, ` (the lowering names its calls by them).
  readNextCallHead: (text) => readNextJsonListCallHead(text, 0),
};
