/**
 * `gigachat3`: `<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": ..., "arguments": {...}}`,
 * optionally ended by `</s>`. GigaChat 3.
 */
import { parse } from '../../generated/gigachat3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { GigaChat3Header } from './ast.js';
import { lowerGigaChat3 } from './lower.js';
import { readGigaChat3Head } from './head.js';

/** The gigachat3 format; a message in any other role is not this syntax. */
export const gigachat3: Format = {
  id: 'gigachat3',
  syntax: 'marked',
  models: 'GigaChat 3 (10B-A1.8B, 702B-A36B)',
  markers: ['<|message_sep|>'],
  parseAt(context, start) {
    const matched = runGrammar<GigaChat3Header>(parse, context.text, start, 'Header');
    if (matched === undefined) return undefined;
    return lowerGigaChat3(matched.node, context);
  },
  // The call starts at its arguments' `{`, after the header and the call object's name.
  readCallHead: readGigaChat3Head,
};
