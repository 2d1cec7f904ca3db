/**
 * `deepseek_v4_dsml`: `<｜DSML｜tool_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="k" string="true">v
 * </｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>`. DeepSeek-V4, DeepSeek-V4-Flash.
 */
import { parse } from '../../generated/deepseek_v4_dsml.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readInvokeBlockHead, readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { DeepseekV4DsmlSection } from './ast.js';
import { lowerDeepseekV4Dsml, DEEPSEEK_V4_DSML_VALUES } from './lower.js';

const OPEN = '<｜DSML｜tool_calls>';
const CLOSE = '</｜DSML｜tool_calls>';
const SYNTAX: InvokeSyntax = { ...DEEPSEEK_V4_DSML_VALUES, tagPrefix: '｜DSML｜', stops: [CLOSE] };

/** The deepseek_v4_dsml format. */
export const deepseek_v4_dsml: Format = {
  id: 'deepseek_v4_dsml',
  syntax: 'marked',
  models: 'DeepSeek-V4, DeepSeek-V4-Flash',
  markers: [OPEN],
  parseAt(context, start) {
    const matched = runGrammar<DeepseekV4DsmlSection>(parse, context.text, start, 'Section', {
      tagPrefix: SYNTAX.tagPrefix,
      stops: SYNTAX.stops,
    });
    if (matched === undefined) return undefined;
    return lowerDeepseekV4Dsml(matched.node, matched.end, context);
  },
  // Values, invoke bodies and the stray text all stop at the close tag (it is a grammar stop) and
  // no attribute or tag name holds a `<`: the first close tag is the one that ends the section.
  endMarkers: [CLOSE],
  // The first invoke starts at its open tag's `>`; its parameters stream as they are written.
  readCallHead: (text, start) => readInvokeBlockHead(text, start, OPEN, SYNTAX),
  // Each later invoke of the block starts at its open tag too, after the previous one's close tag.
  readNextCallHead: (text, previous) => readNextInvokeHead(text, 0, previous.arguments, SYNTAX),
};
