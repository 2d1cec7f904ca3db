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
import { lowerPythonic } from './lower.js';

/** The pythonic format. */
export const pythonic: Format = {
  id: 'pythonic',
  syntax: 'bare',
  models: 'Llama 3.2, Llama 4 Scout/Maverick, ToolACE, BFCL-style prompts',
  markers: ['[', '<|python_start|>'],
  parseAt(context, start) {
    if (!mayStartCalls(context.text, start)) return undefined;
    const matched = runGrammar<PythonicSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerPythonic(matched.node, matched.end, context);
  },
};

/**
 * A cheap look at what follows a `[` before running the grammar: `name(` (a dotted name, spaces
 * allowed around it), or only spaces up to the end of the output (a list cut off at its start).
 * Most `[` in prose and code (markdown links, citations, indexing) fail here without a parser run;
 * the look never passes a `[`, so the scan stays linear over all markers.
 */
function mayStartCalls(text: string, start: number): boolean {
  if (text.charCodeAt(start) !== 0x5b) return true;
  let index = skipSpaces(text, start + 1);
  if (index === text.length) return true;
  const nameStart = index;
  while (index < text.length && NAME_CHARACTER.test(text.charAt(index))) index += 1;
  if (index === nameStart || !/[a-z_]/i.test(text.charAt(nameStart))) return false;
  index = skipSpaces(text, index);
  return index === text.length || text.charCodeAt(index) === 0x28;
}

const NAME_CHARACTER = /[\w.-]/;

function skipSpaces(text: string, from: number): number {
  let index = from;
  while (index < text.length && /\s/.test(text.charAt(index))) index += 1;
  return index;
}
