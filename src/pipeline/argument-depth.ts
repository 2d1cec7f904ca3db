/**
 * `maxDepth` on what a call carries: the nesting of its arguments object, counted the same way in
 * every syntax. Payload readers allow a few levels more ({@link WRAPPER_LEVELS}): a JSON call
 * object (`{"name": ..., "arguments": {...}}`), the list around it and an OpenAI `function`
 * object hold the arguments one to four levels down, and counting those made hermes refuse
 * arguments that kimi_k2, which carries the bare object, accepts. Readers that count a parameter
 * value's own nesting (XML parameters, Python keywords) count one level less. The exact limit is
 * applied here, once a format has lowered its calls.
 */
import type { Format, Section } from '../formats/format.js';
import { valueDepth } from '../json/depth.js';
import type { Issue } from '../types.js';
import { tagIssues } from './issue-format.js';

/** Levels a payload reader allows beyond `maxDepth` for the wrapper around the arguments. */
export const WRAPPER_LEVELS = 4;

/**
 * Marks each call of a section whose arguments nest deeper than `maxDepth` as `too-deep` (a
 * `malformed` call, refused as `too-large`, with the issue also in the section's issues).
 *
 * @param section - A section a format returned.
 * @param format - That format (the issues are tagged with it).
 * @param maxDepth - The parser's limit.
 * @returns The section, or a copy whose too-deep calls carry their issue.
 * @example
 * ```ts
 * limitArgumentDepth(section, hermes, 4); // section itself unless a call's arguments nest past 4
 * ```
 */
export function limitArgumentDepth(section: Section, format: Format, maxDepth: number): Section {
  // Nesting deeper than maxDepth takes at least one unit a level (an opener: the lenient reader
  // supplies the closers the model left out), so a section no longer than maxDepth needs no walk:
  // the usual call costs one comparison.
  if (section.end - section.start <= maxDepth || section.calls.length === 0) return section;
  let copy: Section | undefined;
  section.calls.forEach((call, index) => {
    if (call.malformed !== undefined || MEASURED.has(call.arguments)) return;
    if (valueDepth(call.arguments, maxDepth) <= maxDepth) return;
    const issue: Issue = {
      code: 'too-deep',
      message: `the arguments of "${call.name}" nest deeper than the maxDepth limit of ${maxDepth}`,
      offset: call.span.start,
    };
    tagIssues([issue], format.id);
    copy ??= { ...section, calls: [...section.calls], issues: [...section.issues] };
    copy.calls[index] = { ...call, malformed: issue };
    copy.issues.push(issue);
  });
  return copy ?? section;
}

/** Arguments whose payload's reader already bounded their nesting within `maxDepth`. */
const MEASURED = new WeakSet<object>();

/**
 * Records that a call's arguments nest no deeper than `maxDepth`, as its payload's reader found
 * (the native parser measures a long payload's nesting): the section's check then does not walk
 * them a second time, which cost a tenth of reading a 4 KB call.
 *
 * @param argumentsValue - Arguments taken from inside a payload whose nesting was measured.
 */
export function markWithinDepth(argumentsValue: object): void {
  MEASURED.add(argumentsValue);
}
