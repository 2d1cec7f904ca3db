/**
 * `step3`: `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="f">
 * <steptml:parameter name="k">v</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`.
 * StepFun Step-3, Step-3.5.
 */
import { parse } from '../../generated/step3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import type { Step3Section } from './ast.js';
import { readStep3Head, readStep3NextHead } from './head.js';
import { lowerStep3, STEP3_VALUES } from './lower.js';

const SYNTAX: InvokeSyntax = {
  ...STEP3_VALUES,
  tagPrefix: 'steptml:',
  stops: ['<｜tool_call_end｜>', '<｜tool_calls_end｜>', '<｜tool_call_begin｜>'],
};

/** The step3 format. */
export const step3: Format = {
  id: 'step3',
  syntax: 'marked',
  models: 'StepFun Step-3, Step-3.5',
  markers: ['<｜tool_calls_begin｜>'],
  parseAt(context, start) {
    const matched = runGrammar<Step3Section>(parse, context.text, start, 'Section', {
      tagPrefix: SYNTAX.tagPrefix,
      stops: SYNTAX.stops,
    });
    if (matched === undefined) return undefined;
    return lowerStep3(matched.node, matched.end, context);
  },
  // Invokes (whose stops include it), stray call text and the section's rest all end at the
  // first <｜tool_calls_end｜>, which the grammar then consumes; nothing is read after it.
  endMarkers: ['<｜tool_calls_end｜>'],
  // The first call starts at its invoke's `>`; its parameters stream as they are written.
  readCallHead: (text, start) => readStep3Head(text, start, SYNTAX),
  // Each later call starts at its invoke's open tag too, after the previous call's end tokens.
  readNextCallHead: (text, previous) => readStep3NextHead(text, 0, previous.arguments, SYNTAX),
};
