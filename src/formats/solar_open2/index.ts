/**
 * `solar_open2`: `<|tool_call:start|>NAME\n<|tool_arg:start|>KEY<|tool_arg:value|>VALUE
 * <|tool_arg:end|><|tool_call:end|>`, each call its own section; reasoning in `<|think:start|>`
 * ... `<|think:end|>`. Upstage Solar Open 2.
 */
import { parse } from '../../generated/solar_open2.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import { startsAt } from '../../starts-at.js';
import type { SolarOpen2Node } from './ast.js';
import { CALL_END, CALL_START, readSolarOpen2Head } from './head.js';
import { lowerSolarOpen2 } from './lower.js';

/** The token that opens a reasoning block the model writes itself. */
const THINK_START = '<|think:start|>';
/** The token that ends it. */
const THINK_END = '<|think:end|>';

/** The solar_open2 format. */
export const solar_open2: Format = {
  id: 'solar_open2',
  syntax: 'marked',
  models: 'Upstage Solar Open 2',
  // The reasoning opener is this format's token: its block is read as reasoning, never as calls.
  markers: [CALL_START, THINK_START],
  parseAt(context, start) {
    const matched = runGrammar<SolarOpen2Node>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerSolarOpen2(matched.node, context);
  },
  // Names, keys, values and text between pairs all stop at <|tool_call:end|>, which ends the
  // call; a reasoning block at its end token or a call's start token.
  endMarkers: { [CALL_START]: [CALL_END], [THINK_START]: [THINK_END, CALL_START] },
  // The call starts once its name's line has ended, its values streamed as they are written.
  readCallHead: readSolarOpen2Head,
  // The reasoning streams as it is written.
  readTextHead(text, start) {
    if (!startsAt(text, THINK_START, start)) return undefined;
    return { kind: 'reasoning', start: start + THINK_START.length, stops: [THINK_END, CALL_START] };
  },
};
