/**
 * Lowering of minimax sections: each object line of the payload becomes a call, refused by the
 * name its head spells where it cannot be read.
 */
import { match } from 'ts-pattern';
import { appendAll } from '../../append.js';
import type { Issue, Span } from '../../types.js';
import type { FormatContext, RawCall, Section } from '../format.js';
import { readCallItems, type JsonExtentNode } from '../shared/json-extent.js';
import type { MinimaxLines, MinimaxSection } from './ast.js';
import { sectionBeforeProse, type PayloadPiece } from '../shared/prose-after-calls.js';
import type { LoweredCalls } from '../shared/json-calls.js';
import { TOOL_CALLS_OPEN as OPEN } from '../shared/tool-calls-tag.js';

/** Reads a payload span by the grammar's `Lines` rule (offsets relative to the span). */
export type MinimaxLinesReader = (payload: Span) => MinimaxLines;

/**
 * Lowers a minimax section to calls.
 *
 * @param node - The section's AST.
 * @param readLines - Reads a payload by the `Lines` rule.
 * @param end - Where the grammar stopped.
 * @param context - The output, schemas and limits.
 * @returns The section with its calls and issues.
 */
export function lowerMinimax(
  node: MinimaxSection,
  readLines: MinimaxLinesReader,
  end: number,
  context: FormatContext,
): Section {
  return match(node)
    .with({ type: 'minimax-section' }, (section) => {
      // Call objects then prose in a section never closed: read piece by piece, the prose is
      // content (see prose-after-calls.ts).
      const whole = { start: section.start, end, payload: section.payload, closed: section.closed };
      const lowerPiece = (piece: PayloadPiece): LoweredCalls =>
        lowerLines(context, piece.payload.start, readLines(piece.payload), piece.closed);
      return sectionBeforeProse(context, whole, OPEN, lowerPiece(whole), lowerPiece);
    })
    .exhaustive();
}

/** The calls of the object lines of a payload, and the issue of text that is no object line. */
function lowerLines(
  context: FormatContext,
  base: number,
  lines: MinimaxLines,
  closed: boolean,
): LoweredCalls {
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
      enclosed: closed,
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
  return { calls, issues };
}
