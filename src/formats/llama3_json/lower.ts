/**
 * Lowering of llama3_json sections. The section ends after the last good call of the `;` run:
 * what follows is left to the scanner as text. Without `<|python_tag|>` the objects are bare JSON,
 * so one that is not a call, or is cut off, stays content.
 */
import { match } from 'ts-pattern';
import type { FormatContext, RawCall, Section } from '../format.js';
import { mayWriteKey, type CallFieldNames } from '../shared/call-object.js';
import { readCallItem, type CallItemOutcome, type JsonExtentNode } from '../shared/json-extent.js';
import { tooDeepCandidate } from '../shared/too-deep-candidate.js';
import type { Llama3Section } from './ast.js';

/** Llama writes `parameters`; `arguments` is accepted as vLLM does. */
const LLAMA3_FIELDS: CallFieldNames = { name: ['name'], arguments: ['parameters', 'arguments'] };

/** What a bare object that cannot name a tool reads as (kept as content; the issue is not shown). */
const NO_NAME: CallItemOutcome = {
  ok: false,
  issue: { code: 'malformed-tool-call', message: 'the object has no "name" key', offset: 0 },
};

/** Without an arguments field an object with a `name` is data, not a call. */
function hasArgumentsField(value: Record<string, unknown>): boolean {
  return Object.hasOwn(value, 'parameters') || Object.hasOwn(value, 'arguments');
}

/**
 * Lowers a llama3_json section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section up to its last good call, or `undefined` when a bare candidate holds no
 * call (its text is then ordinary content). A bare object too deep to read stays content with its
 * `too-deep` issue.
 */
export function lowerLlama3(node: Llama3Section, context: FormatContext): Section | undefined {
  return match(node)
    .with({ type: 'llama3-section' }, (section): Section | undefined => {
      const calls: RawCall[] = [];
      // The item the run stopped at (after at least one call), if any.
      let stop: JsonExtentNode | undefined;
      for (const item of section.items) {
        // A bare object cut off by the end of the output cannot be told from prose: no call. One
        // that cannot have a "name" key is no call either, and is not read (in auto mode
        // json_block reads the same object after this syntax declines it).
        let outcome: CallItemOutcome | undefined;
        if (
          !section.tagged &&
          item.closed &&
          !mayWriteKey(context.text.slice(item.start, item.end), 'name')
        )
          outcome = NO_NAME;
        else if (item.closed || section.tagged)
          outcome = readCallItem(context, item, {
            format: 'llama3_json',
            fields: LLAMA3_FIELDS,
            accept: hasArgumentsField,
          });
        if (outcome?.ok === true) {
          calls.push(outcome.call);
          continue;
        }
        if (calls.length > 0) {
          stop = item;
          break;
        }
        if (outcome === undefined) {
          // Claimed to the end (no retry inside it, which would be quadratic), kept as content.
          return {
            start: section.start,
            end: item.end,
            calls: [],
            issues: [
              {
                code: 'incomplete-tool-call',
                message: 'the output ended inside a JSON object',
                offset: item.start,
              },
            ],
            content: context.text.slice(section.start, item.end),
            open: true,
          };
        }
        if (!section.tagged)
          return tooDeepCandidate(
            context,
            {
              start: section.start,
              end: item.end,
              closed: item.closed,
              mentions: ['name'],
              open: false,
            },
            [outcome.issue],
          );
        return {
          start: section.start,
          end: item.end,
          calls: [],
          issues: [outcome.issue],
          open: !item.closed,
        };
      }
      const end = calls[calls.length - 1]?.span.end ?? section.start;
      const open = stop === undefined ? mayContinue(context.text, end) : !stop.closed;
      return { start: section.start, end, calls, issues: [], open };
    })
    .exhaustive();
}

/** What may still follow a run's last call and become `; {"name"...`: spaces, `;`, `{`. */
const CONTINUATION_PREFIX = /[ \t\r\n]*(?:;[ \t\r\n]*(?:\{[ \t\r\n]*)?)?$/y;

/**
 * Whether more text could extend a run that ends at `end` with a good call: what follows is,
 * to the end of the text, a prefix of another `; {"...` item. Telling a stream so (`open`) lets
 * it wait for a `;` continuation of any length, instead of guessing the section's end after a
 * margin; anything else after the call ends the run for good.
 */
function mayContinue(text: string, end: number): boolean {
  CONTINUATION_PREFIX.lastIndex = end;
  return CONTINUATION_PREFIX.test(text);
}
