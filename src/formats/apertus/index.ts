/**
 * `apertus`: `<|tools_prefix|>[{"NAME": {..arguments..}}, ...]<|tools_suffix|>`, each call an
 * object keyed by its tool's name; reasoning in `<|inner_prefix|>` ... `<|inner_suffix|>`.
 * Swiss AI Apertus 8B and 70B.
 */
import { parse } from '../../generated/apertus.js';
import { startsAt } from '../../starts-at.js';
import {
  NAME_AS_KEY,
  readJsonListCallHead,
  readNextJsonListCallHead,
} from '../../stream/call-head.js';
import type { Format } from '../format.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { ApertusNode } from './ast.js';
import { INNER_PREFIX, INNER_SUFFIX, lowerApertus, TOOLS_PREFIX, TOOLS_SUFFIX } from './lower.js';

/**
 * Where a tools block's payload ends: its suffix, or the next block's prefix where the model left
 * the suffix out (the grammar's `Payload`).
 */
const PAYLOAD_STOPS: readonly string[] = [TOOLS_SUFFIX, TOOLS_PREFIX];

/** Where a reasoning block ends: its close, or a tools block opened inside it. */
const THINK_STOPS: readonly string[] = [INNER_SUFFIX, TOOLS_PREFIX];

/** The apertus format. */
export const apertus: Format = {
  id: 'apertus',
  syntax: 'marked',
  models: 'Swiss AI Apertus 8B, 70B',
  // <|inner_prefix|> is this format's reasoning token: its block is read as reasoning, never as
  // calls.
  markers: [TOOLS_PREFIX, INNER_PREFIX],
  parseAt(context, start) {
    const matched = runGrammar<ApertusNode>(parse, context.text, start, 'Section');
    if (matched === undefined) return undefined;
    return lowerApertus(matched.node, matched.end, context);
  },
  // Both are special tokens: a payload is read only up to the first of its stops (its list's
  // JSON scan cut there), and reasoning only up to the first of its own.
  endMarkers: {
    [TOOLS_PREFIX]: PAYLOAD_STOPS,
    [INNER_PREFIX]: THINK_STOPS,
  },
  // The list's first call starts at its arguments' `{`, after `[{"NAME": `.
  readCallHead: (text, start) =>
    startsAt(text, TOOLS_PREFIX, start)
      ? readJsonListCallHead(text, start + TOOLS_PREFIX.length, PAYLOAD_STOPS, NAME_AS_KEY)
      : undefined,
  // Each later call starts at its own head, after `}, {"NAME": ` (the lowering names its refused
  // calls by these heads).
  readNextCallHead: (text, previous) =>
    readNextJsonListCallHead(text, 0, PAYLOAD_STOPS, previous.arguments, NAME_AS_KEY),
  // The reasoning streams as it is written.
  readTextHead(text, start) {
    if (!startsAt(text, INNER_PREFIX, start)) return undefined;
    return { kind: 'reasoning', start: start + INNER_PREFIX.length, stops: THINK_STOPS };
  },
};
