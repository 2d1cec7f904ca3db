/**
 * `minimax_m2`: `<minimax:tool_call><invoke name="f"><parameter name="k">v</parameter></invoke>
 * </minimax:tool_call>`. MiniMax-M2, M2.1, M2.5.
 */
import { parse } from '../../generated/minimax_m2.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readInvokeBlockHead, readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { MinimaxM2Section } from './ast.js';
import { lowerMinimaxM2, MINIMAX_M2_VALUES } from './lower.js';

const OPEN = '<minimax:tool_call>';
const CLOSE = '</minimax:tool_call>';
const SYNTAX: InvokeSyntax = { ...MINIMAX_M2_VALUES, tagPrefix: '', stops: [CLOSE] };

/** The minimax_m2 format. */
export const minimax_m2: Format = {
  id: 'minimax_m2',
  syntax: 'marked',
  models: 'MiniMax-M2, MiniMax-M2.1, MiniMax-M2.5',
  markers: [OPEN],
  parseAt(context, start) {
    const matched = runGrammar<MinimaxM2Section>(parse, context.text, start, 'Section', {
      tagPrefix: SYNTAX.tagPrefix,
      stops: SYNTAX.stops,
    });
    if (matched === undefined) return undefined;
    return lowerMinimaxM2(matched.node, matched.end, context);
  },
  // The close tag is a stop of the invoke grammar: no value, attribute or stray text runs past it.
  endMarkers: [CLOSE],
  // The first invoke starts at its open tag's `>`; its parameters stream as they are written.
  readCallHead: (text, start) => readInvokeBlockHead(text, start, OPEN, SYNTAX),
  // Each later invoke of the block starts at its open tag too, after the previous one's close tag.
  readNextCallHead: (text, previous) => readNextInvokeHead(text, 0, previous.arguments, SYNTAX),
};
