/** `hunyuan_a13b`: `<tool_calls>[{"name": .., "arguments": {..}}, ...]</tool_calls>`. */
import { parse } from '../../generated/hunyuan_a13b.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { HunyuanSection } from './ast.js';
import { lowerHunyuan } from './lower.js';

/** The hunyuan_a13b format. */
export const hunyuan_a13b: Format = {
  id: 'hunyuan_a13b',
  syntax: 'marked',
  models: 'Tencent Hunyuan-A13B-Instruct',
  markers: ['<tool_calls>'],
  parseAt(context, start) {
    // Fails at once unless a list follows the tag (minimax shares the tag with objects).
    const matched = runGrammar<HunyuanSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerHunyuan(matched.node, matched.end, context);
  },
};
