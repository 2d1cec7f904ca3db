/**
 * `hy_v3`: `<tool_calls><tool_call>NAME<tool_sep><arg_key>KEY</arg_key><arg_value>VALUE
 * </arg_value></tool_call></tool_calls>`, every tag with the tokenizer's suffix on some
 * checkpoints (`<tool_call:opensource>`). Tencent Hy3, and Hy4, which writes no `<tool_sep>`.
 */
import { parse } from '../../generated/hy_v3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import { skipBlanks } from '../shared/blanks.js';
import { startsAt } from '../../starts-at.js';
import { TOOL_CALLS_CLOSE, TOOL_CALLS_OPEN } from '../shared/tool-calls-tag.js';
import type { HyV3Block } from './ast.js';
import { lowerHyV3 } from './lower.js';
import { BLOCK_OPEN_NAME, readBlockOpen, readHyV3Head, readNextHyV3Head, tagsOf } from './head.js';

/** The open tag of a block whose tags carry a suffix: the suffix's `:` follows the name. */
const SUFFIXED_OPEN = `${BLOCK_OPEN_NAME}:`;

const LESS_THAN = 0x3c;

/** The hy_v3 format. */
export const hy_v3: Format = {
  id: 'hy_v3',
  syntax: 'marked',
  models: 'Tencent Hy3 (Hy3-preview), Hy4',
  // <tool_calls> is jamba's, hunyuan_a13b's and minimax's too; the suffixed tag is Hy3's alone.
  markers: [TOOL_CALLS_OPEN, SUFFIXED_OPEN],
  // `parseAt` reads a block only where <tool_call> (or the end of the output) follows the tag:
  // a list after it is jamba's or hunyuan_a13b's, objects minimax's.
  mayOpen: (marker, next) => marker !== TOOL_CALLS_OPEN || next === LESS_THAN || next === -1,
  parseAt(context, start) {
    const matched = runGrammar<HyV3Block>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerHyV3(matched.node, context);
  },
  // Names, keys, values and text between parts all stop at the block's close tag. A suffixed
  // block's close tag depends on its suffix, so it names none.
  endMarkers: { [TOOL_CALLS_OPEN]: [TOOL_CALLS_CLOSE] },
  // Each call starts at its <tool_sep> (Hy4: its first <arg_key> or its close), its values streamed
  // as they are written.
  readCallHead: readHyV3Head,
  readNextCallHead: readNextHyV3Head,
  // In auto mode the other formats of <tool_calls> read their heads once the tag is followed by
  // anything but a <tool_call> of the block.
  declines(text, start) {
    const open = readBlockOpen(text, start);
    if (open === 'wait') return false;
    if (open === undefined) return true;
    const at = skipBlanks(text, open.end);
    const { callOpen } = tagsOf(open.suffix);
    const seen = Math.min(text.length - at, callOpen.length);
    return !startsAt(text, callOpen.slice(0, seen), at);
  },
};
