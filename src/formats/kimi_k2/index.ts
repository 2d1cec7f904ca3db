/**
 * `kimi_k2`: `<|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX
 * <|tool_call_argument_begin|>{...}<|tool_call_end|>...<|tool_calls_section_end|>`.
 * Moonshot Kimi K2 and K2.5.
 */
import { parse } from '../../generated/kimi_k2.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { KimiSection } from './ast.js';
import { lowerKimi } from './lower.js';

/** The kimi_k2 format. */
export const kimi_k2: Format = {
  id: 'kimi_k2',
  syntax: 'marked',
  models: 'Kimi K2 (Instruct, Thinking), Kimi K2.5',
  markers: ['<|tool_calls_section_begin|>', '<|tool_call_section_begin|>'],
  parseAt(context, start) {
    const matched = runGrammar<KimiSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerKimi(matched.node, matched.end, context);
  },
  // Ids, payloads and stray text all stop at either spelling of the section's end token, which
  // the grammar then consumes: the first one ends the section, whichever open token began it.
  endMarkers: ['<|tool_calls_section_end|>', '<|tool_call_section_end|>'],
};
