/**
 * `gigachat35`: `<｜GCML｜tool_calls><｜GCML｜invoke name="f"><｜GCML｜parameter name="k" string="true">v
 * </｜GCML｜parameter></｜GCML｜invoke></｜GCML｜tool_calls>`. GigaChat 3.5.
 */
import { parse } from '../../generated/gigachat35.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readInvokeBlockHead, readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { Gigachat35Section } from './ast.js';
import { lowerGigachat35, GIGACHAT35_VALUES } from './lower.js';

const PREFIX = '｜GCML｜';
const OPEN = `<${PREFIX}tool_calls>`;
const CLOSE = `</${PREFIX}tool_calls>`;
const SYNTAX: InvokeSyntax = { ...GIGACHAT35_VALUES, tagPrefix: PREFIX, stops: [CLOSE] };
/** The grammar's options: the invokes' tag prefix, and the close tag no value runs past. */
const OPTIONS = { tagPrefix: SYNTAX.tagPrefix, stops: SYNTAX.stops };

/** The gigachat35 format. */
export const gigachat35: Format = {
  id: 'gigachat35',
  syntax: 'marked',
  models: 'GigaChat 3.5',
  markers: [OPEN],
  parseAt(context, start) {
    const matched = runGrammar<Gigachat35Section>(parse, context.text, start, 'Section', OPTIONS);
    if (matched === undefined) return undefined;
    return lowerGigachat35(matched.node, matched.end, context);
  },
  // Values, invoke bodies and the stray text all stop at the close tag (a grammar stop) and no
  // attribute or tag name holds a `<`: the first close tag is the one that ends the section.
  endMarkers: [CLOSE],
  // The first invoke starts at its open tag's `>`; its parameters stream as they are written.
  readCallHead: (text, start) => readInvokeBlockHead(text, start, OPEN, SYNTAX),
  // Each later invoke of the block starts at its open tag too, after the previous one's close tag.
  readNextCallHead: (text, previous) => readNextInvokeHead(text, 0, previous.arguments, SYNTAX),
};
