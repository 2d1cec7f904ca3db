/**
 * `deepseek_v4_dsml`: `<｜DSML｜tool_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="k" string="true">v
 * </｜DSML｜parameter></｜DSML｜invoke></｜DSML｜tool_calls>`. DeepSeek-V4, DeepSeek-V4-Flash.
 */
import { parse } from '../../generated/deepseek_v4_dsml.js';
import type { Format } from '../format.js';
import { startsAt } from '../../starts-at.js';
import { runGrammar } from '../shared/run-grammar.js';
import {
  DSML_ASCII_PREFIX,
  DSML_PREFIX,
  dsmlBlockTags,
  readDsmlBlockHead,
} from '../shared/dsml.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { DeepseekV4DsmlNode } from './ast.js';
import { lowerDeepseekV4Dsml, DEEPSEEK_V4_DSML_VALUES } from './lower.js';

// Its own block name first: the stream reads a head only after a canonical open tag.
const TAGS = dsmlBlockTags('tool_calls', 'function_calls');
const SYNTAX: InvokeSyntax = {
  ...DEEPSEEK_V4_DSML_VALUES,
  tagPrefix: DSML_PREFIX,
  altTagPrefix: DSML_ASCII_PREFIX,
  stops: TAGS.closes,
};
/** The open tags of an invoke written without its block (the older direct form). */
const INVOKE_OPENS = [`<${DSML_PREFIX}invoke`, `<${DSML_ASCII_PREFIX}invoke`];
/** The grammar's options for a block. */
const BLOCK_OPTIONS = {
  tagPrefix: SYNTAX.tagPrefix,
  altTagPrefix: SYNTAX.altTagPrefix,
  stops: SYNTAX.stops,
};
/**
 * The grammar's options for an invoke without its block: the next invoke's open tag is a stop too. Not closed, the invoke
 * is text and the scan tries that tag next; without this stop it read the rest of the output
 * again from each one.
 */
const DIRECT_OPTIONS = { ...BLOCK_OPTIONS, stops: [...SYNTAX.stops, ...INVOKE_OPENS] };

/** The deepseek_v4_dsml format. */
export const deepseek_v4_dsml: Format = {
  id: 'deepseek_v4_dsml',
  syntax: 'marked',
  models: 'DeepSeek-V4, DeepSeek-V4-Flash',
  // Each spelling of the block's open tag, without its `>` (models leave it out), and an invoke
  // written without the block (the older direct form).
  markers: [...TAGS.opens, ...INVOKE_OPENS],
  parseAt(context, start) {
    const { text } = context;
    const direct = INVOKE_OPENS.some((open) => startsAt(text, open, start));
    const options = direct ? DIRECT_OPTIONS : BLOCK_OPTIONS;
    const matched = runGrammar<DeepseekV4DsmlNode>(parse, text, start, 'Section', options);
    if (matched === undefined) return undefined;
    return lowerDeepseekV4Dsml(matched.node, matched.end, context);
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
