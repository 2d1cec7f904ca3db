/**
 * `dots`: `<dots_function_call><invoke name="f"><parameter name="k">v</parameter></invoke>
 * </dots_function_call>`, or one JSON call object in the block. rednote's dots models.
 */
import { parse } from '../../generated/dots.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readInvokeBlockHead, readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { DotsSection } from './ast.js';
import { lowerDots, DOTS_VALUES } from './lower.js';

const OPEN = '<dots_function_call>';
const CLOSE = '</dots_function_call>';
const SYNTAX: InvokeSyntax = { ...DOTS_VALUES, tagPrefix: '', stops: [CLOSE] };
/** The grammar's options: invoke tags with no prefix, and the close tag no value runs past. */
const OPTIONS = { tagPrefix: SYNTAX.tagPrefix, stops: SYNTAX.stops };

/** The dots format. */
export const dots: Format = {
  id: 'dots',
  syntax: 'marked',
  models: "rednote's dots models",
  markers: [OPEN],
  parseAt(context, start) {
    const matched = runGrammar<DotsSection>(parse, context.text, start, 'Section', OPTIONS);
    if (matched === undefined) return undefined;
    return lowerDots(matched.node, matched.end, context);
  },
  // The close tag is a stop of the invoke grammar, and a JSON body is raw text up to it: nothing
  // runs past the first one.
  endMarkers: [CLOSE],
  // The first invoke starts at its open tag's `>`; its parameters stream as they are written. A
  // JSON body comes whole when the block ends.
  readCallHead: (text, start) => readInvokeBlockHead(text, start, OPEN, SYNTAX),
  // Each later invoke of the block starts at its open tag too, after the previous one's close tag.
  readNextCallHead: (text, previous) => readNextInvokeHead(text, 0, previous.arguments, SYNTAX),
};
