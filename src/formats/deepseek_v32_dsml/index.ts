/**
 * `deepseek_v32_dsml`: `<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="k" string="true">v
 * </｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>`. DeepSeek-V3.2, DeepSeek-V3.2-Speciale.
 */
import { parse } from '../../generated/deepseek_v32_dsml.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import {
  DSML_ASCII_PREFIX,
  DSML_PREFIX,
  dsmlBlockTags,
  readDsmlBlockHead,
} from '../shared/dsml.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { DeepseekV32DsmlSection } from './ast.js';
import { lowerDeepseekV32Dsml, DEEPSEEK_V32_DSML_VALUES } from './lower.js';

const TAGS = dsmlBlockTags('function_calls');
const SYNTAX: InvokeSyntax = {
  ...DEEPSEEK_V32_DSML_VALUES,
  tagPrefix: DSML_PREFIX,
  altTagPrefix: DSML_ASCII_PREFIX,
  stops: TAGS.closes,
};

/** The deepseek_v32_dsml format. */
export const deepseek_v32_dsml: Format = {
  id: 'deepseek_v32_dsml',
  syntax: 'marked',
  models: 'DeepSeek-V3.2, DeepSeek-V3.2-Speciale',
  // Each spelling of the block's open tag, without its `>` (models leave it out).
  markers: TAGS.opens,
  parseAt(context, start) {
    const matched = runGrammar<DeepseekV32DsmlSection>(parse, context.text, start, 'Section', {
      tagPrefix: SYNTAX.tagPrefix,
      altTagPrefix: SYNTAX.altTagPrefix,
      stops: SYNTAX.stops,
    });
    if (matched === undefined) return undefined;
    return lowerDeepseekV32Dsml(matched.node, matched.end, context);
  },
  // Values, invoke bodies and the stray text all stop at either close tag (each a grammar stop)
  // and no attribute or tag name holds a `<`: the first close tag is the one that ends the section.
  endMarkers: TAGS.endMarkers,
  // The first invoke starts at its open tag's `>`; its parameters stream as they are written. An
  // open tag written otherwise (no `>`, a `|` after its name) gives its calls whole at the end.
  readCallHead: (text, start) => readDsmlBlockHead(text, start, TAGS.openTags, SYNTAX),
  // Each later invoke of the block starts at its open tag too, after the previous one's close tag.
  readNextCallHead: (text, previous) => readNextInvokeHead(text, 0, previous.arguments, SYNTAX),
};
