/** Lowering of step3 sections: the invoke element of each call becomes a call. */
import { match } from 'ts-pattern';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { lowerInvoke, strayIssue, type InvokeConventions } from '../shared/xml-invoke.js';
import type { Step3Call, Step3Section, Step3Stray } from './ast.js';
import { appendAll } from '../../append.js';

/** Step-3 values are text, trimmed and typed by the tool's schema when one is known. */
export const STEP3_VALUES: InvokeConventions = {
  format: 'step3',
  trimValues: true,
  stringAttribute: false,
};

type Step3Node = Step3Section | Step3Call | Step3Stray;

/** What a node contributes: calls and issues. */
interface Lowered {
  calls: RawCall[];
  issues: Issue[];
}

/**
 * Lowers a step3 section to calls.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerStep3(node: Step3Section, end: number, context: FormatContext): Section {
  const { calls, issues } = lowerNode(node, end, context);
  return { start: node.start, end, calls, issues };
}

function lowerNode(node: Step3Node, end: number, context: FormatContext): Lowered {
  return match<Step3Node, Lowered>(node)
    .with({ type: 'step3-section' }, (section) => {
      const lowered: Lowered = { calls: [], issues: [] };
      for (const call of section.calls) {
        const part = lowerNode(call, end, context);
        appendAll(lowered.calls, part.calls);
        appendAll(lowered.issues, part.issues);
      }
      const stray = strayIssue(context, section.rest, !section.closed, 'step3');
      if (stray !== undefined) lowered.issues.push(stray);
      // A complete call whose section never closed: the output ended after it.
      if (!section.closed) {
        for (const call of lowered.calls) {
          if (call.complete) call.repairs.push({ kind: 'missing-end-marker', offset: end });
        }
      }
      return lowered;
    })
    .with({ type: 'step3-call' }, (call) => {
      if (call.body.type === 'step3-stray') return lowerNode(call.body, end, context);
      const { call: raw, issues } = lowerInvoke(context, call.body, STEP3_VALUES);
      if (raw === undefined) return { calls: [], issues };
      if (!call.closed && raw.complete) {
        raw.repairs.push({ kind: 'missing-end-marker', offset: raw.span.end, detail: 'call end' });
      }
      return { calls: [raw], issues };
    })
    .with({ type: 'step3-stray' }, (stray) => {
      const issue = strayIssue(context, stray, stray.end >= context.text.length, 'step3');
      return { calls: [], issues: issue === undefined ? [] : [issue] };
    })
    .exhaustive();
}
