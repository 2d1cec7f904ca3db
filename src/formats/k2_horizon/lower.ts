/**
 * Lowering of k2_horizon sections: a `<ifm|tool_calls>` group's parts paired into calls by the
 * shared tag-block reader (a call opened inside another closes it, text outside the calls refuses
 * every call by name), each call read by what its body holds (JSON, or a name and pairs); a
 * reasoning block its reasoning.
 */
import { match } from 'ts-pattern';
import type { FormatContext, Section } from '../format.js';
import { proseAfterCalls } from '../shared/block-prose.js';
import { sectionOf } from '../shared/section-of.js';
import { lowerTagBlock, type BlockEnding } from '../shared/tag-block.js';
import type {
  K2HorizonCallOpen,
  K2HorizonGroup,
  K2HorizonJsonCall,
  K2HorizonNode,
  K2HorizonPart,
} from './ast.js';
import { JsonCallReader } from './json-call.js';
import { PairCallReader } from './pair-call.js';

/** The group's open tag. */
export const GROUP_OPEN = '<ifm|tool_calls>';
/** The group's close tag. */
export const GROUP_CLOSE = '</ifm|tool_calls>';

/**
 * Lowers a k2_horizon section.
 *
 * @param node - The section's AST.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues, or its reasoning.
 */
export function lowerK2Horizon(node: K2HorizonNode, end: number, context: FormatContext): Section {
  return match(node)
    .with({ type: 'k2-horizon-group' }, (group) => lowerGroup(group, context))
    .with({ type: 'k2-horizon-think' }, (think) => {
      const section = sectionOf(think.start, end, { calls: [], issues: [] }, think.text);
      // Only reasoning running to the end of the output may still grow.
      section.open = think.close === 'end';
      return section;
    })
    .exhaustive();
}

function lowerGroup(node: K2HorizonGroup, context: FormatContext): Section {
  // Prose after the calls of a group never closed: the model left </ifm|tool_calls> out and went
  // on writing; the prose is content.
  const prose = proseAfterCalls(node, {
    text: (part) => (part.type === 'glm45-stray-text' ? part.text : undefined),
    closesCall: (part) => part.type === 'k2-horizon-call-close',
  });
  const group: { start: number; end: number; parts: K2HorizonPart[]; close: BlockEnding } =
    prose === undefined
      ? node
      : { ...node, end: prose.start, parts: node.parts.slice(0, prose.index), close: 'implicit' };
  const { calls, issues } = lowerTagBlock(group, {
    format: 'k2_horizon',
    openTag: GROUP_OPEN,
    closeTag: GROUP_CLOSE,
    noCall: `the ${GROUP_OPEN} group holds no <ifm|tool_call>`,
    junk: `unexpected text in ${GROUP_OPEN}`,
    opensCall: (part): part is K2HorizonCallOpen | K2HorizonJsonCall =>
      part.type === 'k2-horizon-call-open' || part.type === 'k2-horizon-json-call',
    closeEnd: (part) => (part.type === 'k2-horizon-call-close' ? part.end : undefined),
    isBlank: (part) => part.type === 'glm45-stray-text' && part.text.trim() === '',
    readCall: (open) =>
      match(open)
        .with({ type: 'k2-horizon-call-open' }, (call) => new PairCallReader(call, context))
        .with({ type: 'k2-horizon-json-call' }, (call) => new JsonCallReader(call, context))
        .exhaustive(),
  });
  const section = sectionOf(group.start, group.end, { calls, issues });
  // A <ifm|tool_call> or </ifm|tool_calls> after the prose would make it junk inside the group,
  // so a stream waits for the end of the output.
  if (prose !== undefined) section.open = true;
  return section;
}
