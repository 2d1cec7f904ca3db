/**
 * `deepseek_v3`: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{...}\n```
 * <｜tool▁call▁end｜>...<｜tool▁calls▁end｜>`. DeepSeek V3 and R1-0528.
 */
import { parse } from '../../generated/deepseek_v3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { DeepSeekV3Section } from './ast.js';
import { lowerDeepSeekV3 } from './lower.js';

/** The deepseek_v3 format; it declines V3.1 sections (same opening token) by their first call. */
export const deepseek_v3: Format = {
  id: 'deepseek_v3',
  syntax: 'marked',
  models: 'DeepSeek V3, DeepSeek R1-0528',
  markers: ['<｜tool▁calls▁begin｜>'],
  parseAt(context, start) {
    const matched = runGrammar<DeepSeekV3Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerDeepSeekV3(matched.node, matched.end, context);
  },
};
