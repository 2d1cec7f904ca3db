/**
 * `kimi_k3`: Kimi K3's channels, `<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>
 * <|open|>argument key="city" type="string"<|sep|>Paris<|close|>argument<|sep|><|close|>call<|sep|>
 * <|close|>tools<|sep|>`, with reasoning in `think` and content in `response`. Moonshot Kimi K3.
 */
import { parse } from '../../generated/kimi_k3.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { KimiK3Section } from './ast.js';
import { readKimiK3Head, readKimiK3TextHead, readNextKimiK3Head } from './head.js';
import { END_OF_MESSAGE, lowerKimiK3 } from './lower.js';
import { CLOSE, OPEN, SEP } from './tag.js';

/** The first units of the channel names a tag at a marker may hold: tools, think, response, message. */
const CHANNEL_INITIALS = new Set(['t', 'r', 'm'].map((initial) => initial.charCodeAt(0)));

/**
 * The ends of the channels' own tags (`tools<|sep|>` ends `<|open|>tools<|sep|>` and
 * `<|close|>tools<|sep|>`), blanks before `<|sep|>` allowed as far as one space.
 */
const CHANNEL_TAG_ENDS = ['tools', 'think', 'response'].flatMap((name) => [
  `${name}${SEP}`,
  `${name} ${SEP}`,
]);

/** The kimi_k3 format: each channel is a section (calls, reasoning or content). */
export const kimi_k3: Format = {
  id: 'kimi_k3',
  syntax: 'marked',
  models: 'Moonshot Kimi K3',
  // `<|close|>` starts a close tag alone (the prompt opened its channel); `<|end_of_msg|>` is
  // the stop token, after which nothing is the turn's.
  markers: [OPEN, CLOSE, END_OF_MESSAGE],
  mayOpen: (marker, next) => marker === END_OF_MESSAGE || CHANNEL_INITIALS.has(next),
  parseAt(context, start) {
    const matched = runGrammar<KimiK3Section>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerKimiK3(matched.node, context);
  },
  // A channel says whether more text could change it (`Section.open`); it is read again when a
  // channel tag's end arrives: its own tag first (open), then its close or the next channel's.
  // A close tag alone ends at its `<|sep|>`.
  endMarkers: { [OPEN]: CHANNEL_TAG_ENDS, [CLOSE]: [SEP] },
  // Each call starts at its call tag's `<|sep|>`; its string values stream as they are written.
  readCallHead: readKimiK3Head,
  readNextCallHead: readNextKimiK3Head,
  // Reasoning and content stream as they are written.
  readTextHead: readKimiK3TextHead,
};
