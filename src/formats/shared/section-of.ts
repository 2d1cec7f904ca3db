/**
 * A section built as one object literal. Spreading what a body lowered to into the section
 * (`{ start, end, ...lowered }`), or a call into a copy, gave the object a shape of its own, and
 * the scan's reads of such sections and calls were most of the difference between a small call in
 * those syntaxes and in hermes: written as literals, a typical glm45 call reads in 0.7 of the time,
 * kimi_k2 in half.
 */
import type { Issue } from '../../types.js';
import type { RawCall, Section } from '../format.js';

/**
 * The section from its bounds and its body's calls and issues (and reasoning, if any).
 *
 * @param start - Where the section starts.
 * @param end - Where it ends.
 * @param body - What its body lowered to.
 * @param reasoning - Reasoning text the section holds (a ReAct thought), if any.
 * @returns The section.
 * @example
 * ```ts
 * sectionOf(0, 40, { calls: [call], issues: [] }); // { start: 0, end: 40, calls: [call], issues: [] }
 * ```
 */
export function sectionOf(
  start: number,
  end: number,
  body: { calls: RawCall[]; issues: Issue[] },
  reasoning?: string | null,
): Section {
  const section: Section = { start, end, calls: body.calls, issues: body.issues };
  if (reasoning !== undefined && reasoning !== null) section.reasoning = reasoning;
  return section;
}
