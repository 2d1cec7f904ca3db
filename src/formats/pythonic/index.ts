/**
 * `pythonic`: `[get_weather(city='Paris'), get_time()]`, optionally inside Llama 4's
 * `<|python_start|>` ... `<|python_end|>`. Llama 3.2, Llama 4, ToolACE, BFCL prompts.
 *
 * A bare syntax: a `[` is ordinary text in most outputs, so in `'auto'` mode a pythonic list is
 * only trusted when it is the whole output or follows an intent marker.
 */
import { parse } from '../../generated/pythonic.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { PythonicSection } from './ast.js';
import { lowerPythonic, PYTHON_END } from './lower.js';
import { OPEN_BRACKET } from '../../json/char-codes.js';
import { readPythonBlockHead } from '../shared/python-call-head.js';

const PYTHON_START = '<|python_start|>';

/** The pythonic format. */
export const pythonic: Format = {
  id: 'pythonic',
  syntax: 'bare',
  models: 'Llama 3.2, Llama 4 Scout/Maverick, ToolACE, BFCL-style prompts',
  markers: ['[', PYTHON_START],
  parseAt(context, start) {
    if (!mayStartCalls(context.text, start)) return undefined;
    const matched = runGrammar<PythonicSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerPythonic(matched.node, matched.end, context);
  },
  // A block's first call starts at its `(`: the block is claimed whatever follows (calls, or a
  // body read as malformed). A bare `[` is claimed only if the list reads as calls: no head.
  readCallHead: (text, start) => readPythonBlockHead(text, start, PYTHON_START, 'optional'),
  // A block whose calls are written closes at its end token (or, in a list, at its `]` once
  // that token can no longer follow).
  trailingEndsAt: [PYTHON_END],
};

/**
 * A cheap look at what follows a `[` before running the grammar: `name(` (a dotted name, spaces
 * allowed around it), or only spaces up to the end of the output (a list cut off at its start).
 * Most `[` in prose and code (markdown links, citations, indexing) fail here without a parser run;
 * the look never passes a `[`, so the scan stays linear over all markers.
 */
function mayStartCalls(text: string, start: number): boolean {
  if (text.charCodeAt(start) !== OPEN_BRACKET) return true;
  let index = skipSpaces(text, start + 1);
  if (index === text.length) return true;
  const nameStart = index;
  while (index < text.length && isNameUnit(text.charCodeAt(index))) index += 1;
  if (index === nameStart || !isNameStart(text.charCodeAt(nameStart))) return false;
  index = skipSpaces(text, index);
  return index === text.length || text.charCodeAt(index) === 0x28;
}

// Unit codes, not a regular expression per character: a flood of `[` runs this at each one.

/** `[A-Za-z_]`. */
function isNameStart(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || unit === 0x5f;
}

/** `[\w.-]`: a name start, a digit, `.` or `-`. */
function isNameUnit(unit: number): boolean {
  return isNameStart(unit) || (unit >= 0x30 && unit <= 0x39) || unit === 0x2e || unit === 0x2d;
}

/** Skips what `\s` matches: ASCII white space by its code, any other unit by the expression. */
function skipSpaces(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    const space =
      unit < 0x80
        ? unit === 0x20 || (unit >= 0x09 && unit <= 0x0d)
        : SPACE.test(text.charAt(index));
    if (!space) break;
    index += 1;
  }
  return index;
}

const SPACE = /\s/;
