/** `hunyuan_a13b`: `<tool_calls>[{"name": .., "arguments": {..}}, ...]</tool_calls>`. */
import { parse } from '../../generated/hunyuan_a13b.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { HunyuanSection } from './ast.js';
import { lowerHunyuan } from './lower.js';
import { readJsonListCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { TOOL_CALLS_CLOSE as CLOSE, TOOL_CALLS_OPEN as OPEN } from '../shared/tool-calls-tag.js';
import { OPEN_BRACKET } from '../../json/char-codes.js';

/** The hunyuan_a13b format. */
export const hunyuan_a13b: Format = {
  id: 'hunyuan_a13b',
  syntax: 'marked',
  models: 'Tencent Hunyuan-A13B-Instruct',
  markers: [OPEN],
  // Only a list after the tag (the grammar's `&(_ "[")`): objects one a line are minimax's.
  mayOpen: (_marker, next) => next === OPEN_BRACKET,
  // The payload runs to the first close tag whatever it is inside, and what follows is dropped.
  endMarkers: [CLOSE],
  parseAt(context, start) {
    // Fails at once unless a list follows the tag (minimax shares the tag with objects).
    const matched = runGrammar<HunyuanSection>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerHunyuan(matched.node, matched.end, context);
  },
  // The list's first call starts at its arguments' `{`; the list ends at the first close tag.
  readCallHead: (text, start) =>
    startsAt(text, OPEN, start)
      ? readJsonListCallHead(text, start + OPEN.length, CLOSE)
      : undefined,
  // Each later call starts at its own head, after `}, ` (the lowering names its calls by them).
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, CLOSE, previous.arguments),
};
