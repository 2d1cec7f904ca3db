/**
 * `minimax_m2`: `<minimax:tool_call><invoke name="f"><parameter name="k">v</parameter></invoke>
 * </minimax:tool_call>`. MiniMax-M2, M2.1, M2.5.
 */
import { parse } from '../../generated/minimax_m2.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { MinimaxM2Section } from './ast.js';
import { lowerMinimaxM2 } from './lower.js';

const OPEN = '<minimax:tool_call>';
const CLOSE = '</minimax:tool_call>';

/** The minimax_m2 format. */
export const minimax_m2: Format = {
  id: 'minimax_m2',
  syntax: 'marked',
  models: 'MiniMax-M2, MiniMax-M2.1, MiniMax-M2.5',
  markers: [OPEN],
  parseAt(context, start) {
    const matched = runGrammar<MinimaxM2Section>(parse, context.text, start, 'Section', {
      tagPrefix: '',
      stops: [CLOSE],
    });
    if (matched === undefined) return undefined;
    return lowerMinimaxM2(matched.node, matched.end, context);
  },
  // The close tag is a stop of the invoke grammar: no value, attribute or stray text runs past it.
  endMarkers: [CLOSE],
};
