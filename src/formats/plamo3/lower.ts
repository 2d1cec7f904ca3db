/**
 * Lowering of plamo3 sections: a block's requests, each a call (see `request.ts`), and what text
 * between them means; a reasoning block its reasoning.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { proseAfterCalls } from '../shared/block-prose.js';
import { incomplete, malformed } from '../shared/issues.js';
import { refusedCall } from '../shared/refused-call.js';
import { sectionOf } from '../shared/section-of.js';
import type { Plamo3Block, Plamo3Item, Plamo3Node } from './ast.js';
import { lowerRequest, requestName } from './request.js';
import { BLOCK_OPEN } from './tags.js';

/**
 * Lowers a plamo3 section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues, or its reasoning.
 */
export function lowerPlamo3(node: Plamo3Node, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'plamo3-block' }, (block) => lowerBlock(block, context))
    .with({ type: 'plamo3-think' }, (think) => {
      const section = sectionOf(think.start, end, { calls: [], issues: [] }, think.text);
      // Only reasoning running to the end of the output may still grow.
      section.open = think.close === 'end';
      return section;
    })
    .exhaustive();
}

/**
 * A block: its requests in order. Its close tag left out (at the end of the output, or where
 * another block opens), its whole requests run with a `missing-end-marker` repair, and prose
 * after the last of them is content (the block ends before it). Text between requests that is
 * more than blanks refuses every request of the block by name (vLLM reads no call from such a
 * block).
 */
function lowerBlock(node: Plamo3Block, context: FormatContext): Section {
  const { text } = context;
  const unclosed = node.close !== 'closed';
  const prose = proseAfterCalls(
    { close: unclosed ? 'cut' : 'closed', parts: node.items },
    {
      text: (item) => (item.type === 'plamo3-stray' ? text.slice(item.start, item.end) : undefined),
      closesCall: (item) => item.type === 'plamo3-request' && item.close === 'closed',
    },
  );
  const items = prose === undefined ? node.items : node.items.slice(0, prose.index);
  const end = prose === undefined ? node.end : prose.start;
  const requests = items.filter((item) => item.type === 'plamo3-request');
  const junk = items.find((item) => item.type === 'plamo3-stray' && !isBlankText(text, item));
  if (requests.length === 0) return emptyBlock(node, junk !== undefined);
  if (junk !== undefined) {
    const issue = malformed(`unexpected text in the plamo3 block of requests`, junk.start);
    const calls: RawCall[] = [];
    for (const request of requests) {
      const name = requestName(request, text);
      const span = { start: request.start, end: request.end };
      if (name !== undefined) calls.push(refusedCall(name, 'plamo3', span, issue));
    }
    return blockSection(node, end, { calls, issues: [issue] });
  }
  const calls: RawCall[] = [];
  const issues: Issue[] = [];
  const repair: Repair | undefined = unclosed
    ? { kind: 'missing-end-marker', offset: end }
    : undefined;
  for (const request of requests) {
    const lowered = lowerRequest(request, context);
    if ('call' in lowered) {
      const { call } = lowered;
      if (repair !== undefined && call.complete && call.malformed === undefined) {
        call.repairs.push(repair);
      }
      calls.push(call);
    }
    if (lowered.issue !== undefined) issues.push(lowered.issue);
  }
  return blockSection(node, end, { calls, issues });
}

/**
 * A block with no request: an issue; left open, it owns only its open tag, so a tag the model
 * abandoned does not swallow the rest of the output.
 */
function emptyBlock(node: Plamo3Block, text: boolean): Section {
  if (node.close === 'closed') {
    const issue = malformed(`the plamo3 block holds no request`, node.start);
    return { start: node.start, end: node.end, calls: [], issues: [issue], open: false };
  }
  const issue =
    text || node.close === 'interrupted'
      ? malformed(`${BLOCK_OPEN} is not followed by a tool request`, node.start)
      : incomplete(node.start);
  const end = node.start + BLOCK_OPEN.length;
  return { start: node.start, end, calls: [], issues: [issue], open: node.close === 'cut' };
}

/**
 * The block's section: open only while it runs to the end of the output (a close tag, or another
 * block's open tag, settles it).
 */
function blockSection(
  node: Plamo3Block,
  end: number,
  body: { calls: RawCall[]; issues: Issue[] },
): Section {
  const section = sectionOf(node.start, end, body);
  section.open = node.close === 'cut';
  return section;
}

/** Whether a stray item holds only blanks. */
function isBlankText(text: string, item: Plamo3Item): boolean {
  return text.slice(item.start, item.end).trim() === '';
}
