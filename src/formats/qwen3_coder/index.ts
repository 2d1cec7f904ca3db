/**
 * `qwen3_coder`: `<tool_call><function=NAME><parameter=KEY>VALUE</parameter></function></tool_call>`.
 * Qwen3-Coder, Qwen3.5, Nemotron 3, Step 3.5.
 */
import { parse } from '../../generated/qwen3_coder.js';
import type { Format } from '../format.js';
import { firstUnitAfter, skipBlanks } from '../shared/blanks.js';
import { readNextXmlFunctionHead, readXmlFunctionHead } from '../shared/xml-function-head.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Qwen3CoderNode } from './ast.js';
import { lowerQwen3Coder } from './lower.js';

const FUNCTION_OPEN = '<function=';
const PARAMETER_OPEN = '<parameter=';
const TOOL_CALL_OPEN = '<tool_call>';

/** The qwen3_coder format. */
export const qwen3_coder: Format = {
  id: 'qwen3_coder',
  syntax: 'marked',
  models: 'Qwen3-Coder, Qwen3.5, Nemotron 3, Step 3.5',
  // `<function=` alone: models sometimes leave out the opening <tool_call>; `<parameter=` alone:
  // some also write the function's tag that way (the grammar's `MisnamedFunction`).
  markers: [TOOL_CALL_OPEN, FUNCTION_OPEN, PARAMETER_OPEN],
  // `parseAt`'s refusal below, for the scan: a <tool_call> opens this syntax only before a tag
  // (or at the end of the output, where the grammar reports the cut-off section).
  mayOpen: (marker, next) => marker !== TOOL_CALL_OPEN || opensTag(next),
  parseAt(context, start) {
    const { text } = context;
    // Its second unit first: at a <tool_call> (the usual marker) no `startsWith` runs.
    const second = text.charCodeAt(start + 1);
    const misnamed = second === 0x70 && text.startsWith(PARAMETER_OPEN, start);
    const bare = misnamed || (second === 0x66 && text.startsWith(FUNCTION_OPEN, start));
    const rule = bare ? 'BareFunction' : 'Section';
    // Most <tool_call>s hold JSON (hermes): a first non-blank character other than "<" is not
    // this syntax, and is refused before running the grammar.
    if (!bare && !opensTag(firstUnitAfter(text, start + TOOL_CALL_OPEN.length))) return undefined;
    // A bare misnamed function ends at the next tag that may open another (`BoundingTag`): not
    // closed, it is text, and the scan tries that tag next without reading past it again.
    const options = misnamed ? MISNAMED_BOUND : NO_OPTIONS;
    const matched = runGrammar<Qwen3CoderNode>(parse, text, start, rule, options);
    if (matched === undefined) return undefined;
    return lowerQwen3Coder(matched.node, context);
  },
  // Values, names and stray text all stop at </tool_call>, which then closes the section. A bare
  // <function=...> gets none: it usually ends at </function> with no </tool_call> to come, and a
  // stream decides it once text follows, rather than waiting for an end marker until the end.
  endMarkers: { [TOOL_CALL_OPEN]: ['</tool_call>'] },
  // The first function of a <tool_call> starts at its tag; a bare <function=...> is trusted only
  // once it proves clean, so it comes whole.
  readCallHead(text, start) {
    if (!text.startsWith(TOOL_CALL_OPEN, start)) return undefined;
    const at = skipBlanks(text, start + TOOL_CALL_OPEN.length);
    return readXmlFunctionHead(text, at, 'own-lines');
  },
  // Each later function of the section starts at its tag too, after the previous one's
  // </function> and blanks.
  readNextCallHead: (text, previous) =>
    readNextXmlFunctionHead(text, 0, previous.arguments, 'own-lines'),
};

const MISNAMED_BOUND = { misnamedBound: true };
const NO_OPTIONS = {};

/** Whether the first unit after `<tool_call>` is `<` (or the output ends there): this syntax's tags. */
function opensTag(next: number): boolean {
  return next === 0x3c || next === -1;
}
