/**
 * A JSON value that no end marker delimits (`TOOL_CALL {...} and then prose`): its extent is found
 * by a linear balanced scan, then it is read by the JSON module (fast path, then lenient grammar).
 */
import { scanJsonValue, type CallObjectLayout } from '../../json/index.js';
import type { FormatContext } from '../format.js';
import { WRAPPER_LEVELS } from '../../pipeline/argument-depth.js';
import { readJsonPayload, type PayloadOutcome } from './json-payload.js';

/** A JSON value read at an offset: where it ends, and its value or issue. */
export interface JsonValueAt {
  end: number;
  /** False when the output ended before the value closed. */
  closed: boolean;
  payload: PayloadOutcome;
}

/**
 * Reads the JSON object or list that starts at `start`.
 *
 * @param context - The output and limits.
 * @param start - Index of the opening `{` or `[`.
 * @param how - `callObjects`: where the value's call objects are, whose repeated keys are noted
 * (see `parseJson`).
 * @returns The value's end and its decoded content.
 * @example
 * ```ts
 * readJsonValueAt(context, 10); // { end: 42, closed: true, payload: { ok: true, values: [...] } }
 * ```
 */
export function readJsonValueAt(
  context: FormatContext,
  start: number,
  how: { callObjects?: CallObjectLayout } = {},
): JsonValueAt {
  const scan = scanJsonValue(context.text, start);
  // The wrapper's levels are allowed here, as in readJsonPayload.
  if (scan.depth > context.limits.maxDepth + WRAPPER_LEVELS) {
    return {
      end: scan.end,
      closed: scan.closed,
      payload: {
        ok: false,
        issue: {
          code: 'too-deep',
          message: `the JSON nests deeper than the maxDepth limit of ${context.limits.maxDepth}`,
          offset: start,
        },
      },
    };
  }
  const payload = readJsonPayload(context, start, scan.end, how);
  return { end: scan.end, closed: scan.closed, payload };
}
