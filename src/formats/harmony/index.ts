/**
 * `harmony`: gpt-oss messages, `<|channel|>commentary to=functions.NAME <|constrain|>json
 * <|message|>{...}<|call|>`, with `analysis` reasoning and `final` content. gpt-oss-20b/120b.
 */
import { parse } from '../../generated/harmony.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { HarmonySection } from './ast.js';
import { lowerHarmony } from './lower.js';
import { readHarmonyHead, readHarmonyTextHead } from './head.js';

/** The harmony format: each message is a section (a call, content or reasoning). */
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
  // A header holds no `<|`, and a body ends at the first of these (or earlier, where the next
  // message starts): a stream settles each message at its end token.
  endMarkers: ['<|end|>', '<|call|>', '<|return|>'],
  // A call message starts once its header and the `{` of its arguments have come.
  readCallHead: readHarmonyHead,
  // Reasoning and content stream from the body's first unit once their header has come.
  readTextHead: readHarmonyTextHead,
};
