/** `granite`: `<|tool_call|>[{"name": .., "arguments": {..}}]` and `<tool_call>[..]</tool_call>`. */
import { parse } from '../../generated/granite.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { firstUnitAfter } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GraniteNode } from './ast.js';
import { lowerGranite } from './lower.js';
import { OPEN_BRACKET } from '../../json/char-codes.js';
import { readJsonListCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';

const SPECIAL_OPEN = '<|tool_call|>';
const TAGGED_OPEN = '<tool_call>';
const TAGGED_CLOSE = '</tool_call>';

/** The granite format. */
export const granite: Format = {
  id: 'granite',
  syntax: 'marked',
  models: 'IBM Granite 3.0 / 3.1 / 3.2 / 3.3',
  markers: [SPECIAL_OPEN, TAGGED_OPEN],
  // `parseAt`'s refusal below, for the scan: a tagged section holds a list.
  mayOpen: (marker, next) => marker !== TAGGED_OPEN || next === OPEN_BRACKET,
  parseAt(context, start) {
    // `<tool_call>` not followed by a list is left to hermes: the grammar's `&(_ "[")`, checked
    // before running it (most `<tool_call>`s hold an object, and auto mode tries granite first).
    // Without a `|` second there is no `<|tool_call|>`, and without a list where `<tool_call>`
    // would end no tagged section either: the grammar would refuse whatever the text starts
    // with, so the look needs no `startsWith`.
    const { text } = context;
    if (
      text.charCodeAt(start + 1) !== 0x7c &&
      firstUnitAfter(text, start + TAGGED_OPEN.length) !== OPEN_BRACKET
    ) {
      return undefined;
    }
    const matched = runGrammar<GraniteNode>(parse, text, start, 'Section', JSON_EXTENT_OPTIONS);
    if (matched === undefined) return undefined;
    return lowerGranite(matched.node, matched.end, context);
  },
  // A tagged payload runs to the first </tool_call> and is read alone. After <|tool_call|> the
  // list's extent comes from a JSON scan that nothing closes: that marker gets none.
  endMarkers: { [TAGGED_OPEN]: [TAGGED_CLOSE] },
  // The tagged list's first call starts at its arguments' `{`. After <|tool_call|> a list its
  // grammar cannot read leaves the section ending before it, the list then being content: a call
  // started from its head would have been announced out of content, so that form comes whole.
  readCallHead: (text, start) =>
    startsAt(text, TAGGED_OPEN, start)
      ? readJsonListCallHead(text, start + TAGGED_OPEN.length, TAGGED_CLOSE)
      : undefined,
  // Each later call of a tagged list starts at its own head, after `}, ` (the lowering names its
  // calls by them); only a tagged section's first call was started.
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, TAGGED_CLOSE, previous.arguments),
};
