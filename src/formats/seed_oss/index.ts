/**
 * `seed_oss`: `<seed:tool_call><function=NAME><parameter=KEY>VALUE</parameter></function>
 * </seed:tool_call>`, reasoning in `<seed:think>`. ByteDance Seed-OSS.
 */
import { parse } from '../../generated/seed_oss.js';
import type { Format } from '../format.js';
import { skipBlanks } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import { readNextXmlFunctionHead, readXmlFunctionHead } from '../shared/xml-function-head.js';
import type { SeedOssNode } from './ast.js';
import { lowerSeedOss } from './lower.js';

/** The seed_oss format. */
export const seed_oss: Format = {
  id: 'seed_oss',
  syntax: 'marked',
  models: 'Seed-OSS-36B',
  // <seed:think> is this format's reasoning token: its block is read as reasoning, never as calls.
  markers: ['<seed:tool_call>', '<seed:think>'],
  parseAt(context, start) {
    const matched = runGrammar<SeedOssNode>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerSeedOss(matched.node, context);
  },
  // Each block's raw text stops at its own close tag. Per marker: a value may hold </seed:think>
  // and a reasoning block </seed:tool_call>, so neither tag ends the other block.
  endMarkers: {
    '<seed:tool_call>': ['</seed:tool_call>'],
    '<seed:think>': ['</seed:think>'],
  },
  // The first function of a <seed:tool_call> starts at its tag (blank text before it is allowed;
  // other text makes the section malformed, and then no head is read).
  readCallHead(text, start) {
    if (!text.startsWith(TOOL_CALL_OPEN, start)) return undefined;
    const at = skipBlanks(text, start + TOOL_CALL_OPEN.length);
    return readXmlFunctionHead(text, at, 'verbatim');
  },
  // Each later function of the section starts at its tag too, after the previous one's
  // </function> and blanks.
  readNextCallHead: (text, previous) =>
    readNextXmlFunctionHead(text, 0, previous.arguments, 'verbatim'),
};

const TOOL_CALL_OPEN = '<seed:tool_call>';
