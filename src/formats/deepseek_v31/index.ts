/**
 * `deepseek_v31`: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{...}<｜tool▁call▁end｜>
 * ...<｜tool▁calls▁end｜>`. DeepSeek V3.1 and V3.1-Terminus.
 */
import { parse } from '../../generated/deepseek_v31.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { DeepSeekV31Section } from './ast.js';
import { lowerDeepSeekV31 } from './lower.js';

/** The deepseek_v31 format (tried after deepseek_v3, which shares its opening token). */
export const deepseek_v31: Format = {
  id: 'deepseek_v31',
  syntax: 'marked',
  models: 'DeepSeek V3.1, V3.1-Terminus',
  markers: ['<｜tool▁calls▁begin｜>'],
  parseAt(context, start) {
    const matched = runGrammar<DeepSeekV31Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerDeepSeekV31(matched.node, matched.end, context);
  },
};
