/** Lowering of deepseek_v31 sections: each call's name and JSON arguments become a call. */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { collectItems, type LoweredItem } from '../shared/collect.js';
import { readArgumentsPayload } from '../shared/arguments-payload.js';
import { malformed } from '../shared/issues.js';
import type { DeepSeekV31Call, DeepSeekV31Item, DeepSeekV31Section } from './ast.js';
import { isBlank } from '../shared/blanks.js';

const CALLS_BEGIN = '<｜tool▁calls▁begin｜>';

/**
 * Lowers a deepseek_v31 section to calls.
 *
 * A closed section is final, and the text after it is dropped up to the next section (the
 * template ends the turn at `<｜tool▁calls▁end｜>`). Another opening token ends a section that is
 * not closed yet. A section the output never closed owns only its calls: text after the last
 * call is content again (after the opening token, when there is no call), so an opening token
 * the model abandoned does not swallow the rest of the output. A section that holds no
 * call is an issue: `malformed-tool-call` when text follows its token, `incomplete-tool-call`
 * when the output ended there.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped (after `<｜tool▁calls▁end｜>`, at another opening token,
 * or at the output's end).
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues; nothing in it is content.
 */
export function lowerDeepSeekV31(
  node: DeepSeekV31Section,
  end: number,
  context: FormatContext,
): Section {
  const { calls, issues } = collectItems(node.items, (item) => lowerItem(item, context));
  let last: DeepSeekV31Item | undefined;
  for (const item of node.items) if (item.type === 'deepseek-v31-call') last = item;
  if (node.closed) {
    if (last === undefined)
      issues.push(malformed('the deepseek_v31 tool-call section holds no call', node.start));
    return { start: node.start, end, calls, issues, open: false, dropsTextUntil: CALLS_BEGIN };
  }
  const owned = last?.end ?? node.start + CALLS_BEGIN.length;
  const textAfter = hasText(context.text, owned, end);
  if (last === undefined) {
    issues.push(
      textAfter || node.interrupted
        ? malformed(`${CALLS_BEGIN} is not followed by a call`, node.start)
        : {
            code: 'incomplete-tool-call',
            message: `the output ended after ${CALLS_BEGIN}`,
            offset: node.start,
          },
    );
  }
  const section: Section = { start: node.start, end: textAfter ? owned : end, calls, issues };
  // Open when it ran to the end of the text: a later <｜tool▁calls▁end｜> would make the text
  // after the last call the section's. Another opening token already ended it.
  if (!node.interrupted) section.open = true;
  return section;
}

/** Whether `text` holds anything but whitespace in `[from, to)`. */
function hasText(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (!isBlank(code)) return true;
  }
  return false;
}

/** A call, or the issue that kept it from being one. */
type Lowered = Exclude<LoweredItem, undefined>;

function lowerItem(item: DeepSeekV31Item, context: FormatContext): Lowered | undefined {
  return match(item)
    .with({ type: 'deepseek-v31-call' }, (call) => lowerCall(call, context))
    .with({ type: 'deepseek-v31-stray' }, () => undefined)
    .exhaustive();
}

function lowerCall(call: DeepSeekV31Call, context: FormatContext): Lowered {
  const name = context.text.slice(call.name.start, call.name.end).trim();
  if (call.body === null) {
    return {
      issue: {
        code: 'malformed-tool-call',
        message: `the deepseek_v31 call "${name}" has no <｜tool▁sep｜> before its arguments`,
        offset: call.start,
      },
    };
  }
  return readArgumentsPayload(context, {
    format: 'deepseek_v31',
    name,
    span: { start: call.start, end: call.end },
    payload: call.body.payload,
    closed: call.body.closed,
  });
}
