/** Lowering of lfm2 sections: Python calls or JSON call objects become calls. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { lowerJsonCalls } from '../shared/json-calls.js';
import { lowerPythonCalls } from '../shared/python-lower.js';
import type { Lfm2Section } from './ast.js';
import { sectionOf } from '../shared/section-of.js';
import { malformed } from '../shared/issues.js';
import { refusedCall } from '../shared/refused-call.js';
import { readPythonBlockHead } from '../shared/python-call-head.js';
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
      // call its head names, refused, as a stream that started it from that head ends it.
      const head = readLfm2Head(context.text, section.start);
      if (typeof head === 'object') {
        const issue = malformed(`the lfm2 call list could not be read`, section.start);
        return sectionOf(section.start, end, {
          calls: [refusedCall(head.name, 'lfm2', span, issue)],
          issues: [issue],
        });
      }
      const lowered = lowerJsonCalls(context, {
        format: 'lfm2',
        span,
        payload: section.payload,
        closed: section.closed,
        unpackList: true,
      });
      return sectionOf(section.start, end, lowered);
    })
    .exhaustive();
}

/**
 * The head of an lfm2 block's first call: `<|tool_call_start|>`, blanks, `[`, blanks, `NAME(`.
 *
 * @param text - The text seen so far.
 * @param start - Where `<|tool_call_start|>` occurs.
 * @returns The head, `'wait'` while the text ends inside one that still fits, or `undefined`
 * (a JSON list, or no call there).
 */
export function readLfm2Head(text: string, start: number): CallHead | 'wait' | undefined {
  return readPythonBlockHead(text, start, '<|tool_call_start|>', 'required');
}
