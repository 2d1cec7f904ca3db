/**
 * `olmo3`: `<function_calls>get_weather(city='Paris')\nget_time()</function_calls>`, Python calls
 * one a line. AllenAI Olmo 3.
 */
import { parse } from '../../generated/olmo3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Olmo3Section } from './ast.js';
import {
  callsOneALine,
  readNextPythonListHead,
  readPythonBlockHead,
} from '../shared/python-call-head.js';
import { lowerOlmo3, OLMO3_BLOCK } from './lower.js';

/** The olmo3 format. */
export const olmo3: Format = {
  id: 'olmo3',
  syntax: 'marked',
  models: 'AllenAI Olmo 3 Instruct / Think',
  markers: ['<function_calls>'],
  // After its last call a block closes at its close tag (the lowering then says it is closed).
  trailingEndsAt: ['</function_calls>'],
  parseAt(context, start) {
    const matched = runGrammar<Olmo3Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerOlmo3(matched.node, matched.end, context);
  },
  // The first call starts at its `(`; its arguments stream as they are written.
  readCallHead: (text, start) => readPythonBlockHead(text, start, OLMO3_BLOCK.open, 'optional'),
  // Each later call starts at its own `NAME(`, after the line break or `,` after the `)` before
  // it; the lowering names every call of a block it cannot read by these heads.
  readNextCallHead: (text, previous) =>
    readNextPythonListHead(
      text,
      0,
      previous.arguments,
      OLMO3_BLOCK.stop,
      callsOneALine(previous.opening, 0, OLMO3_BLOCK),
    ),
};
