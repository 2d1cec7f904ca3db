/**
 * Lowering of apertus sections: a tools block's list of `{"NAME": {..}}` objects becomes calls,
 * a reasoning block its reasoning.
 */
import { match } from 'ts-pattern';
import { parse } from '../../generated/apertus.js';
import type { Issue } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import { NAME_AS_KEY } from '../../stream/call-head.js';
import {
  JSON_EXTENT_OPTIONS,
  notJsonIssue,
  readCallList,
  refusedListItems,
} from '../shared/json-extent.js';
import { runGrammar } from '../shared/run-grammar.js';
import { sectionOf } from '../shared/section-of.js';
import type { ApertusBody, ApertusNode, ApertusTools } from './ast.js';

/** The token that opens a tools block. */
export const TOOLS_PREFIX = '<|tools_prefix|>';
/** The token that closes it. */
export const TOOLS_SUFFIX = '<|tools_suffix|>';
/** The token that opens a reasoning block (Apertus's inner section). */
export const INNER_PREFIX = '<|inner_prefix|>';
/** The token that closes it. */
export const INNER_SUFFIX = '<|inner_suffix|>';

/** What the payload should hold, for issues. */
const EXPECTED = `a JSON list of {"NAME": {arguments}} objects after ${TOOLS_PREFIX}`;

/**
 * Lowers an apertus section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues, or its reasoning.
 */
export function lowerApertus(node: ApertusNode, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'apertus-tools' }, (tools) => lowerTools(tools, end, context))
    .with({ type: 'apertus-think' }, (think) => {
      const section = sectionOf(think.start, end, { calls: [], issues: [] }, think.text);
      // Only reasoning running to the end of the output may still grow.
      section.open = think.close === 'end';
      return section;
    })
    .exhaustive();
}

function lowerTools(tools: ApertusTools, end: number, context: FormatContext): Section {
  const { text } = context;
  const { payload } = tools;
  // The payload alone (a substring, not a copy in V8): the list's JSON scan stops at its end, so
  // a string holding a token never carries the list past it.
  const body = runGrammar<ApertusBody>(
    parse,
    text.slice(0, payload.end),
    payload.start,
    'Body',
    JSON_EXTENT_OPTIONS,
  )?.node;
  // Left open at the end of the output, the block may still grow; closed, or ended by the next
  // block's token, nothing after it changes it.
  const open = !tools.closed && end === text.length;
  if (body === undefined || body.type !== 'apertus-list') {
    const from = body?.type === 'apertus-malformed' ? body.extent.start : payload.start;
    const issue = notJsonIssue({ start: from, end: payload.end }, EXPECTED);
    // A list the grammar cannot read as objects (junk between them, a lone object): the calls a
    // stream started from their heads, refused by name.
    const lowered =
      body?.type === 'apertus-malformed'
        ? refusedListItems(
            context,
            { start: from, end: payload.end },
            'apertus',
            issue,
            NAME_AS_KEY,
          )
        : { calls: [], issues: [issue] };
    const section = sectionOf(tools.start, end, lowered);
    section.open = open;
    return section;
  }
  const { list } = body;
  const trailing = text.slice(list.end, payload.end);
  const lowered = readCallList(context, list, {
    format: 'apertus',
    namesRefused: true,
    nameAsKey: true,
  });
  if (!tools.closed) {
    // The suffix left out (the output cut off, or the model went on): whole calls run, with the
    // slip recorded, and the text after the list is content, read after the section.
    if (list.closed) {
      for (const call of lowered.calls) {
        if (call.malformed === undefined && call.complete) {
          call.repairs.push({ kind: 'missing-end-marker', offset: list.end });
        }
      }
    }
    const blank = trailing.trim() === '';
    const section = sectionOf(tools.start, blank ? end : list.end, lowered);
    section.open = open;
    return section;
  }
  if (trailing.trim() === '') {
    const section = sectionOf(tools.start, end, lowered);
    section.open = false;
    return section;
  }
  // Text between the list and the suffix: prose is the section's content (as vLLM surfaces it),
  // but text that reads as JSON may hold a call the model meant inside the block, so the block's
  // calls are refused, by name, rather than run without it.
  if (mayHoldCalls(trailing)) {
    const issue: Issue = {
      code: 'malformed-tool-call',
      message: `JSON follows the call list inside ${TOOLS_PREFIX} ... ${TOOLS_SUFFIX}; write every call inside the one list`,
      offset: list.end,
    };
    const refused = refusedListItems(
      context,
      { start: list.start, end: payload.end },
      'apertus',
      issue,
      NAME_AS_KEY,
    );
    const section = sectionOf(tools.start, end, refused);
    section.open = false;
    return section;
  }
  const section = sectionOf(tools.start, end, lowered);
  section.content = trailing;
  section.open = false;
  return section;
}

/**
 * Whether text after a block's list may be JSON the model meant as calls: it holds a brace or a
 * bracket, or goes on from the list with a comma or a string.
 */
function mayHoldCalls(trailing: string): boolean {
  return /[{}[\]]/.test(trailing) || /^\s*[,"]/.test(trailing);
}
