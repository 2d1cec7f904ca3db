/**
 * `lfm2`: `<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|>`, Python calls (or
 * JSON call objects) between Liquid AI's tool-call tokens. LFM2, LFM2.5.
 */
import { parse } from '../../generated/lfm2.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Lfm2Section } from './ast.js';
import { lowerLfm2, readLfm2Head, readNextLfm2Head } from './lower.js';

/** The lfm2 format. */
export const lfm2: Format = {
  id: 'lfm2',
  syntax: 'marked',
  models: 'Liquid AI LFM2, LFM2.5',
  markers: ['<|tool_call_start|>'],
  // After its last call a block closes at its end token (the lowering then says it is closed).
  trailingEndsAt: ['<|tool_call_end|>'],
  parseAt(context, start) {
    const matched = runGrammar<Lfm2Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerLfm2(matched.node, matched.end, context);
  },
  // A Python call list's first call starts at its `(`, a JSON one at its arguments' `{`; their
  // arguments stream as they are written.
  readCallHead: readLfm2Head,
  // Each later call of a list starts at its own head, after `), ` or `}, `; the lowering names
  // every call of a list it cannot read by these heads.
  readNextCallHead: (text, previous) => readNextLfm2Head(text, 0, previous.arguments),
};
