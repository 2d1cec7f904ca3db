/** Lowering of lfm2 sections: Python calls or JSON call objects become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import { lowerPythonCalls } from '../shared/python-lower.js';
import type { Lfm2Section } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import { malformed } from '../shared/issues.js';
import { refusedByNames } from '../shared/refused-call.js';
import {
  readNextPythonListHead,
  readPythonBlockHead,
  readPythonListHeadNames,
  type PythonBlock,
} from '../shared/python-call-head.js';
import { readJsonListOrCallHead, readNextJsonListCallHead } from '../../stream/call-head.js';
import { startsAt } from '../../starts-at.js';
import { skipBlanks } from '../shared/blanks.js';
import { OPEN_BRACE, OPEN_BRACKET } from '../../json/char-codes.js';
import type { CallHead } from '../format.js';

/**
 * Lowers an lfm2 section to calls. A section without `<|tool_call_end|>` gets a
 * `missing-end-marker` repair; its calls are complete when their own closers were written.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerLfm2(node: Lfm2Section, end: number, context: FormatContext): Section {
  const section = readBlock(node, end, context);
  // Once <|tool_call_end|> closed a block the grammar read as Python calls, no text after it
  // changes the section (the grammar reads nothing past that token), nor one read as JSON where
  // no Python list can start (a `{`, or `[` then `{`): elsewhere the Python reading, failing on a
  // prefix cut inside a call (`[f(a="<|tool_call_end|>"), g`), may read it once more text comes.
  // A stream settles such a block at the token (`Section.open`). The token cannot be an end
  // marker: a string in the list may hold it.
  if (node.type === 'lfm2-python' || jsonOnly(context.text, node.payload.start)) {
    section.open = !node.closed;
  }
  return section;
}

/** Whether a payload opens as JSON no Python call list starts with: `{`, or `[` then `{`. */
function jsonOnly(text: string, from: number): boolean {
  const first = skipBlanks(text, from);
  const unit = text.charCodeAt(first);
  if (unit === OPEN_BRACE) return true;
  return unit === OPEN_BRACKET && text.charCodeAt(skipBlanks(text, first + 1)) === OPEN_BRACE;
}

/** The block read as calls (`open` is set by the caller). */
function readBlock(node: Lfm2Section, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'lfm2-python' }, (section) => {
      const closed = section.closed && section.list.closed;
      const lowered = lowerPythonCalls(context, {
        format: 'lfm2',
        calls: section.list.calls,
        repairs: closed ? [] : [{ kind: 'missing-end-marker', offset: end }],
        start: section.start,
      });
      return sectionOf(section.start, end, lowered);
    })
    .with({ type: 'lfm2-json' }, (section) => {
      const span = { start: section.start, end };
      // A list that starts as Python calls (`[NAME(`) and that the Python grammar could not read
      // is not JSON either: read as JSON, its repair could find some other call in it. It is the
      // calls its heads name, refused, as a stream that started them from those heads ends them.
      const names = readPythonListHeadNames(
        context.text.slice(0, section.payload.end),
        section.start,
        LFM2_TOKENS,
        context.limits,
      );
      if (names.length > 0) {
        const issue = malformed(`the lfm2 call list could not be read`, section.start);
        return sectionOf(section.start, end, refusedByNames(names, 'lfm2', span, issue));
      }
      const lowered = lowerJsonCalls(context, {
        format: 'lfm2',
        span,
        payload: section.payload,
        closed: section.closed,
        unpackList: true,
        streamedList: LFM2_END,
      });
      return sectionOf(section.start, end, lowered);
    })
    .exhaustive();
}

/**
 * The head of an lfm2 block's first call: `<|tool_call_start|>`, blanks, `[`, blanks, `NAME(`;
 * or, in a block of JSON, its first call object's head (in a list or alone), which does not read
 * past the block's end token.
 *
 * @param text - The text seen so far.
 * @param start - Where `<|tool_call_start|>` occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`.
 */
export function readLfm2Head(text: string, start: number): CallHead | 'wait' | undefined {
  const python = readPythonBlockHead(text, start, LFM2_TOKENS.open, 'required');
  if (python !== undefined || !startsAt(text, LFM2_TOKENS.open, start)) return python;
  const payload = start + LFM2_TOKENS.open.length;
  return readJsonListOrCallHead(text, payload, LFM2_END);
}

/**
 * The head of an lfm2 list's next call, read where the call before ended: a JSON call object's
 * (after `}, `) when that call was one (its arguments are an object: they start at its `{`),
 * else a Python call's (after `), `; the Python writer reads no positional argument, so a call
 * it wrote whole never starts with `{`).
 *
 * @param text - The text seen so far.
 * @param from - Where the previous call's arguments ended.
 * @param previousArguments - Its arguments, as its writer read them.
 * @returns The head, `'wait'`, or `undefined`.
 */
export function readNextLfm2Head(
  text: string,
  from: number,
  previousArguments: string,
): CallHead | 'wait' | undefined {
  if (previousArguments.charCodeAt(0) === 0x7b) {
    return readNextJsonListCallHead(text, from, LFM2_END, previousArguments);
  }
  return readNextPythonListHead(text, from, previousArguments, LFM2_END, false);
}

/** The token that ends an lfm2 block (a list the grammar cannot read ends at the first one). */
const LFM2_END = '<|tool_call_end|>';

const LFM2_TOKENS: PythonBlock = { open: '<|tool_call_start|>', stop: LFM2_END, list: 'required' };
