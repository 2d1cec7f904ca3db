/**
 * Lowering of solar_open2 sections: a call's name and key/value pairs become one call, its pairs
 * read as glm45's are (`readGlmPairs`, values typed by `readGlmValue`); a reasoning block its
 * reasoning. A call that cannot be read is refused by name: no line break after the name, a key
 * written twice, junk between pairs, a key not closed or empty, a key with no value.
 */
import { match } from 'ts-pattern';
import type { Issue, Repair } from '../../types.js';
import type { FormatContext, Section } from '../format.js';
import type { GlmPair, GlmStrayText } from '../shared/glm-pair-ast.js';
import { readGlmPairs } from '../shared/glm-pairs.js';
import { incomplete, malformed, namelessCall } from '../shared/issues.js';
import { sectionOf } from '../shared/section-of.js';
import { endCall, type CallEnding } from '../shared/tag-block.js';
import type { SolarOpen2Call, SolarOpen2Node } from './ast.js';
import { SOLAR_TAGS } from './head.js';

/**
 * Lowers a solar_open2 section.
 *
 * @param node - The section's AST.
 * @param context - The output, schemas and limits.
 * @returns The section with its call (or none) and issues, or its reasoning.
 */
export function lowerSolarOpen2(node: SolarOpen2Node, context: FormatContext): Section {
  return match(node)
    .with({ type: 'solar-open2-call' }, (call) => lowerCall(call, context))
    .with({ type: 'solar-open2-think' }, (think) => {
      const section = sectionOf(think.start, think.end, { calls: [], issues: [] }, think.text);
      // Only reasoning running to the end of the output may still grow.
      section.open = think.close === 'end';
      return section;
    })
    .exhaustive();
}

/** How a call ended, as the shared call reader names it (`implied`: the next call's start). */
const ENDINGS: Readonly<Record<SolarOpen2Call['close'], CallEnding>> = {
  closed: 'closed',
  implicit: 'implied',
  cut: 'cut',
};

function lowerCall(node: SolarOpen2Call, context: FormatContext): Section {
  const span = { start: node.start, end: node.end };
  const cut = node.close === 'cut';
  const section = sectionOf(span.start, span.end, { calls: [], issues: [] });
  // Read to its end token, or to the next call's start token: nothing after changes it.
  section.open = cut;
  const name = node.name.text.trim();
  if (name === '') {
    section.issues.push(namelessCall(cut, span.start));
    return section;
  }
  const repairs: Repair[] = [];
  let problem: Issue | undefined;
  let parameters: Record<string, unknown> = {};
  if (!node.lineBreak) {
    // The output ended on the name's line: the name may not be whole yet.
    if (cut && node.items.length === 0) {
      section.calls.push({
        name,
        arguments: {},
        format: 'solar_open2',
        span,
        repairs,
        complete: false,
      });
      section.issues.push(incomplete(span.start));
      return section;
    }
    problem = malformed(`"${name}" is not followed by a line break`, node.name.start);
  }
  problem ??= repeatedKey(name, node.items);
  if (problem === undefined) {
    const read = readGlmPairs(node.items, {
      name,
      cut,
      tools: context.tools,
      repairs,
      valueTags: SOLAR_TAGS,
    });
    parameters = read.parameters;
    problem = read.problems[0];
  }
  const read = {
    name,
    format: 'solar_open2' as const,
    span,
    repairs,
    // A call refused for what it wrote is malformed, though the output then ended inside it:
    // writing it again whole would not mend it.
    ending: problem === undefined ? ENDINGS[node.close] : ('closed' as const),
    closeTag: SOLAR_TAGS.callClose,
  };
  const lowered = endCall(read, problem, () => parameters);
  section.calls.push(lowered.call);
  if (lowered.issue !== undefined) section.issues.push(lowered.issue);
  else if (cut) section.issues.push(incomplete(span.start));
  return section;
}

/**
 * A key written twice in one call: vLLM keeps the first value, but which one the model meant is a
 * guess, so the call is refused (k2_horizon does the same).
 */
function repeatedKey(name: string, items: readonly (GlmPair | GlmStrayText)[]): Issue | undefined {
  const keys = new Set<string>();
  for (const item of items) {
    if (item.type !== 'glm45-pair' || item.keyClose !== 'closed') continue;
    const key = item.key.text.trim();
    if (key === '') continue;
    if (keys.has(key)) return malformed(`"${name}" writes the argument "${key}" twice`, item.start);
    keys.add(key);
  }
  return undefined;
}
