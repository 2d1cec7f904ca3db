/**
 * `xlam`: a JSON list of calls, bare or in a ```json fence, after `[TOOL_CALLS]` or inside
 * `<tool_call>`. Bare: trusted in auto mode only as the whole output or after tool intent.
 */
import { parse } from '../../generated/xlam.js';
import type { Format } from '../format.js';
import { firstUnitAfter } from '../shared/blanks.js';
import { createRejectedValues, JSON_EXTENT_OPTIONS } from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import type { XlamSection } from './ast.js';
import { lowerXlam } from './lower.js';
import { OPEN_BRACE, OPEN_BRACKET } from '../../json/char-codes.js';

/** Bare lists turned down in the current parse: the lists nested in them are their data. */
const rejected = createRejectedValues();

const TAGGED_OPEN = '<tool_call>';

/** The xlam format. */
export const xlam: Format = {
  id: 'xlam',
  syntax: 'bare',
  models: 'Salesforce xLAM-2; any model constrained to a JSON list of calls',
  // `[` also finds `[TOOL_CALLS]`.
  markers: ['[', '```', TAGGED_OPEN],
  // The grammar's needs after each marker, for the scan and for a stream (which then drops xlam
  // from a `<tool_call>` holding an object, so that hermes alone reads it): a list after the tag,
  // `{` or `TOOL_CALLS]` after a bracket, `json` or a list after a fence.
  mayOpen: (marker, next) => {
    if (marker === TAGGED_OPEN) return next === OPEN_BRACKET;
    if (marker === '[') return next === OPEN_BRACE || next === 0x54;
    return next === OPEN_BRACKET || next === 0x6a || next === 0x4a;
  },
  parseAt(context, start) {
    if (!fenceMayOpenList(context.text, start) || !bracketMayOpenList(context.text, start)) {
      return undefined;
    }
    if (rejected.inside(context, start)) return undefined;
    const matched = runGrammar<XlamSection>(
      parse,
      context.text,
      start,
      'Section',
      JSON_EXTENT_OPTIONS,
    );
    if (matched === undefined) return undefined;
    const section = lowerXlam(matched.node, matched.end, context);
    if (section === undefined) rejected.skip(context, start, matched.node.list.end);
    return section;
  },
};

/**
 * At a fence, what the grammar's one rule that can match there needs next (`json` in any case,
 * then blanks and a list), looked at before the grammar runs: a run of backticks is a fence at
 * every unit, and a grammar run at each made a flood of them cost 1.5 µs a unit. Conservative: a
 * `j` lets the grammar decide.
 *
 * @param text - The output.
 * @param start - Where the section starts.
 * @returns False only where the grammar cannot match: a fence followed by anything but `j`, `J`
 * or blanks and a `[`.
 */
export function fenceMayOpenList(text: string, start: number): boolean {
  if (!text.startsWith('```', start)) return true;
  const next = text.charCodeAt(start + 3);
  return next === 0x6a || next === 0x4a || firstUnitAfter(text, start + 3) === OPEN_BRACKET;
}

/**
 * At a `[`, what the grammar's two rules that can match there need: `[TOOL_CALLS]`, or blanks and
 * the `{` of a call object. Looked at before the grammar runs, for the same reason as at a fence:
 * a run of `[` (or prose full of citations, in forced xlam) is a marker at every bracket.
 *
 * @param text - The output.
 * @param start - Where the section starts.
 * @returns False only where the grammar cannot match: a `[` that opens neither.
 * @example
 * ```ts
 * bracketMayOpenList('see [3]', 4); // false
 * ```
 */
export function bracketMayOpenList(text: string, start: number): boolean {
  if (text.charCodeAt(start) !== OPEN_BRACKET) return true;
  return firstUnitAfter(text, start + 1) === OPEN_BRACE || text.startsWith('[TOOL_CALLS]', start);
}
