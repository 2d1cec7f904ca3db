/**
 * `glm45`: `<tool_call>NAME<arg_key>KEY</arg_key><arg_value>VALUE</arg_value></tool_call>`.
 * GLM-4.5, GLM-4.6, GLM-4.7.
 */
import { parse } from '../../generated/glm45.js';
import type { Format } from '../format.js';
import { firstUnitAfter } from '../shared/blanks.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Glm45Section } from './ast.js';
import { lowerGlm45 } from './lower.js';
import { readGlmHead } from './head.js';
import { BACKTICK, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../../json/char-codes.js';

/** The glm45 format. */
export const glm45: Format = {
  id: 'glm45',
  syntax: 'marked',
  models: 'GLM-4.5, GLM-4.6, GLM-4.7',
  markers: ['<tool_call>'],
  // `parseAt`'s refusal below, for the scan: JSON after the tag is hermes' or granite's.
  mayOpen: (_marker, next) => !opensJson(next),
  parseAt(context, start) {
    // A <tool_call> holding JSON (hermes, granite) is refused before running the grammar.
    if (opensJson(firstUnitAfter(context.text, start + '<tool_call>'.length))) return undefined;
    const matched = runGrammar<Glm45Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerGlm45(matched.node, context);
  },
  // Keys, values and stray text are raw text that stops at </tool_call>, which closes the section.
  endMarkers: ['</tool_call>'],
  // The call starts at its first <arg_key>, its values streamed as they are written.
  readCallHead: readGlmHead,
};

/**
 * Whether the first unit after the tag opens JSON (`{`, `[` or `"`) or a markdown fence around it
 * (a backtick, which the grammar's `Name` excludes): hermes' or granite's call.
 */
function opensJson(next: number): boolean {
  return next === OPEN_BRACE || next === OPEN_BRACKET || next === QUOTE || next === BACKTICK;
}
