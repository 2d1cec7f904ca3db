/**
 * `inkling`: Thinking Machines Inkling's typed content blocks, `<|message_model|>get_weather
 * <|content_invoke_tool_json|>{"name": "get_weather", "args": {...}}<|end_message|>`, with
 * reasoning in `<|content_thinking|>` blocks and content in `<|content_text|>` ones.
 */
import { parse } from '../../generated/inkling.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InklingSection } from './ast.js';
import { readInklingHead, readInklingTextHead } from './head.js';
import { lowerInkling } from './lower.js';
import {
  CONTENT_INVOKE_TOOL_JSON,
  CONTENT_INVOKE_TOOL_TEXT,
  CONTENT_TEXT,
  CONTENT_THINKING,
  CONTENT_TOOL_ERROR,
  END_TOKENS,
  MESSAGE_MODEL,
} from './tokens.js';

/** The inkling format: each block is a section (a call, content or reasoning). */
export const inkling: Format = {
  id: 'inkling',
  syntax: 'marked',
  models: 'Thinking Machines Inkling, Inkling-small',
  // A block opens at its message's role token or, the role token left out (or written by the
  // prompt), at its kind token; an end token alone is read as nothing, and the stop token alone
  // ends the turn.
  markers: [
    MESSAGE_MODEL,
    CONTENT_THINKING,
    CONTENT_TEXT,
    CONTENT_INVOKE_TOOL_JSON,
    CONTENT_INVOKE_TOOL_TEXT,
    CONTENT_TOOL_ERROR,
    ...END_TOKENS,
  ],
  parseAt(context, start) {
    const matched = runGrammar<InklingSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerInkling(matched.node, context);
  },
  // A block never reads past its first end token (a header and a body hold no token); the
  // section says whether it is open, so a stream settles each block at the token that ends it.
  endMarkers: END_TOKENS,
  // A call starts once its kind token and `{"name": "f", "args": {` have come.
  readCallHead: readInklingHead,
  // Text and thinking blocks stream from their body's first unit.
  readTextHead: readInklingTextHead,
};
