/**
 * `deepseek_v32_dsml`: `<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="k" string="true">v
 * </｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>`. DeepSeek-V3.2, DeepSeek-V3.2-Speciale.
 */
import { parse } from '../../generated/deepseek_v32_dsml.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { DeepseekV32DsmlSection } from './ast.js';
import { lowerDeepseekV32Dsml } from './lower.js';

/** The deepseek_v32_dsml format. */
export const deepseek_v32_dsml: Format = {
  id: 'deepseek_v32_dsml',
  syntax: 'marked',
  models: 'DeepSeek-V3.2, DeepSeek-V3.2-Speciale',
  markers: ['<｜DSML｜function_calls>'],
  parseAt(context, start) {
    const matched = runGrammar<DeepseekV32DsmlSection>(parse, context.text, start, 'Section', {
      tagPrefix: '｜DSML｜',
      stops: ['</｜DSML｜function_calls>'],
    });
    if (matched === undefined) return undefined;
    return lowerDeepseekV32Dsml(matched.node, matched.end, context);
  },
  // Values, invoke bodies and the stray text all stop at the close tag (it is a grammar stop) and
  // no attribute or tag name holds a `<`: the first close tag is the one that ends the section.
  endMarkers: ['</｜DSML｜function_calls>'],
};
