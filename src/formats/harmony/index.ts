/**
 * `harmony`: gpt-oss messages, `<|channel|>commentary to=functions.NAME <|constrain|>json
 * <|message|>{...}<|call|>`, with `analysis` reasoning and `final` content. gpt-oss-20b/120b.
 */
import { parse } from '../../generated/harmony.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { HarmonySection } from './ast.js';
import { lowerHarmony } from './lower.js';

/** The harmony format: a run of messages is one section (calls, content and reasoning). */
export const harmony: Format = {
  id: 'harmony',
  syntax: 'marked',
  models: 'gpt-oss-20b, gpt-oss-120b',
  markers: ['<|start|>', '<|channel|>'],
  parseAt(context, start) {
    const matched = runGrammar<HarmonySection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerHarmony(matched.node, matched.end, context);
  },
};
