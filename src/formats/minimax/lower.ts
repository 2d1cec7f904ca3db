/**
 * Lowering of minimax sections: each object line of the payload becomes a call, refused by the
 * name its head spells where it cannot be read.
 */
import { match } from 'ts-pattern';
import { appendAll } from '../../append.js';
import type { Issue } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readCallItems, type JsonExtentNode } from '../shared/json-extent.js';
import type { MinimaxLines, MinimaxSection } from './ast.js';

/**
 * Lowers a minimax section to calls.
 *
 * @param node - The section's AST.
 * @param lines - Its payload read by the `Lines` rule (offsets relative to the payload).
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerMinimax(
  node: MinimaxSection,
  lines: MinimaxLines,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'minimax-section' }, (section) => {
      const base = section.payload.start;
      const calls: RawCall[] = [];
      const issues: Issue[] = [];
      for (const item of lines.items) {
        const shifted: JsonExtentNode = {
          type: item.type,
          start: item.start + base,
          end: item.end + base,
          closed: item.closed,
        };
        // A stream starts each object's call from its head: refused, it is still that call.
        const lowered = readCallItems(context, shifted, {
          format: 'minimax',
          enclosed: section.closed,
          namesRefused: true,
        });
        appendAll(calls, lowered.calls);
        appendAll(issues, lowered.issues);
      }
      if (lines.rest.end > lines.rest.start || lines.items.length === 0) {
        issues.push({
          code: 'malformed-tool-call',
          message: 'expected one JSON call object a line inside <tool_calls>',
          offset: base + lines.rest.start,
        });
      }
      return { start: section.start, end, calls, issues };
    })
    .exhaustive();
}
