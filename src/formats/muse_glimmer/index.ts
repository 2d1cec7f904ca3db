/**
 * `muse_glimmer`: Meta Muse Glimmer's messages, `<|start|>assistant to=NAME<|message|>
 * <atem:function_calls><atem:invoke name="f"><atem:parameter name="k">v</atem:parameter>
 * </atem:invoke></atem:function_calls><|eom|>`, with `to=self` reasoning and `to=user` content.
 */
import { parse } from '../../generated/muse_glimmer.js';
import type { Format, FormatContext, Section } from '../format.js';
import { startsAt } from '../../starts-at.js';
import { incomplete } from '../shared/issues.js';
import { refusedCall } from '../shared/refused-call.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { InvokeSyntax } from '../shared/xml-invoke.js';
import { readNextInvokeHead } from '../shared/xml-invoke-head.js';
import type { MuseGlimmerMessage } from './ast.js';
import {
  declinesMessage,
  isNameUnit,
  MESSAGE,
  readHeader,
  readMuseGlimmerHead,
  START,
  TO,
} from './head.js';
import { lowerMuseGlimmer, MUSE_GLIMMER_VALUES, recipientKind } from './lower.js';

/** The tokens that end a message's body, or start the next message (no value runs past one). */
const STOPS = ['<|eom|>', '<|eot|>', START, MESSAGE, '</atem:function_calls>'];
const SYNTAX: InvokeSyntax = { ...MUSE_GLIMMER_VALUES, tagPrefix: 'atem:', stops: STOPS };
const OPTIONS = { tagPrefix: SYNTAX.tagPrefix, stops: SYNTAX.stops };
const LOWER_A = 0x61;

/** The muse_glimmer format: each message is a section (calls, reasoning or content). */
export const muse_glimmer: Format = {
  id: 'muse_glimmer',
  syntax: 'marked',
  models: 'Meta Muse-Glimmer-30B',
  // `<|start|>` opens a message; the first one starts at `to=` (the prompt wrote `<|start|>
  // assistant`), and so does a tool header written without `<|start|>` after an unclosed body;
  // a bare `<|message|>` opens untagged content.
  markers: [START, TO, MESSAGE],
  // After `<|start|>` comes `assistant` (harmony's other roles are harmony's); after `to=` a name.
  mayOpen(marker, next) {
    if (marker === START) return next === LOWER_A || next === -1;
    if (marker === TO) return next !== -1 && isNameUnit(next);
    return true;
  },
  parseAt(context, start) {
    // Most `to=` are prose (`send(to=ops)`): a header that cannot be one costs no grammar run.
    if (declinesMessage(context.text, start)) return undefined;
    const matched = runGrammar<MuseGlimmerMessage>(parse, context.text, start, 'Section', OPTIONS);
    if (matched !== undefined) return lowerMuseGlimmer(matched.node, matched.end, context);
    return cutHeader(context, start);
  },
  // No body, value or stray text runs past either token (both are stops of the grammar's).
  endMarkers: ['<|eom|>', '<|eot|>'],
  // A message to a tool starts its first call at its first invoke's open tag.
  readCallHead: (text, start) => readMuseGlimmerHead(text, start, SYNTAX),
  // Each later invoke of the message starts at its open tag, after the previous one's close tag.
  readNextCallHead: (text, previous) => readNextInvokeHead(text, 0, previous.arguments, SYNTAX),
  // A `<|start|>` whose header is another syntax's (harmony's `<|channel|>`) is not a message.
  declines: declinesMessage,
};

/**
 * A `<|start|>` header the end of the output cut off (`<|start|>assistant to=get_wea`): framing,
 * never text; a tool's name in it is a call cut off, refused by that name.
 */
function cutHeader(context: FormatContext, start: number): Section | undefined {
  const { text } = context;
  if (!startsAt(text, START, start) || readHeader(text, start) !== 'wait') return undefined;
  const section: Section = { start, end: text.length, calls: [], issues: [], open: true };
  const at = text.indexOf(TO, start);
  let end = at === -1 ? at : at + TO.length;
  while (end !== -1 && end < text.length && isNameUnit(text.charCodeAt(end))) end += 1;
  const name = at === -1 ? undefined : text.slice(at + TO.length, end);
  if (name !== undefined && name !== '' && recipientKind(name) === 'tool') {
    const issue = incomplete(start);
    section.issues.push(issue);
    const span = { start, end: text.length };
    section.calls.push(refusedCall(name, 'muse_glimmer', span, issue, [], false));
  }
  return section;
}
