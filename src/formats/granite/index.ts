/** `granite`: `<|tool_call|>[{"name": .., "arguments": {..}}]` and `<tool_call>[..]</tool_call>`. */
import { parse } from '../../generated/granite.js';
import type { Format } from '../format.js';
import { JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { firstUnitAfter } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GraniteNode } from './ast.js';
import { lowerGranite } from './lower.js';
import { OPEN_BRACKET } from '../../json/char-codes.js';
import {
  readJsonListCallHead,
  readJsonListOrCallHead,
  readNextJsonListCallHead,
} from '../../stream/call-head.js';
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
  // The first call starts at its arguments' `{`: in a tagged list, and after <|tool_call|> in a
  // list or a lone call object (the lowering names a call object it refuses by its head, and a
  // list it cannot read claims its balanced extent and refuses the calls its heads name).
  readCallHead: (text, start) => {
    if (startsAt(text, TAGGED_OPEN, start)) {
      return readJsonListCallHead(text, start + TAGGED_OPEN.length, TAGGED_CLOSE);
    }
    if (!startsAt(text, SPECIAL_OPEN, start)) return undefined;
    const from = start + SPECIAL_OPEN.length;
    return readJsonListOrCallHead(text, from);
  },
  // Each later call of a list starts at its own head, after `}, ` (the lowering names its calls
  // by them). A lone object after <|tool_call|> is the section's only call.
  readNextCallHead: (text, previous) => {
    if (!startsAt(previous.opening, SPECIAL_OPEN, 0)) {
      return readNextJsonListCallHead(text, 0, TAGGED_CLOSE, previous.arguments);
    }
    return firstUnitAfter(previous.opening, SPECIAL_OPEN.length) === OPEN_BRACKET
      ? readNextJsonListCallHead(text, 0)
      : undefined;
  },
};
