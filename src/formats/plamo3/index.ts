/**
 * `plamo3`: `<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|>
 * <|plamo:begin_tool_name:plamo|>NAME<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>
 * <|plamo:constrain|>json<|plamo:msg|>{...}<|plamo:end_tool_arguments:plamo|>
 * <|plamo:end_tool_request:plamo|>...<|plamo:end_tool_requests:plamo|>`, reasoning in
 * `<|plamo:begin_think:plamo|>`. Preferred Networks PLaMo 3.
 */
import { parse } from '../../generated/plamo3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { Plamo3Node } from './ast.js';
import { readNextPlamo3Head, readPlamo3Head } from './head.js';
import { lowerPlamo3 } from './lower.js';
import { BLOCK_CLOSE, BLOCK_OPEN, THINK_CLOSE, THINK_OPEN } from './tags.js';

/** The plamo3 format. */
export const plamo3: Format = {
  id: 'plamo3',
  syntax: 'marked',
  models: 'PLaMo 3 (Preferred Networks)',
  // The reasoning opener is this format's tag: its block is read as reasoning, never as calls.
  markers: [BLOCK_OPEN, THINK_OPEN],
  parseAt(context, start) {
    const matched = runGrammar<Plamo3Node>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerPlamo3(matched.node, matched.end, context);
  },
  // Names, payloads and text between requests all stop at the block's close tag; reasoning at
  // its own close tag or a block of requests.
  endMarkers: { [BLOCK_OPEN]: [BLOCK_CLOSE], [THINK_OPEN]: [THINK_CLOSE, BLOCK_OPEN] },
  // Each request starts at its arguments' `{`, once its name and preamble are written.
  readCallHead: readPlamo3Head,
  readNextCallHead: readNextPlamo3Head,
  // The reasoning streams as it is written.
  readTextHead(text, start) {
    if (!text.startsWith(THINK_OPEN, start)) return undefined;
    return {
      kind: 'reasoning',
      start: start + THINK_OPEN.length,
      stops: [THINK_CLOSE, BLOCK_OPEN],
    };
  },
};
